import FlowAtlasModel
import FlowAtlasRecording
import FlowAtlasTrace
import Testing

@testable import InventoryExample

/// What the Inventory journeys record, replayed into the model FlowAtlas draws: every transition
/// the app's code and the person made, with its kind, coordinator, initiator and triggers, and
/// nothing else; every problem, and only the real ones.
@MainActor
struct InventoryModelTests {
  static func model() throws -> NavigationModel {
    var traces: [(file: String, bytes: [UInt8])] = []
    for journey in InventoryExample.journeys {
      let sink = MemoryTraceSink()
      try journey.record(to: sink)
      traces.append(("inventory/\(journey.run).jsonl", Array(sink.text.utf8)))
    }
    return ModelBuilder(workers: 1).build(traces: traces)
  }

  /// `from > to: kind by Coordinator ×count (system n) [triggers]`.
  static func lines(_ app: AppModel) -> [String] {
    app.transitions.map { transition in
      "\(transition.from ?? "launch") > \(transition.to): \(transition.kind.rawValue) by "
        + "\(transition.coordinator ?? "none") ×\(transition.count)"
        + (transition.system > 0 ? " (system \(transition.system))" : "")
        + (transition.triggers.isEmpty ? "" : " [\(transition.triggers.joined(separator: ", "))]")
    }
  }

  @Test func everyTransitionTheAppAndThePersonMadeAndNoOther() throws {
    let app = try #require(try Self.model().app(named: "Inventory"))
    #expect(
      Self.lines(app) == [
        // A cold start where the window's root is the tab bar: its first tab's list, shown when
        // the application's coordinator makes the tab bar the window's root (the tabs were filled
        // before, off-screen); one run was opened at an item's link.
        "launch > ItemsListController: setRoot by ApplicationCoordinator ×8 [inventory://item/2]",
        "launch > OnboardingController: setRoot by OnboardingCoordinator ×1",
        "AboutController > ItemDetailController: selectTab by ApplicationCoordinator ×1 (system 1) [tabBar]",
        "CategoryPickerController > ItemCreateController: pop by ItemCreateCoordinator ×1 [Office]",
        "ItemCreateController > CategoryPickerController: push by ItemCreateCoordinator ×1 [category]",
        "ItemCreateController > ItemsListController: dismiss by ItemCoordinator ×3 [cancel, save]",
        "ItemCreateController > ItemsListController: dismiss by ItemCreateCoordinator ×1 (system 1) [swipeDown]",
        "ItemDetailController > ItemsListController: pop by ItemCoordinator ×3 (system 3) [backButton, edgeSwipe]",
        "ItemDetailController > ItemsListController: popTo by ItemCoordinator ×1 (system 1) [backMenu]",
        "ItemDetailController > ItemsListController: popToRoot by ItemCoordinator ×1 (system 1) [tabBar]",
        "ItemDetailController > SettingsController: selectTab by ApplicationCoordinator ×1 (system 1) [tabBar]",
        // The creation flow's navigation controller is presented before its first screen is set:
        // the transition is the presentation, on the tap that asked for it.
        "ItemsListController > ItemCreateController: present by ItemCreateCoordinator ×4 [add]",
        "ItemsListController > ItemDetailController: push by ItemCoordinator ×7 [Chair, Lamp]",
        "ItemsListController > SettingsController: selectTab by ApplicationCoordinator ×1 (system 1) [tabBar]",
        "ItemsListController > SettingsController: selectTab by TabbarCoordinator ×1 [inventory://settings]",
        // Logging in replaces the window's root with the tab bar.
        "LoginController > ItemsListController: setRoot by ApplicationCoordinator ×2 [logIn]",
        "LoginController > SignUpController: push by AuthCoordinator ×1 [signUp]",
        "OnboardingController > LoginController: setRoot by AuthCoordinator ×1 [next]",
        "OnboardingController > OnboardingController: push by OnboardingCoordinator ×1 [next]",
        "SettingsController > AboutController: push by SettingsCoordinator ×1 [about]",
        "SettingsController > ItemsListController: selectTab by TabbarCoordinator ×1 [inventory://new]",
        "SettingsController > LoginController: setRoot by AuthCoordinator ×1 [logOut]",
        "SignUpController > LoginController: pop by AuthCoordinator ×1 (system 1) [backButton]",
        "SignUpController > TermsController: present by AuthCoordinator ×1 [terms]",
        "TermsController > SignUpController: dismiss by AuthCoordinator ×1 [close]",
      ], "\(Self.lines(app))")
    // The deep links are deep links, told by their event.
    #expect(
      Set(app.transitions.flatMap(\.deeplinks)) == [
        "inventory://item/2", "inventory://settings", "inventory://new",
      ])
  }

  @Test func theContainersAreNoScreensAndEveryTitleSetWhenAViewLoadedIsKept() throws {
    let app = try #require(try Self.model().app(named: "Inventory"))
    #expect(
      app.containers == [
        ContainerType(type: "TabbarController", owner: "ApplicationCoordinator"),
        ContainerType(type: "UINavigationController", owner: "ItemCoordinator"),
      ])
    let titles = Dictionary(uniqueKeysWithValues: app.screens.map { ($0.type, $0.titles) })
    #expect(titles["ItemsListController"] == ["Items"])
    #expect(titles["LoginController"] == ["Log in"])
    #expect(titles["SettingsController"] == ["Settings"])
    #expect(titles["ItemDetailController"] == ["Chair", "Lamp", "Shelf"])
    #expect(titles["OnboardingController"] == ["Keep track of everything", "Welcome"])
    let owners = Dictionary(uniqueKeysWithValues: app.screens.map { ($0.type, $0.owner) })
    #expect(owners["ItemCreateController"] == "ItemCreateCoordinator")
    #expect(owners["SettingsController"] == "SettingsCoordinator")
  }

  @Test func theHierarchyHasEveryFlowUnderItsParentStartedOncePerRun() throws {
    let app = try #require(try Self.model().app(named: "Inventory"))
    let coordinators = Dictionary(uniqueKeysWithValues: app.coordinators.map { ($0.type, $0) })
    #expect(
      coordinators["ApplicationCoordinator"]?.children == [
        "AuthCoordinator", "OnboardingCoordinator", "TabbarCoordinator",
      ])
    #expect(coordinators["TabbarCoordinator"]?.children == ["ItemCoordinator", "SettingsCoordinator"])
    #expect(coordinators["ItemCoordinator"]?.children == ["ItemCreateCoordinator"])
    // start(with:) runs again for every link: each running flow counts once.
    #expect(coordinators["ApplicationCoordinator"]?.starts == InventoryExample.journeys.count)
  }

  /// The real problems only: the creation flow the app never removes when the person swipes its
  /// sheet away, and the link it ignores.
  @Test func everyRealProblemAtItsLineAndNoOther() throws {
    let model = try Self.model()
    let problems = model.diagnostics.map { "\($0.code.rawValue) \($0.file):\($0.line)" }
    #expect(
      problems == [
        "deeplink-ignored inventory/links-while-running.jsonl:15",
        "orphaned-coordinator inventory/swipe-away-adding.jsonl:15",
      ], "\(model.diagnostics.map(\.formatted))")
    let orphan = try #require(model.diagnostics.first { $0.code == .orphanedCoordinator })
    #expect(orphan.message.hasPrefix("ItemCreateCoordinator"))
    #expect(orphan.message.contains("swipeDown"))
  }

  @Test func theJourneysRecordTheSameBytesEveryTime() throws {
    for journey in InventoryExample.journeys {
      let first = MemoryTraceSink()
      let second = MemoryTraceSink()
      try journey.record(to: first)
      try journey.record(to: second)
      #expect(first.text == second.text, "\(journey.run)")
    }
  }
}
