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

  /// Screens, coordinators and flows are found by name in their sorted lists, every one of them
  /// (first, last, names that sort alike), and a name the app does not have finds nothing.
  @Test func everyScreenCoordinatorAndFlowIsFoundByName() {
    let names = ["A", "Ab", "B", "Z", "a", "b", "é", "ü", "Zz"] + (0..<200).map { "Screen\($0)" }
    let app = AppModel(
      name: "App", slug: "app", runs: [],
      coordinators: names.map {
        CoordinatorType(type: $0, slug: $0, starts: 1, children: [], parents: [], outputs: [], leaks: 0)
      },
      screens: names.map { ScreenType(type: $0, slug: $0, titles: [], owner: nil, visits: 1) },
      transitions: [], flows: [], diagnostics: [])
    for name in names {
      #expect(app.screen(name)?.type == name)
      #expect(app.coordinator(name)?.type == name)
    }
    for absent in ["", "0", "Screen", "Screen2000", "zz", "e\u{301}x"] {
      #expect(app.screen(absent) == nil && app.coordinator(absent) == nil, "\(absent)")
    }
    #expect(app.flow("AppCoordinator") == nil)
    let flows = self.app()
    #expect(flows.flows.allSatisfy { flows.flow($0.coordinator)?.coordinator == $0.coordinator })
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
