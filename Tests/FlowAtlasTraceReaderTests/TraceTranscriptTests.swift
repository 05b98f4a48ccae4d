import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

@Suite struct TraceTranscriptTests {
  @Test func resolvesIdsToTypesInOrder() {
    let events: [TraceEvent] = [
      .coordinatorStart(coordinator: "c1", type: "AppCoordinator", parent: nil),
      .coordinatorAttach(coordinator: "c2", type: "AuthCoordinator", parent: "c1"),
      .setRoot(
        screen: .introduce(Screen(id: "s1", type: "Login")), coordinator: "c2", router: nil, background: nil),
      .userAction(screen: "s1", action: "logIn", label: "Log in"),
      .present(
        screen: .introduce(Screen(id: "s2", type: "Help")), coordinator: "c2", router: "modal", animated: true
      ),
      .dismiss(coordinator: "c2", router: "modal", screen: .reference("s2")),
      .coordinatorFinish(coordinator: "c2", output: "loggedIn"),
      .coordinatorDetach(coordinator: "c2", parent: "c1"),
      .push(screen: .reference("s9"), coordinator: "c7", router: nil, animated: nil),
    ]
    #expect(
      TraceTranscript(events).lines == [
        "start AppCoordinator",
        "attach AuthCoordinator to AppCoordinator",
        "setRoot Login by AuthCoordinator",
        "user logIn (Log in) on Login",
        "present Help by AuthCoordinator [modal]",
        "dismiss Help by AuthCoordinator [modal]",
        "finish AuthCoordinator -> loggedIn",
        "detach AuthCoordinator from AppCoordinator",
        "push ?s9 by ?c7",
      ])
  }
}
