import FlowAtlasTrace
import Testing

@testable import FlowAtlasModel

@Suite("Journeys")
struct JourneyTests {
  func script(keepsJourney: Bool) -> ReplayScript {
    var script = ReplayScript(keepsJourney: keepsJourney)
    script.add(.deeplinkOpen(url: "shop://home", coordinator: nil))
    script.add(.coordinatorStart(coordinator: "app", type: "AppCoordinator", parent: nil))
    script.add(.deeplinkOpen(url: "shop://cart", coordinator: "app"))
    script.add(.setRoot(screen: screen("1", "Home"), coordinator: "app", router: nil, background: nil))
    script.add(.note(text: "logged out"))
    script.add(.userAction(screen: "1", action: "login", label: "Log in"))
    script.add(.coordinatorStart(coordinator: "l", type: "LoginCoordinator", parent: "app"))
    script.add(.present(screen: screen("2", "Login"), coordinator: "l", router: nil, animated: nil))
    script.add(.coordinatorFinish(coordinator: "l", output: "loggedIn"))
    script.add(.coordinatorDeinit(coordinator: "l"))
    return script
  }

  @Test func stepsFollowTheTraceInOrderWithTypesAndLines() {
    var script = script(keepsJourney: true)
    let steps = script.model().runs[0].steps
    #expect(
      steps.map(\.kind) == [
        .deeplink(url: "shop://home", coordinator: nil),
        .flowStarted(coordinator: "AppCoordinator", parent: nil),
        .deeplink(url: "shop://cart", coordinator: "AppCoordinator"),
        .transition(
          from: nil, to: "Home", kind: .setRoot, coordinator: "AppCoordinator",
          trigger: .deeplink(url: "shop://cart")),
        .note("logged out"),
        .userAction(screen: "Home", action: "login", label: "Log in"),
        .flowStarted(coordinator: "LoginCoordinator", parent: "AppCoordinator"),
        .transition(
          from: "Home", to: "Login", kind: .present, coordinator: "LoginCoordinator",
          trigger: .action("login", label: "Log in")),
        .flowFinished(coordinator: "LoginCoordinator", output: "loggedIn"),
      ])
    #expect(steps.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10])
  }

  @Test func withoutJourneysTheStepsAreEmptyAndTheGraphTheSame() {
    var with = script(keepsJourney: true)
    var without = script(keepsJourney: false)
    let full = with.model()
    let light = without.model()
    #expect(light.runs[0].steps.isEmpty)
    #expect(light.transitions == full.transitions)
    #expect(light.runs[0].transitionCount == 2)
  }
}
