import FlowAtlasModel

extension DiagramBuilder {
  /// One screen and its neighbourhood: the screens that lead to it and those it leads to, up
  /// to `depth` steps each way, with the transitions on those paths. The screen has a double
  /// border; a launch into it starts at the start node. A screen of a 500-screen app is studied
  /// here on its own.
  static func screen(_ type: String, depth: Int, _ context: Context, id: String) -> Diagram {
    let options = context.options
    let depth = max(1, depth)
    let transitions = context.app.transitions.filter { options.showBackTransitions || !$0.kind.isBack }
    // How many steps each screen is from `type`, going backwards (what leads to it) and forwards.
    var into = [type: 0]
    var outOf = [type: 0]
    for step in 1...depth {
      for transition in transitions {
        guard let from = transition.from else { continue }
        if into[transition.to] == step - 1, into[from] == nil { into[from] = step }
        if outOf[from] == step - 1, outOf[transition.to] == nil { outOf[transition.to] = step }
      }
    }
    // A transition is drawn when it is a step of a path into the screen or out of it.
    let drawn = transitions.filter { transition in
      guard let from = transition.from else { return transition.to == type }
      if from == type && transition.to == type { return true }
      if let before = into[transition.to], into[from] == before + 1 { return true }
      if let before = outOf[from], outOf[transition.to] == before + 1 { return true }
      return false
    }

    var ids = DiagramIDs(prefix: id)
    var graph = DiagramGraph(id: id, kind: "screen", direction: .topToBottom, caption: nil)
    var nodeIDs: [String: String] = [:]
    let screens = Set(into.keys).union(outOf.keys)
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
}
