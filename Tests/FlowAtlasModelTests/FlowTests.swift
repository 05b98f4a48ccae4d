import FlowAtlasTrace
import Testing

@testable import FlowAtlasModel

@Suite("Flows")
struct FlowTests {
  /// App shows Home; Login is presented by its own coordinator, pushes Password, and
  /// dismisses back to Home; Home goes on to a screen no coordinator showed.
  func app() -> AppModel {
    var script = ReplayScript()
    script.add(.coordinatorStart(coordinator: "app", type: "AppCoordinator", parent: nil))
    script.add(.setRoot(screen: screen("1", "Home"), coordinator: "app", router: nil, background: nil))
    script.add(.coordinatorStart(coordinator: "login", type: "LoginCoordinator", parent: "app"))
    script.add(.present(screen: screen("2", "Login"), coordinator: "login", router: nil, animated: nil))
    script.add(.push(screen: screen("3", "Password"), coordinator: "login", router: nil, animated: nil))
    script.add(.coordinatorFinish(coordinator: "login", output: "loggedIn"))
    script.add(.dismiss(coordinator: "app", router: nil, screen: nil))
    script.add(.push(screen: screen("4", "Orphan"), coordinator: nil, router: nil, animated: nil))
    return script.model()
  }

  @Test func aFlowOwnsTheScreensItsCoordinatorShowed() {
    let app = app()
    #expect(app.flows.map(\.coordinator) == ["AppCoordinator", "LoginCoordinator"])
    #expect(app.flow("AppCoordinator")?.screens == ["Home"])
    #expect(app.flow("LoginCoordinator")?.screens == ["Login", "Password"])
  }

  @Test func entriesComeFromTheRunsEntryOrFromOutside() {
    let app = app()
    #expect(app.flow("AppCoordinator")?.entries.map(\.from) == [nil, "Password"])
    #expect(app.flow("LoginCoordinator")?.entries.map(\.to) == ["Login"])
    #expect(app.flow("LoginCoordinator")?.entries.map(\.from) == ["Home"])
  }

  @Test func internalTransitionsStayAmongTheFlowsScreens() {
    let app = app()
    #expect(app.flow("LoginCoordinator")?.internalTransitions.map(\.to) == ["Password"])
    #expect(app.flow("AppCoordinator")?.internalTransitions.isEmpty == true)
  }

  @Test func exitsLeaveForAnotherFlowsScreenOrAnUnownedOne() {
    let app = app()
    #expect(app.flow("LoginCoordinator")?.exits.map(\.to) == ["Home"])
    #expect(app.flow("AppCoordinator")?.exits.map(\.to) == ["Login", "Orphan"])
  }

  @Test func aFlowListsTheChildFlowsItStartsAndItsOutputs() {
    let app = app()
    #expect(app.flow("AppCoordinator")?.children == ["LoginCoordinator"])
    #expect(app.flow("LoginCoordinator")?.outputs == ["loggedIn"])
    #expect(app.flow("LoginCoordinator")?.slug == app.coordinator("LoginCoordinator")?.slug)
  }
}
