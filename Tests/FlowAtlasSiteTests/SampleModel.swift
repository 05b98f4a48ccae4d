import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader

@testable import FlowAtlasBuild

/// Hand-built models (the model builder is written elsewhere): a small shop app and a
/// hostile one whose every label tries to break out of HTML, SVG, URLs or the folder.
enum SampleModel {
  static let hostileScreen = "<script>alert(1)</script>"
  static let hostileTitle = "\"'><svg onload=alert(1)>"
  static let hostileCoordinator = "../../Evil\"Coordinator<b>"
  static let hostileRun = "../../x<script>alert(1)</script>"
  static let hostileAction = "javascript:alert(1)"

  /// A model with the Shop app, and with `hostile` an app whose labels are attacks.
  /// - Parameters:
  ///   - moreRuns: runs to add to the shop, each following the product link again.
  ///   - replayed: whether the shop's runs come with a replay key, as through a ``ReplayCache``
  ///     (so that a rebuild may keep their journey pages).
  static func model(hostile: Bool = false, moreRuns: Int = 0, replayed: Bool = false) -> NavigationModel {
    var apps = [shop(moreRuns: moreRuns, replayed: replayed)]
    var diagnostics = apps[0].diagnostics
    if hostile {
      let evil = evilApp()
      apps.append(evil)
      diagnostics += evil.diagnostics
    }
    diagnostics.append(
      Diagnostic(code: .missingHeader, file: "traces/broken.jsonl", line: 1, message: "no header <b>here</b>")
    )
    return NavigationModel(apps: apps, diagnostics: diagnostics)
  }

  static func shop(moreRuns: Int = 0, replayed: Bool = false) -> AppModel {
    let owners: [(String, String, [String])] = [
      ("LoginViewController", "AuthCoordinator", ["Log in"]),
      ("SignUpViewController", "SignUpCoordinator", ["Sign up"]),
      ("HomeViewController", "MainCoordinator", ["Home"]),
      ("ProductViewController", "MainCoordinator", ["Product"]),
      ("CartViewController", "CheckoutCoordinator", ["Cart"]),
      ("PaymentViewController", "CheckoutCoordinator", ["Pay", "Payment"]),
    ]
    let transitions: [Transition] = [
      .init(
        from: nil, to: "LoginViewController", kind: .setRoot, coordinator: "AuthCoordinator", count: 2,
        triggers: []),
      .init(
        from: nil, to: "ProductViewController", kind: .setRoot, coordinator: "MainCoordinator", count: 1,
        triggers: ["shop://product/42"], deeplinks: ["shop://product/42"]),
      .init(
        from: "LoginViewController", to: "SignUpViewController", kind: .present,
        coordinator: "SignUpCoordinator",
        count: 1, triggers: ["signUp"]),
      .init(
        from: "SignUpViewController", to: "LoginViewController", kind: .dismiss,
        coordinator: "SignUpCoordinator",
        count: 1, triggers: ["done"]),
      .init(
        from: "LoginViewController", to: "HomeViewController", kind: .setRoot, coordinator: "MainCoordinator",
        count: 2, triggers: ["login"]),
      .init(
        from: "HomeViewController", to: "ProductViewController", kind: .push, coordinator: "MainCoordinator",
        count: 3, triggers: ["openProduct"]),
      .init(
        from: "ProductViewController", to: "CartViewController", kind: .present,
        coordinator: "CheckoutCoordinator",
        count: 2, triggers: ["buy"]),
      .init(
        from: "CartViewController", to: "PaymentViewController", kind: .push,
        coordinator: "CheckoutCoordinator",
        count: 2, triggers: ["pay"]),
      .init(
        from: "PaymentViewController", to: "ProductViewController", kind: .dismiss,
        coordinator: "CheckoutCoordinator", count: 2, triggers: []),
    ]
    let coordinators: [CoordinatorType] = [
      .init(
        type: "AppCoordinator", slug: "app", starts: 3, children: ["AuthCoordinator", "MainCoordinator"],
        parents: [], outputs: [], leaks: 0),
      .init(
        type: "AuthCoordinator", slug: "auth", starts: 2, children: ["SignUpCoordinator"],
        parents: ["AppCoordinator"], outputs: ["cancelled", "loggedIn"], leaks: 0),
      .init(
        type: "CheckoutCoordinator", slug: "checkout", starts: 2, children: [], parents: ["MainCoordinator"],
        outputs: ["paid"], leaks: 1),
      .init(
        type: "MainCoordinator", slug: "main", starts: 2, children: ["CheckoutCoordinator"],
        parents: ["AppCoordinator"], outputs: [], leaks: 0),
      .init(
        type: "SignUpCoordinator", slug: "sign-up", starts: 1, children: [], parents: ["AuthCoordinator"],
        outputs: ["registered"], leaks: 0),
    ]
    let buy = Run(
      name: "log-in-and-buy", slug: "log-in-and-buy", title: "Log in and buy one product",
      file: "traces/buy.jsonl",
      metadata: [.init(key: "build", value: "1.4 (812)"), .init(key: "device", value: "iPhone 15")],
      events: 14, transitionCount: 5,
      journey: Journey(
        steps: [
          .init(.flowStarted(coordinator: "AppCoordinator", parent: nil), line: 2),
          .init(.flowStarted(coordinator: "AuthCoordinator", parent: "AppCoordinator"), line: 3),
          .init(
            .transition(
              from: nil, to: "LoginViewController", kind: .setRoot, coordinator: "AuthCoordinator",
              trigger: .automatic), line: 4),
          .init(.userAction(screen: "LoginViewController", action: "login", label: "Log in"), line: 5),
          .init(.flowFinished(coordinator: "AuthCoordinator", output: "loggedIn"), line: 6),
          .init(.flowStarted(coordinator: "MainCoordinator", parent: "AppCoordinator"), line: 8),
          .init(
            .transition(
              from: "LoginViewController", to: "HomeViewController", kind: .setRoot,
              coordinator: "MainCoordinator", trigger: .action("login", label: "Log in")), line: 9),
          .init(.userAction(screen: "HomeViewController", action: "openProduct", label: nil), line: 10),
          .init(
            .transition(
              from: "HomeViewController", to: "ProductViewController", kind: .push,
              coordinator: "MainCoordinator", trigger: .action("openProduct", label: nil)), line: 11),
          .init(.flowStarted(coordinator: "CheckoutCoordinator", parent: "MainCoordinator"), line: 12),
          .init(
            .transition(
              from: "ProductViewController", to: "CartViewController", kind: .present,
              coordinator: "CheckoutCoordinator", trigger: .action("buy", label: "Buy")), line: 13),
          .init(.note("Payment sheet shown"), line: 14),
          .init(.flowFinished(coordinator: "CheckoutCoordinator", output: "paid"), line: 18),
        ],
        instances: [
          .init(id: "c1", type: "AppCoordinator", parent: nil, startLine: 2),
          .init(
            id: "c2", type: "AuthCoordinator", parent: "c1", startLine: 3, finishLine: 6, detachLine: 7,
            output: "loggedIn"),
          .init(id: "c3", type: "MainCoordinator", parent: "c1", startLine: 8),
          .init(
            id: "c4", type: "CheckoutCoordinator", parent: "c3", startLine: 12, finishLine: 18,
            output: "paid",
            leaked: true),
        ]))
    let deeplink = Run(
      name: "open-product-link", slug: "open-product-link", title: nil, file: "traces/deeplink.jsonl",
      metadata: [], events: 4, transitionCount: 1,
      journey: Journey(
        steps: [
          .init(.deeplink(url: "shop://product/42", coordinator: "MainCoordinator"), line: 3),
          .init(
            .transition(
              from: nil, to: "ProductViewController", kind: .setRoot, coordinator: "MainCoordinator",
              trigger: .deeplink(url: "shop://product/42")), line: 4),
        ],
        instances: [.init(id: "m", type: "MainCoordinator", parent: nil, startLine: 2)]))
    let diagnostics = [
      Diagnostic(
        code: .emptyStack, file: "traces/buy.jsonl", line: 16, message: "pop with nothing to remove"),
      Diagnostic(
        code: .coordinatorLeak, file: "traces/buy.jsonl", line: 20,
        message: "CheckoutCoordinator c4 finished but is still attached to MainCoordinator"),
    ]
    let again = (0..<moreRuns).map { number in
      Run(
        name: "open-product-link-\(number + 2)", slug: "open-product-link-\(number + 2)", title: nil,
        file: "traces/deeplink-\(number + 2).jsonl", metadata: [], events: deeplink.events,
        transitionCount: deeplink.transitionCount, journey: deeplink.journey)
    }
    var runs = [buy, deeplink] + again
    if replayed {
      for index in runs.indices { runs[index].replayKey = "replay of \(runs[index].file)" }
    }
    return app(
      name: "Shop", slug: "shop", owners: owners, transitions: transitions, coordinators: coordinators,
      runs: runs, diagnostics: diagnostics)
  }

  static func evilApp() -> AppModel {
    let owners: [(String, String, [String])] = [
      (hostileScreen, hostileCoordinator, [hostileTitle]),
      ("SafeViewController", hostileCoordinator, ["</title><script>alert(2)</script>"]),
    ]
    let transitions: [Transition] = [
      .init(
        from: nil, to: hostileScreen, kind: .setRoot, coordinator: hostileCoordinator, count: 1, triggers: []),
      .init(
        from: hostileScreen, to: "SafeViewController", kind: .push, coordinator: hostileCoordinator, count: 1,
        triggers: [hostileAction, "\"><img src=x onerror=alert(3)>"]),
    ]
    let coordinators: [CoordinatorType] = [
      .init(
        type: hostileCoordinator, slug: Slug.make(hostileCoordinator), starts: 1, children: [], parents: [],
        outputs: ["<i>done</i>"], leaks: 0)
    ]
    let run = Run(
      name: hostileRun, slug: Slug.make(hostileRun), title: "\"><script>alert(4)</script>",
      file: "../../traces/<evil>.jsonl",
      metadata: [.init(key: "device<", value: "<img src=x onerror=alert(5)>")],
      events: 3, transitionCount: 2,
      journey: Journey(
        steps: [
          .init(
            .userAction(
              screen: hostileScreen, action: hostileAction, label: "</li><script>alert(6)</script>"),
            line: 3),
          .init(
            .transition(
              from: hostileScreen, to: "SafeViewController", kind: .push, coordinator: hostileCoordinator,
              trigger: .action(hostileAction, label: nil)), line: 4),
          .init(.note("<script>alert(7)</script>"), line: 5),
        ],
        instances: [.init(id: "\"x\"", type: hostileCoordinator, parent: nil, startLine: 2)]))
    return app(
      name: "<script>alert('app')</script>", slug: "assets", owners: owners, transitions: transitions,
      coordinators: coordinators, runs: [run],
      diagnostics: [
        Diagnostic(
          code: .unknownEvent, file: "../../traces/<evil>.jsonl", line: 4,
          message: "<script>alert(8)</script>")
      ])
  }

  /// Derives screens and flows from owners and transitions, as the model builder would.
  static func app(
    name: String, slug: String, owners: [(String, String, [String])], transitions: [Transition],
    coordinators: [CoordinatorType], runs: [Run], diagnostics: [Diagnostic]
  ) -> AppModel {
    var slugger = Slugger()
    let screens = owners.sorted { $0.0 < $1.0 }.map { type, owner, titles in
      ScreenType(
        type: type, slug: slugger.slug(for: type), titles: titles.sorted(), owner: owner,
        visits: transitions.filter { $0.to == type }.reduce(0) { $0 + $1.count })
    }
    let ownerOf = Dictionary(owners.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    let sortedTransitions = transitions.sorted(by: Transition.exportOrder)
    let flows = coordinators.map { coordinator in
      let mine = Set(owners.filter { $0.1 == coordinator.type }.map(\.0))
      return Flow(
        coordinator: coordinator.type, slug: coordinator.slug, screens: mine.sorted(),
        entries: sortedTransitions.filter {
          mine.contains($0.to) && ($0.from.map { ownerOf[$0] } ?? nil) != coordinator.type
        },
        internalTransitions: sortedTransitions.filter {
          mine.contains($0.to) && $0.from.map(mine.contains) == true
        },
        exits: sortedTransitions.filter { !mine.contains($0.to) && $0.from.map(mine.contains) == true },
        children: coordinator.children, outputs: coordinator.outputs)
    }
    return AppModel(
      name: name, slug: slug, runs: runs, coordinators: coordinators, screens: screens,
      transitions: sortedTransitions, flows: flows, diagnostics: diagnostics.sorted())
  }
}
