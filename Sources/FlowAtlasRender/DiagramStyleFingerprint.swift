import FlowAtlasBytes
import FlowAtlasModel

/// A fingerprint of how the renderer draws, for the site's diagram cache.
///
/// The site reuses an app's diagrams while its model and the provider's identity stay the
/// same. A version number someone must remember to bump would let a changed renderer serve
/// stale SVG from the cache (and a committed site that CI, drawing afresh, cannot reproduce).
/// Instead the identity is computed from the DOT the renderer writes for a small fixed app
/// that uses every diagram kind and every transition kind, and from where ``LabelPlacement``
/// moves the labels of a fixed scene: change how anything is drawn and the fingerprint changes
/// with it.
package enum DiagramStyleFingerprint {
  package static let value: String = {
    var text = DiagramBuilder.legend().dot
    let app = sample
    let subjects: [DiagramSubject] = [
      .appMap, .hierarchy, .flow(coordinator: "AppCoordinator"), .flow(coordinator: "ChildCoordinator"),
      .journey(run: "run"),
    ]
    for subject in subjects {
      for back in [false, true] {
        let options = DiagramOptions(showBackTransitions: back)
        if let diagram = try? DiagramBuilder.diagram(for: subject, of: app, links: .site, options: options) {
          text += diagram.dot
        }
      }
    }
    // What the renderer does to Graphviz's layout before drawing it.
    text += "label placement: " + LabelPlacement.behaviour
    // And how a drawing laid out from masked texts gets its real ones.
    text += "layout texts: \(LayoutTexts.version)"
    // And which layout a wide strip is drawn with (a cached drawing is the one that won).
    text += "wrapping: " + DiagramRenderer.wrappingRules
    // The site's stable content hash: the same in every process, unlike Hasher.
    return Fingerprint.fast128(Array(text.utf8))
  }()

  static var sample: AppModel {
    func edge(_ from: String?, _ to: String, _ kind: TransitionKind, _ by: String?) -> Transition {
      Transition(
        from: from, to: to, kind: kind, coordinator: by, count: 2, triggers: from == nil ? [] : ["Tap"])
    }
    let transitions = [
      edge(nil, "Home", .setRoot, "AppCoordinator"), edge("Home", "Detail", .push, "AppCoordinator"),
      edge("Detail", "Home", .pop, "AppCoordinator"), edge("Home", "Sheet", .present, "ChildCoordinator"),
      edge("Sheet", "Home", .dismiss, "ChildCoordinator"),
      edge("Detail", "Home", .popToRoot, "AppCoordinator"),
      edge("Home", "Tab", .selectTab, "AppCoordinator"),
      // Revision 2: a pop to a screen, and a pop the system did on a gesture.
      edge("Detail", "Home", .popTo, "AppCoordinator"),
      Transition(
        from: "Sheet", to: "Home", kind: .pop, coordinator: "ChildCoordinator", count: 2,
        triggers: ["edgeSwipe"], system: 2),
    ]
    let steps: [JourneyStep] = [
      JourneyStep(
        .transition(
          from: nil, to: "Home", kind: .setRoot, coordinator: "AppCoordinator", trigger: .automatic), line: 2),
      JourneyStep(.userAction(screen: "Home", action: "Tap", label: "Open"), line: 3),
      JourneyStep(.flowStarted(coordinator: "ChildCoordinator", parent: "AppCoordinator"), line: 4),
      JourneyStep(
        .transition(
          from: "Home", to: "Sheet", kind: .present, coordinator: "ChildCoordinator",
          trigger: .action("Tap", label: "Open")),
        line: 5),
      JourneyStep(.flowFinished(coordinator: "ChildCoordinator", output: "done"), line: 6),
      JourneyStep(.deeplink(url: "app://x", coordinator: nil), line: 7),
      JourneyStep(.note("note"), line: 8),
    ]
    let run = Run(
      name: "run", slug: "run", title: "Run", file: "run.jsonl", metadata: [], events: 8, transitionCount: 2,
      journey: Journey(steps: steps))
    return AppModel(
      name: "Sample", slug: "sample", runs: [run],
      coordinators: [
        CoordinatorType(
          type: "AppCoordinator", slug: "app-coordinator", starts: 1, children: ["ChildCoordinator"],
          parents: [],
          outputs: [], leaks: 0),
        CoordinatorType(
          type: "ChildCoordinator", slug: "child-coordinator", starts: 2, children: [],
          parents: ["AppCoordinator"],
          outputs: ["done"], leaks: 1),
      ],
      screens: [
        ScreenType(type: "Detail", slug: "detail", titles: ["Detail"], owner: "AppCoordinator", visits: 2),
        ScreenType(type: "Home", slug: "home", titles: ["Home"], owner: "AppCoordinator", visits: 8),
        ScreenType(type: "Sheet", slug: "sheet", titles: [], owner: "ChildCoordinator", visits: 2),
        ScreenType(type: "Tab", slug: "tab", titles: [], owner: nil, visits: 2),
      ],
      transitions: transitions.sorted(by: Transition.exportOrder),
      flows: [
        Flow(
          coordinator: "AppCoordinator", slug: "app-coordinator", screens: ["Detail", "Home"],
          entries: [transitions[0]], internalTransitions: [transitions[1], transitions[2]],
          exits: [transitions[3]],
          children: ["ChildCoordinator"], outputs: []),
        Flow(
          coordinator: "ChildCoordinator", slug: "child-coordinator", screens: ["Sheet"],
          entries: [transitions[3]],
          internalTransitions: [], exits: [transitions[4]], children: [], outputs: ["done"]),
      ],
      diagnostics: [])
  }
}
