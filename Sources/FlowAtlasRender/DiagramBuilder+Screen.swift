import FlowAtlasModel

extension DiagramBuilder {
  /// One screen and its neighbourhood: the screens that lead to it and those it leads to, up
  /// to `depth` steps each way, with the transitions on those paths. The screen has a double
  /// border; a launch into it starts at the start node. A screen of a 500-screen app is studied
  /// here on its own.
  static func screen(_ type: String, depth: Int, _ context: Context, id: String) -> Diagram {
    let options = context.options
    let depth = max(1, depth)
    let (screens, drawn) = neighbourhood(of: type, depth: depth, context)

    var ids = DiagramIDs(prefix: id)
    var graph = DiagramGraph(id: id, kind: "screen", direction: .topToBottom, caption: nil)
    var nodeIDs: [String: String] = [:]
    for screen in screens.sorted() {
      let nodeID = ids.make(screen == type ? "focus" : "screen", context.screenSlug(screen))
      nodeIDs[screen] = nodeID
      let isFocus = screen == type
      graph.nodes.append(
        context.screenNode(
          screen, id: nodeID, role: isFocus ? .entryScreen : .screen, extraClasses: isFocus ? ["focus"] : []))
    }
    addStart(
      entries: drawn.filter { $0.from == nil }, screenNodes: nodeIDs, to: &graph, ids: &ids, context: context,
      options: options)
    for group in edgeGroups(drawn, options: options) {
      let role = group.to == type ? "into" : group.from == type ? "out-of" : "beyond"
      graph.edges.append(
        screenEdge(
          group, nodeIDs: nodeIDs, ids: &ids, context: context, options: options, extraClasses: [role]))
    }
    return Diagram(subject: .screen(type: type, depth: depth), graph: graph, isSimplified: false)
  }

  /// The screens at most `depth` steps from `type`, going backwards (what leads to it) or
  /// forwards (what it leads to), `type` among them, and the transitions on those paths, in the
  /// app's order.
  static func neighbourhood(
    of type: String, depth: Int, _ context: Context
  ) -> (screens: Set<String>, drawn: [Transition]) {
    let options = context.options
    let transitions = context.app.transitions
    let index = context.index
    let shown = { (position: Int) in options.showBackTransitions || !transitions[position].kind.isBack }
    // How many steps each screen is from `type`, going backwards (what leads to it) and forwards:
    // breadth first, each step along the transitions of the screens the step before reached.
    var into = [type: 0]
    var outOf = [type: 0]
    var backward = [type]
    var forward = [type]
    for step in 1...max(1, depth) {
      var reached: [String] = []
      for screen in backward {
        for position in index.reaching[screen, default: []] where shown(position) {
          guard let from = transitions[position].from, into[from] == nil else { continue }
          into[from] = step
          reached.append(from)
        }
      }
      backward = reached
      reached = []
      for screen in forward {
        for position in index.leaving[screen, default: []] where shown(position) {
          let to = transitions[position].to
          guard outOf[to] == nil else { continue }
          outOf[to] = step
          reached.append(to)
        }
      }
      forward = reached
    }
    // A transition is drawn when it is a step of a path into the screen or out of it: one that
    // reaches a screen found going backwards or leaves one found going forwards, in the app's order.
    var candidates = Set<Int>()
    for screen in into.keys { candidates.formUnion(index.reaching[screen, default: []]) }
    for screen in outOf.keys { candidates.formUnion(index.leaving[screen, default: []]) }
    let drawn = candidates.sorted().filter(shown).map { transitions[$0] }.filter {
      isOnAPath($0, of: type, into: into, outOf: outOf)
    }
    return (Set(into.keys).union(outOf.keys), drawn)
  }

  /// Whether `transition` is a step of a path into `type` or out of it, given how many steps each
  /// screen is from `type` backwards (`into`) and forwards (`outOf`): a launch is, when it shows
  /// `type` itself.
  static func isOnAPath(
    _ transition: Transition, of type: String, into: [String: Int], outOf: [String: Int]
  ) -> Bool {
    guard let from = transition.from else { return transition.to == type }
    if from == type && transition.to == type { return true }
    if let before = into[transition.to], into[from] == before + 1 { return true }
    if let before = outOf[from], outOf[transition.to] == before + 1 { return true }
    return false
  }
}
