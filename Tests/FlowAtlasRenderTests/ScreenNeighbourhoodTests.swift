import FlowAtlasModel
import FlowAtlasTestSupport
import Testing

@testable import FlowAtlasRender

/// A screen's diagram finds its neighbourhood through the app's index of transitions by
/// screen (``DiagramBuilder/AppIndex``), and a batch of diagrams shares one index per app.
@Suite struct ScreenNeighbourhoodTests {
  /// The neighbourhood as first written: every transition read at every step, and every one
  /// tried as a step of a path. The index must give the same screens and the same transitions in
  /// the same order.
  static func reference(
    of type: String, depth: Int, in app: AppModel, showingBack: Bool
  ) -> (screens: Set<String>, drawn: [Transition]) {
    let transitions = app.transitions.filter { showingBack || !$0.kind.isBack }
    var into = [type: 0]
    var outOf = [type: 0]
    for step in 1...depth {
      for transition in transitions {
        guard let from = transition.from else { continue }
        if into[transition.to] == step - 1, into[from] == nil { into[from] = step }
        if outOf[from] == step - 1, outOf[transition.to] == nil { outOf[transition.to] = step }
      }
    }
    let drawn = transitions.filter { DiagramBuilder.isOnAPath($0, of: type, into: into, outOf: outOf) }
    return (Set(into.keys).union(outOf.keys), drawn)
  }

  /// Screens transitions name that the app's list of screens does not hold.
  static let ghosts = ["Ghost0", "Ghost1"]

  /// An app of `screens` screens and `count` transitions drawn at random among them and two
  /// ``ghosts``: launches, loops, back and forward kinds, repeated pairs of other kinds.
  static func randomApp(screens: Int, transitions count: Int, seed: UInt64) -> AppModel {
    var random = SeededRandom(seed: seed)
    let listed = (0..<screens).map { "Screen\($0)" }
    let names = listed + ghosts
    var transitions: [Transition] = []
    var seen = Set<Transition.Identity>()
    while transitions.count < count {
      let from = Int.random(in: 0..<10, using: &random) == 0 ? nil : names.randomElement(using: &random)
      let to = names.randomElement(using: &random)!
      let kind = TransitionKind.allCases.randomElement(using: &random)!
      let identity = Transition.Identity(from: from, to: to, kind: kind, coordinator: nil)
      guard seen.insert(identity).inserted else { continue }
      transitions.append(
        Transition(from: from, to: to, kind: kind, coordinator: nil, count: 1, triggers: []))
    }
    return AppModel(
      name: "Random", slug: "random", runs: [], coordinators: [],
      screens: listed.map { ScreenType(type: $0, slug: $0.lowercased(), titles: [], owner: nil, visits: 1) },
      transitions: transitions, flows: [], diagnostics: [])
  }

  @Test(arguments: [(UInt64(1), 12, 40), (2, 30, 200), (3, 6, 30), (4, 60, 150)])
  func theIndexFindsWhatReadingEveryTransitionFinds(seed: UInt64, screens: Int, transitions: Int) {
    let app = Self.randomApp(screens: screens, transitions: transitions, seed: seed)
    let index = DiagramBuilder.AppIndex(app)
    for showingBack in [false, true] {
      let context = DiagramBuilder.Context(
        app: app, links: .none, options: DiagramOptions(showBackTransitions: showingBack), index: index)
      for screen in app.screens.map(\.type) + Self.ghosts {
        for depth in 1...3 {
          let found = DiagramBuilder.neighbourhood(of: screen, depth: depth, context)
          let expected = Self.reference(of: screen, depth: depth, in: app, showingBack: showingBack)
          let what = "\(screen), depth \(depth), back \(showingBack), seed \(seed)"
          #expect(found.screens.sorted() == expected.screens.sorted(), "\(what)")
          #expect(found.drawn.map(Self.short) == expected.drawn.map(Self.short), "\(what)")
        }
      }
    }
  }

  /// A transition in a line, for a failure's message (the random apps' transitions differ in
  /// these alone).
  static func short(_ transition: Transition) -> String {
    "\(transition.from ?? "launch") -\(transition.kind.rawValue)-> \(transition.to)"
  }

  /// Two apps of one name and as many screens and transitions, asked for in turn: each diagram is
  /// drawn from its own app's index, never from the other's.
  @Test func aBatchNeverGivesAnAppAnotherAppsIndex() throws {
    let apps = [
      Self.randomApp(screens: 20, transitions: 90, seed: 7),
      Self.randomApp(screens: 20, transitions: 90, seed: 8),
    ]
    #expect(apps[0].name == apps[1].name && apps[0].transitions != apps[1].transitions)
    let indexes = DiagramBuilder.AppIndexes()
    for screen in apps[0].screens.map(\.type) {
      for app in apps {
        let alone = try DiagramBuilder.diagram(for: .screen(type: screen, depth: 2), of: app, links: .site)
        let batched = try DiagramBuilder.diagram(
          for: .screen(type: screen, depth: 2), of: app, links: .site, index: indexes.index(of: app))
        #expect(alone.dot == batched.dot, "\(screen)")
      }
    }
  }

  @Test func aBatchMakesOneIndexPerApp() {
    let app = Self.randomApp(screens: 10, transitions: 30, seed: 11)
    let indexes = DiagramBuilder.AppIndexes()
    let first = indexes.index(of: app)
    // A copy of the app shares its arrays; one rebuilt from the same parts has equal ones.
    let copy = app
    #expect(indexes.index(of: copy) === first)
    let rebuilt = AppModel(
      name: app.name, slug: app.slug, runs: [], coordinators: [], screens: Array(app.screens),
      transitions: Array(app.transitions), flows: [], diagnostics: [])
    #expect(indexes.index(of: rebuilt) === first)
    // Another app of the same name, with other transitions, gets its own.
    let other = Self.randomApp(screens: 10, transitions: 30, seed: 12)
    let otherIndex = indexes.index(of: other)
    #expect(otherIndex !== first)
    #expect(otherIndex.reaching == DiagramBuilder.AppIndex(other).reaching)
  }
}
