import FlowAtlasTrace
import Testing

@testable import FlowAtlasModel

@Suite("Owners, hierarchy and coordinator lifetimes")
struct HierarchyTests {
  @Test func aScreenBelongsToTheCoordinatorThatShowedItMostOftenTiesToTheFirstName() {
    var script = ReplayScript()
    script.add(.coordinatorStart(coordinator: "b", type: "Beta", parent: nil))
    script.add(.coordinatorStart(coordinator: "a", type: "Alpha", parent: nil))
    script.add(.setRoot(screen: screen("1", "Tie"), coordinator: "b", router: nil, background: nil))
    script.add(.push(screen: screen("2", "Tie"), coordinator: "a", router: nil, animated: nil))
    script.add(.push(screen: screen("3", "Most"), coordinator: "a", router: nil, animated: nil))
    script.add(.present(screen: screen("4", "Most"), coordinator: "b", router: nil, animated: nil))
    script.add(.present(screen: screen("5", "Most"), coordinator: "b", router: nil, animated: nil))
    script.add(.push(screen: screen("6", "Nobody"), coordinator: nil, router: nil, animated: nil))
    let app = script.model()
    #expect(app.screens.map(\.type) == ["Most", "Nobody", "Tie"])
    #expect(app.screens.map(\.owner) == ["Beta", nil, "Alpha"])
    #expect(app.screens.map(\.visits) == [3, 1, 2])
  }

  @Test func typesFormAGraphWhereATypeHasSeveralParents() {
    var script = ReplayScript()
    script.add(.coordinatorStart(coordinator: "app", type: "AppCoordinator", parent: nil))
    script.add(.coordinatorStart(coordinator: "shop", type: "ShopCoordinator", parent: "app"))
    script.add(.coordinatorAttach(coordinator: "shop", type: "ShopCoordinator", parent: "app"))
    script.add(.coordinatorStart(coordinator: "acc", type: "AccountCoordinator", parent: "app"))
    script.add(.coordinatorStart(coordinator: "l1", type: "LoginCoordinator", parent: "shop"))
    script.add(.coordinatorStart(coordinator: "l2", type: "LoginCoordinator", parent: nil))
    script.add(.coordinatorAttach(coordinator: "l2", type: "LoginCoordinator", parent: "acc"))
    let app = script.model()
    #expect(
      app.coordinators.map(\.type) == [
        "AccountCoordinator", "AppCoordinator", "LoginCoordinator", "ShopCoordinator",
      ])
    #expect(app.coordinator("AppCoordinator")?.children == ["AccountCoordinator", "ShopCoordinator"])
    #expect(app.coordinator("LoginCoordinator")?.parents == ["AccountCoordinator", "ShopCoordinator"])
    #expect(app.coordinator("LoginCoordinator")?.starts == 2)
    #expect(app.coordinator("ShopCoordinator")?.starts == 1)
    #expect(app.runs[0].journey.instances.map(\.id) == ["app", "shop", "acc", "l1", "l2"])
    #expect(app.runs[0].journey.instances.last?.parent == "acc")
  }

  @Test func aFinishedChildStillAttachedAtTheEndLeaksAtTheLastLine() {
    var script = ReplayScript(run: "buy")
    script.add(.coordinatorStart(coordinator: "p", type: "Parent", parent: nil))
    script.add(.coordinatorAttach(coordinator: "ok", type: "Child", parent: "p"))
    script.add(.coordinatorAttach(coordinator: "leak", type: "Child", parent: "p"))
    script.add(.coordinatorAttach(coordinator: "live", type: "Child", parent: "p"))
    script.add(.coordinatorFinish(coordinator: "ok", output: "done"))
    script.add(.coordinatorDetach(coordinator: "ok", parent: "p"))
    script.add(.coordinatorFinish(coordinator: "leak", output: "cancelled"))
    script.add(.note(text: "the end"))
    let run = script.finish()
    #expect(run.diagnostics.map(\.code) == [.coordinatorLeak])
    #expect(run.diagnostics.map(\.line) == [9])
    #expect(run.diagnostics[0].message.contains("Child \"leak\" in run \"buy\""))
    let app = {
      var a = ModelAccumulator(); a.add(run); return a.model().apps[0]
    }()
    #expect(app.coordinator("Child")?.leaks == 1)
    #expect(app.coordinator("Child")?.outputs == ["cancelled", "done"])
    let instances = app.runs[0].journey.instances
    #expect(instances.map(\.leaked) == [false, false, true, false])
    #expect(instances[1].finishLine == 6 && instances[1].detachLine == 7 && instances[1].output == "done")
  }

  /// A child kept in a stored property (`lazy var help`) is started again after it finished:
  /// its new life is what the end of the run judges. Attached, finished, detached, then
  /// attached and started again and still running, it is no leak.
  @Test func aFinishedChildStartedAgainIsJudgedByItsNewLife() {
    var script = ReplayScript(run: "help-twice")
    script.add(.coordinatorStart(coordinator: "app", type: "App", parent: nil))
    script.add(.setRoot(screen: screen("h", "Home"), coordinator: "app", router: nil, background: nil))
    script.add(.coordinatorAttach(coordinator: "help", type: "Help", parent: "app"))
    script.add(.coordinatorStart(coordinator: "help", type: "Help", parent: "app"))
    script.add(.present(screen: screen("s1", "HelpScreen"), coordinator: "help", router: nil, animated: true))
    script.add(
      .dismiss(coordinator: "help", router: nil, screen: nil, initiator: .system(gesture: "swipeDown")))
    script.add(.coordinatorFinish(coordinator: "help", output: "closed"))
    script.add(.coordinatorDetach(coordinator: "help", parent: "app"))
    script.add(.coordinatorAttach(coordinator: "help", type: "Help", parent: "app"))
    script.add(.coordinatorStart(coordinator: "help", type: "Help", parent: "app"))
    script.add(.present(screen: screen("s2", "HelpScreen"), coordinator: "help", router: nil, animated: true))
    let app = script.model()
    #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    #expect(app.coordinator("Help")?.starts == 2)
    let help = app.runs[0].journey.instances[1]
    #expect(help.startLine == 11 && help.finishLine == nil && help.detachLine == nil && help.output == nil)
    #expect(app.coordinator("Help")?.outputs == ["closed"])
  }

  /// How a parent keeps a child it starts again.
  enum Reuse: CaseIterable {
    /// In a stored property only: never attached.
    case property
    /// Attached, detached when it finished, attached again.
    case reattached
    /// Attached, detached when it finished, then started again from the property it stays in.
    case detachedAndKept
  }

  /// Started again and then left by the person's gesture without finishing, a reused child is
  /// orphaned, at the line its second screen went: its first life's finish, or the detach that
  /// followed it, excuses nothing.
  @Test(arguments: Reuse.allCases)
  func aChildStartedAgainCanBeOrphanedAgain(reuse: Reuse) {
    var script = ReplayScript(run: "reuse")
    script.add(.coordinatorStart(coordinator: "app", type: "App", parent: nil))
    script.add(.setRoot(screen: screen("h", "Home"), coordinator: "app", router: nil, background: nil))
    if reuse != .property {
      script.add(.coordinatorAttach(coordinator: "set", type: "Settings", parent: "app"))
    }
    script.add(.coordinatorStart(coordinator: "set", type: "Settings", parent: "app"))
    script.add(.push(screen: screen("s1", "SettingsScreen"), coordinator: "set", router: nil, animated: true))
    script.add(.pop(coordinator: "set", router: nil, screen: nil, initiator: .system(gesture: "backButton")))
    script.add(.coordinatorFinish(coordinator: "set", output: nil))
    if reuse != .property { script.add(.coordinatorDetach(coordinator: "set", parent: "app")) }
    if reuse == .reattached {
      script.add(.coordinatorAttach(coordinator: "set", type: "Settings", parent: "app"))
    }
    script.add(.coordinatorStart(coordinator: "set", type: "Settings", parent: "app"))
    script.add(.push(screen: screen("s2", "SettingsScreen"), coordinator: "set", router: nil, animated: true))
    script.add(.pop(coordinator: "set", router: nil, screen: nil, initiator: .system(gesture: "edgeSwipe")))
    let popLine = script.line
    let app = script.model()
    #expect(app.diagnostics.map(\.code) == [.orphanedCoordinator], "\(app.diagnostics)")
    #expect(app.diagnostics.map(\.line) == [popLine])
    #expect(app.runs[0].journey.instances[1].orphanedLine == popLine)
  }

  /// Started again and showing nothing yet when the run ends: its first life's stop makes it no
  /// orphan (only a stop in its new life could).
  @Test func aChildStartedAgainThatShowsNothingYetIsNoOrphan() {
    var script = ReplayScript(run: "reuse")
    script.add(.coordinatorStart(coordinator: "app", type: "App", parent: nil))
    script.add(.setRoot(screen: screen("h", "Home"), coordinator: "app", router: nil, background: nil))
    script.add(.coordinatorStart(coordinator: "set", type: "Settings", parent: "app"))
    script.add(.push(screen: screen("s1", "SettingsScreen"), coordinator: "set", router: nil, animated: true))
    script.add(.pop(coordinator: "set", router: nil, screen: nil, initiator: .system(gesture: "backButton")))
    script.add(.coordinatorFinish(coordinator: "set", output: nil))
    script.add(.coordinatorStart(coordinator: "set", type: "Settings", parent: "app"))
    let app = script.model()
    #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
  }

  /// A child in two parents' `childCoordinators`: detached from one, it is still in the other's
  /// when it finishes, and leaks from that one; detached from both, in either order, it is no leak.
  @Test(arguments: [["first"], ["second"], ["first", "second"], ["second", "first"]])
  func aChildHeldByTwoParentsLeaksFromTheOneThatKeepsIt(detachedFrom: [String]) {
    var script = ReplayScript(run: "shared")
    script.add(.coordinatorStart(coordinator: "first", type: "Parent", parent: nil))
    script.add(.coordinatorStart(coordinator: "second", type: "Parent", parent: nil))
    script.add(.coordinatorAttach(coordinator: "c", type: "Child", parent: "first"))
    script.add(.coordinatorAttach(coordinator: "c", type: "Child", parent: "second"))
    script.add(.coordinatorStart(coordinator: "c", type: "Child", parent: "first"))
    script.add(.coordinatorFinish(coordinator: "c", output: nil))
    for parent in detachedFrom { script.add(.coordinatorDetach(coordinator: "c", parent: parent)) }
    let run = script.finish()
    let kept = ["first", "second"].filter { !detachedFrom.contains($0) }
    #expect(run.diagnostics.map(\.code) == kept.map { _ in .coordinatorLeak }, "\(run.diagnostics)")
    for parent in kept {
      #expect(run.diagnostics.first?.message.contains("still attached to \"\(parent)\" when") == true)
    }
  }

  @Test(arguments: [("c", "other"), ("never", "p")])
  func detachingAChildNotAttachedToThatParentIsDetachUnknown(child: String, parent: String) {
    var script = ReplayScript()
    script.add(.coordinatorStart(coordinator: "p", type: "Parent", parent: nil))
    script.add(.coordinatorStart(coordinator: "other", type: "Parent", parent: nil))
    script.add(.coordinatorAttach(coordinator: "c", type: "Child", parent: "p"))
    script.add(.coordinatorStart(coordinator: "never", type: "Child", parent: "p"))
    script.add(.coordinatorDetach(coordinator: child, parent: parent))
    let run = script.finish()
    #expect(run.diagnostics.map(\.code) == [.detachUnknown])
    #expect(run.diagnostics.map(\.line) == [6])
  }
}
