import FlowAtlasModel
import Testing

@Suite struct NavigationDiffTests {
  static func app(
    _ name: String, screens: [(String, String?)], transitions: [Transition], coordinators: [String]
  )
    -> AppModel
  {
    AppModel(
      name: name, slug: Slug.make(name), runs: [],
      coordinators: coordinators.map {
        CoordinatorType(
          type: $0, slug: Slug.make($0), starts: 1, children: [], parents: [], outputs: [], leaks: 0)
      },
      screens: screens.map {
        ScreenType(type: $0.0, slug: Slug.make($0.0), titles: [], owner: $0.1, visits: 1)
      },
      transitions: transitions, flows: [], diagnostics: [])
  }

  static func edge(_ from: String?, _ to: String, _ kind: TransitionKind, count: Int = 1) -> Transition {
    Transition(from: from, to: to, kind: kind, coordinator: "Checkout", count: count, triggers: ["Next"])
  }

  @Test func findsAddedAndRemovedScreensTransitionsFlowsAndOwners() {
    let old = Self.app(
      "Shop", screens: [("Summary", "Checkout"), ("Address", "Checkout"), ("Payment", "Checkout")],
      transitions: [Self.edge(nil, "Summary", .setRoot), Self.edge("Summary", "Address", .push)],
      coordinators: ["Checkout", "Address"])
    let new = Self.app(
      "Shop Digital", screens: [("Summary", "Checkout"), ("Payment", "Pay")],
      transitions: [Self.edge(nil, "Summary", .setRoot, count: 9), Self.edge("Summary", "Payment", .push)],
      coordinators: ["Checkout", "Pay"])

    let diff = NavigationDiff(old: old, new: new)

    #expect(diff.removedScreens == ["Address"])
    #expect(diff.addedScreens.isEmpty)
    #expect(diff.addedCoordinators == ["Pay"])
    #expect(diff.removedCoordinators == ["Address"])
    #expect(diff.addedTransitions.map(\.to) == ["Payment"])
    #expect(diff.removedTransitions.map(\.to) == ["Address"])
    #expect(diff.ownerChanges == [.init(screen: "Payment", old: "Checkout", new: "Pay")])
    #expect(!diff.isEmpty)
    #expect(diff.summary.hasPrefix("1 screen removed, 1 transition added, 1 transition removed"))
  }

  /// A screen's owner is who showed it most often: a screen both Home and Settings show in both
  /// versions, with Settings now showing it more often (one journey recorded once more), has not
  /// moved; one that a coordinator shows only in one version has.
  @Test(arguments: [
    (["Home", "Settings"], ["Home", "Settings"], false), (["Home"], ["Home", "Settings"], true),
    (["Home", "Settings"], ["Settings"], true),
  ])
  func aScreenMovesOnlyWhereWhoShowsItChanged(oldShowers: [String], newShowers: [String], moved: Bool) {
    func app(_ showers: [String], owner: String) -> AppModel {
      Self.app(
        "Pocket", screens: [("Home", "Home"), ("Settings", "Settings"), ("Profile", owner)],
        transitions: [
          Transition(from: nil, to: "Home", kind: .setRoot, coordinator: "Home", count: 1, triggers: [])
        ]
          + showers.map {
            Transition(from: $0, to: "Profile", kind: .push, coordinator: $0, count: 2, triggers: ["Profile"])
          }, coordinators: ["Home", "Settings"])
    }
    let diff = NavigationDiff(old: app(oldShowers, owner: "Home"), new: app(newShowers, owner: "Settings"))
    #expect(diff.ownerChanges == (moved ? [.init(screen: "Profile", old: "Home", new: "Settings")] : []))
  }

  /// Only a forward transition taken in ways that share none is taken another way: automatic is
  /// a way, a deep link is one whatever its URL, and going back is the person's choice of gesture.
  @Test(arguments: [
    // (old triggers, old automatic times, new triggers, new automatic, kind, changed)
    (["Tap"], 0, ["Swipe up"], 0, TransitionKind.push, true),
    (["Tap"], 0, [String](), 0, .push, true),
    (["Tap"], 1, [String](), 1, .push, false),
    (["Tap", "Hold"], 0, ["Tap"], 0, .push, false),
    (["backButton"], 0, ["edgeSwipe"], 0, .pop, false),
    (["app://item/1"], 0, ["app://item/2"], 0, .push, false),
  ])
  func aTransitionIsTakenAnotherWayOnlyByWaysThatShareNone(
    old: [String], oldAutomatic: Int, new: [String], newAutomatic: Int, kind: TransitionKind, changed: Bool
  ) {
    func app(_ triggers: [String], _ automatic: Int) -> AppModel {
      let links = triggers.filter { $0.hasPrefix("app://") }
      return Self.app(
        "Shop", screens: [("A", "Checkout"), ("B", "Checkout")],
        transitions: [
          Transition(
            from: "A", to: "B", kind: kind, coordinator: "Checkout", count: 2, triggers: triggers,
            deeplinks: links, automatic: automatic)
        ], coordinators: ["Checkout"])
    }
    let diff = NavigationDiff(old: app(old, oldAutomatic), new: app(new, newAutomatic))
    #expect(diff.changedTriggers.count == (changed ? 1 : 0))
    #expect(diff.isEmpty == !changed)
  }

  @Test func countsAloneAreNotAChange() {
    let old = Self.app(
      "A", screens: [("S", nil)], transitions: [Self.edge(nil, "S", .setRoot)], coordinators: [])
    let new = Self.app(
      "A", screens: [("S", nil)], transitions: [Self.edge(nil, "S", .setRoot, count: 5)], coordinators: [])
    let diff = NavigationDiff(old: old, new: new)
    #expect(diff.isEmpty)
    #expect(diff.markdown.contains("No change"))
  }

  @Test(arguments: ["a|b", "`tick`", "x``y", "line\nbreak", "<script>alert(1)</script>", "Pay\u{202E}eert"])
  func hostileNamesStayInsideInlineCode(name: String) {
    let old = Self.app("A", screens: [], transitions: [], coordinators: [])
    let new = Self.app(
      "A", screens: [(name, nil)], transitions: [Self.edge(nil, name, .setRoot)], coordinators: [])
    let markdown = NavigationDiff(old: old, new: new).markdown
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| *(entry)*") }
    #expect(rows.count == 1)
    // Five columns: six unescaped pipes.
    let row = String(rows[0]).replacingOccurrences(of: "\\|", with: "")
    #expect(row.filter { $0 == "|" }.count == 6)
    #expect(!markdown.contains("\nbreak"))
    // A bidirectional control would reorder the review's own words after it: written as an escape.
    #expect(!markdown.unicodeScalars.contains("\u{202E}"))
  }

  /// Trace format revision 4: a side recorded without modules names a type as the other side's
  /// one `Module.Type` of that name; containers are compared as containers.
  @Test func aBareTypeIsTheOneModuleTypeOfThatNameAndContainersAreCompared() {
    let old = Self.app(
      "Shop", screens: [("Summary", "Checkout"), ("Settings", nil)],
      transitions: [Self.edge(nil, "Summary", .setRoot), Self.edge("Summary", "Settings", .push)],
      coordinators: ["Checkout"])
    let qualified = Transition(
      from: "Shop.Summary", to: "Shop.Settings", kind: .push, coordinator: "Shop.Checkout", count: 1,
      triggers: ["Next"])
    var new = Self.app(
      "Shop", screens: [("Shop.Summary", "Shop.Checkout"), ("Shop.Settings", nil), ("Pay.Settings", nil)],
      transitions: [
        Transition(
          from: nil, to: "Shop.Summary", kind: .setRoot, coordinator: "Shop.Checkout", count: 1,
          triggers: ["Next"]),
        qualified,
      ],
      coordinators: ["Shop.Checkout"])
    new = AppModel(
      name: new.name, slug: new.slug, runs: [], coordinators: new.coordinators, screens: new.screens,
      transitions: new.transitions, flows: [], diagnostics: [],
      containers: [ContainerType(type: "Shop.Tabs", owner: "Shop.Checkout")])
    let diff = NavigationDiff(old: old, new: new)
    // `Settings` is ambiguous (two modules have one): it stays itself, and is the only change.
    #expect(diff.addedScreens == ["Pay.Settings", "Shop.Settings"])
    #expect(diff.removedScreens == ["Settings"])
    #expect(diff.addedCoordinators.isEmpty && diff.removedCoordinators.isEmpty)
    #expect(diff.addedTransitions.map(\.to) == ["Shop.Settings"])
    #expect(diff.addedContainers == ["Shop.Tabs"])
    #expect(diff.markdown.contains("### Containers added"))
    #expect(diff.json.contains(#""addedContainers": ["#))
  }
}
