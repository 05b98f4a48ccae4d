import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTrace
import Testing

// The usage example handed to the examples: kept compiling and checked here.

@MainActor final class HomeScreen: Presentable { var screenTitle: String? { "Home" } }
@MainActor final class ProfileScreen: Presentable {}
@MainActor final class SignInScreen: Presentable { var screenTitle: String? { "Log in" } }

@MainActor
final class AppCoordinator: Coordinator {
  override func start() { router.setRoot(HomeScreen(), animated: false) }
  func showLogin() {
    startChild(SignInCoordinator(router: router)) { [weak self] outcome in
      if outcome == .loggedIn { self?.router.push(ProfileScreen(), animated: true) }
    }
  }
}

@MainActor
final class SignInCoordinator: ResultCoordinator<SignInCoordinator.Outcome> {
  enum Outcome { case loggedIn, cancelled }
  let screen = SignInScreen()
  override func start() { router.present(screen, animated: true) }
  func submit() {
    router.dismiss(animated: true)
    finish(with: .loggedIn)
  }
}

@MainActor
struct UsageExampleTests {
  static let logIn = ScriptedJourney(app: "Accounts", run: "log-in", title: "Log in") { recorder in
    let app = AppCoordinator(router: recorder.router(wrapping: StackRouter()))
    recorder.launch(app)
    app.showLogin()
    guard let login = app.childCoordinators.first as? SignInCoordinator else { return }
    recorder.userAction(on: login.screen, action: "submit", label: "Log in")
    login.submit()
  }

  @Test func theExampleRecordsItsWholeStory() throws {
    let sink = MemoryTraceSink()
    try Self.logIn.record(to: sink)
    #expect(
      sink.events.map(\.name) == [
        "coordinator.start", "router.setRoot", "coordinator.attach", "coordinator.start",
        "router.present", "user.action", "router.dismiss", "coordinator.finish",
        "coordinator.detach", "router.push", "coordinator.deinit", "coordinator.deinit",
      ])
    #expect(sink.events.contains(.coordinatorFinish(coordinator: "c2", output: "loggedIn")))
    #expect(sink.events.contains(.userAction(screen: "s2", action: "submit", label: "Log in")))
  }
}
