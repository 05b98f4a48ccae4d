import FlowAtlasModel

@testable import FlowAtlasRender

/// Models built by hand with the public initializers (the model builder is
/// written in parallel), small enough to read in a golden file.
enum SampleApps {
  static func transition(
    _ from: String?, _ to: String, _ kind: TransitionKind, by coordinator: String?, count: Int = 1,
    triggers: [String] = []
  ) -> Transition {
    Transition(from: from, to: to, kind: kind, coordinator: coordinator, count: count, triggers: triggers)
  }

  /// A shop: an app coordinator with tabs, a login flow (presented), a checkout
  /// flow that leaks, every transition kind, and one run.
  static let shop: AppModel = {
    let coordinators = [
      CoordinatorType(
        type: "AppCoordinator", slug: "app-coordinator", starts: 3,
        children: ["AuthCoordinator", "CheckoutCoordinator"],
        parents: [], outputs: [], leaks: 0),
      CoordinatorType(
        type: "AuthCoordinator", slug: "auth-coordinator", starts: 2, children: [],
        parents: ["AppCoordinator"],
        outputs: ["cancelled", "loggedIn"], leaks: 0),
      CoordinatorType(
        type: "CheckoutCoordinator", slug: "checkout-coordinator", starts: 1, children: [],
        parents: ["AppCoordinator"], outputs: ["paid"], leaks: 1),
    ]
    let screens = [
      ScreenType(
        type: "CartScreen", slug: "cart-screen", titles: ["Cart"], owner: "CheckoutCoordinator", visits: 2),
      ScreenType(
        type: "CatalogScreen", slug: "catalog-screen", titles: ["Shop"], owner: "AppCoordinator", visits: 4),
      ScreenType(
        type: "LoginScreen", slug: "login-screen", titles: ["Sign in"], owner: "AuthCoordinator", visits: 2),
      ScreenType(
        type: "PaymentScreen", slug: "payment-screen", titles: [], owner: "CheckoutCoordinator", visits: 1),
      ScreenType(
        type: "ProductScreen", slug: "product-screen", titles: [], owner: "AppCoordinator", visits: 3),
      ScreenType(
        type: "ProfileScreen", slug: "profile-screen", titles: ["Me"], owner: "AppCoordinator", visits: 1),
    ]
    let transitions = [
      transition(nil, "CatalogScreen", .setRoot, by: "AppCoordinator", count: 3),
      transition("CartScreen", "PaymentScreen", .push, by: "CheckoutCoordinator", triggers: ["pay"]),
      transition(
        "CatalogScreen", "LoginScreen", .present, by: "AuthCoordinator", count: 2, triggers: ["signIn"]),
      transition(
        "CatalogScreen", "ProductScreen", .push, by: "AppCoordinator", count: 3, triggers: ["openProduct"]),
      transition(
        "CatalogScreen", "ProfileScreen", .selectTab, by: "AppCoordinator", triggers: ["tab.profile"]),
      transition("LoginScreen", "CatalogScreen", .dismiss, by: "AuthCoordinator", count: 2),
      transition(
        "ProductScreen", "CartScreen", .push, by: "CheckoutCoordinator", count: 2, triggers: ["buy"]),
      transition("ProductScreen", "CatalogScreen", .pop, by: "AppCoordinator"),
    ]
    let flows = [
      Flow(
        coordinator: "AppCoordinator", slug: "app-coordinator",
        screens: ["CatalogScreen", "ProductScreen", "ProfileScreen"],
        entries: [transitions[0], transitions[5]],
        internalTransitions: [transitions[3], transitions[4], transitions[7]],
        exits: [transitions[2], transitions[6]], children: ["AuthCoordinator", "CheckoutCoordinator"],
        outputs: []),
      Flow(
        coordinator: "AuthCoordinator", slug: "auth-coordinator", screens: ["LoginScreen"],
        entries: [transitions[2]], internalTransitions: [], exits: [transitions[5]], children: [],
        outputs: ["cancelled", "loggedIn"]),
      Flow(
        coordinator: "CheckoutCoordinator", slug: "checkout-coordinator",
        screens: ["CartScreen", "PaymentScreen"],
        entries: [transitions[6]], internalTransitions: [transitions[1]], exits: [], children: [],
        outputs: ["paid"]),
    ]
    let steps = [
      JourneyStep(
        .transition(
          from: nil, to: "CatalogScreen", kind: .setRoot, coordinator: "AppCoordinator", trigger: .automatic),
        line: 2),
      JourneyStep(.userAction(screen: "CatalogScreen", action: "openProduct", label: "Red shoes"), line: 3),
      JourneyStep(
        .transition(
          from: "CatalogScreen", to: "ProductScreen", kind: .push, coordinator: "AppCoordinator",
          trigger: .action("openProduct", label: "Red shoes")), line: 4),
      JourneyStep(.flowStarted(coordinator: "CheckoutCoordinator", parent: "AppCoordinator"), line: 5),
      JourneyStep(
        .transition(
          from: "ProductScreen", to: "CartScreen", kind: .push, coordinator: "CheckoutCoordinator",
          trigger: .action("buy", label: nil)), line: 6),
      JourneyStep(
        .transition(
          from: "CartScreen", to: "ProductScreen", kind: .pop, coordinator: "CheckoutCoordinator",
          trigger: .automatic), line: 7),
      JourneyStep(.flowFinished(coordinator: "CheckoutCoordinator", output: "paid"), line: 8),
    ]
    let run = Run(
      name: "buy shoes", slug: "buy-shoes", title: "Buy shoes", file: "buy.jsonl", metadata: [], events: 8,
      transitionCount: 4, journey: Journey(steps: steps))
    return AppModel(
      name: "Shop", slug: "shop", runs: [run], coordinators: coordinators, screens: screens,
      transitions: transitions, flows: flows, diagnostics: [])
  }()

  /// Text a trace could carry to break out of DOT, SVG or Mermaid.
  static let hostile =
    "\"><script>alert(1)</script>\\\" onload=\"x\" javascript:alert(2) ]; a -> b [ |#;`\u{1}\nline2"

  /// An app whose every name is hostile and whose slugs are not slugs.
  static let hostileApp: AppModel = {
    let owner = "Coord" + hostile
    let screenA = "A" + hostile
    let screenB = "B" + hostile
    let coordinators = [
      CoordinatorType(
        type: owner, slug: "\"><x", starts: 1, children: [], parents: [], outputs: [hostile], leaks: 1)
    ]
    let screens = [
      ScreenType(type: screenA, slug: "a\" onclick=\"1", titles: [hostile], owner: owner, visits: 1),
      ScreenType(type: screenB, slug: "b-screen", titles: [], owner: owner, visits: 1),
    ]
    let transitions = [
      transition(nil, screenA, .setRoot, by: owner, triggers: [hostile]),
      transition(screenA, screenB, .push, by: owner, triggers: [hostile, "javascript:alert(3)"]),
    ]
    let flows = [
      Flow(
        coordinator: owner, slug: "x\"y", screens: [screenA, screenB], entries: [transitions[0]],
        internalTransitions: [transitions[1]], exits: [], children: [], outputs: [hostile])
    ]
    let run = Run(
      name: hostile, slug: "../../x", title: hostile, file: "x.jsonl", metadata: [], events: 2,
      transitionCount: 2,
      journey: Journey(steps: [
        JourneyStep(
          .transition(
            from: nil, to: screenA, kind: .setRoot, coordinator: owner, trigger: .deeplink(url: hostile)),
          line: 1),
        JourneyStep(.note(hostile), line: 2),
        JourneyStep(
          .transition(
            from: screenA, to: screenB, kind: .push, coordinator: owner,
            trigger: .action(hostile, label: hostile)),
          line: 3),
      ]))
    return AppModel(
      name: hostile, slug: "hostile", runs: [run], coordinators: coordinators, screens: screens,
      transitions: transitions, flows: flows, diagnostics: [])
  }()

  /// A generated app: `coordinators` flows of `screensPer` screens, about three
  /// pushes out of each screen, for size limits and benchmarks.
  static func generated(coordinators: Int, screensPer: Int) -> AppModel {
    var rng = SplitMix(seed: 42)
    var coordinatorTypes: [CoordinatorType] = []
    var screens: [ScreenType] = []
    var transitions: [Transition] = []
    let names = (0..<coordinators).map { "Flow\($0)Coordinator" }
    let screenNames = (0..<coordinators * screensPer).map { "Screen\($0)" }
    for (index, name) in names.enumerated() {
      coordinatorTypes.append(
        CoordinatorType(
          type: name, slug: Slug.make(name), starts: 1, children: [], parents: index == 0 ? [] : [names[0]],
          outputs: [], leaks: 0))
    }
    for (index, name) in screenNames.enumerated() {
      screens.append(
        ScreenType(type: name, slug: Slug.make(name), titles: [], owner: names[index / screensPer], visits: 1)
      )
    }
    var seen = Set<String>()
    transitions.append(transition(nil, screenNames[0], .setRoot, by: names[0]))
    for (index, from) in screenNames.enumerated() {
      for _ in 0..<3 {
        // Mostly within the flow, sometimes to another one: like real apps.
        let sameFlow = rng.next() % 4 != 0
        let target =
          sameFlow
          ? (index / screensPer) * screensPer + Int(rng.next() % UInt64(screensPer))
          : Int(rng.next() % UInt64(screenNames.count))
        let to = screenNames[target]
        guard to != from, seen.insert(from + ">" + to).inserted else { continue }
        let kind: TransitionKind = sameFlow ? .push : .present
        transitions.append(
          transition(from, to, kind, by: names[index / screensPer], triggers: ["go\(target)"]))
      }
    }
    transitions.sort(by: Transition.exportOrder)
    var flows: [Flow] = []
    for (index, name) in names.enumerated() {
      let own = Set(screenNames[(index * screensPer)..<((index + 1) * screensPer)])
      flows.append(
        Flow(
          coordinator: name, slug: Slug.make(name), screens: own.sorted(),
          entries: transitions.filter { own.contains($0.to) && !own.contains($0.from ?? "") },
          internalTransitions: transitions.filter { own.contains($0.to) && own.contains($0.from ?? "") },
          exits: transitions.filter { !own.contains($0.to) && own.contains($0.from ?? "") }, children: [],
          outputs: []))
    }
    return AppModel(
      name: "Generated", slug: "generated", runs: [], coordinators: coordinatorTypes, screens: screens,
      transitions: transitions, flows: flows, diagnostics: [])
  }
}

/// A tiny deterministic random number generator (no seeding in the standard library).
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension RenderEngine {
  /// Draws in this process, except that every job whose DOT contains `marker` fails with
  /// `error`: a stand-in for Graphviz failing (`trouble in init_rank`) or a worker dying.
  static func failing(_ marker: String, with error: RenderError) -> RenderEngine {
    .custom { jobs in
      jobs.map { job in
        job.dot.contains(marker)
          ? .failure(error)
          : Result { () throws(RenderError) in try Graphviz.render(dot: job.dot, format: job.format) }
      }
    }
  }
}
