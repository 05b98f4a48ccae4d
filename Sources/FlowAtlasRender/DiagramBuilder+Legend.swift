import FlowAtlasModel

extension DiagramBuilder {
  /// A diagram explaining the styles: one row per transition kind, one box per node kind.
  ///
  /// - Parameter idPrefix: Prefix for its SVG id (`<prefix>-legend`), to keep ids unique on a page.
  /// - Returns: The legend diagram.
  package static func legend(idPrefix: String = "flowatlas") -> Diagram {
    let id = "\(DiagramText.safeSlug(idPrefix))-legend"
    var ids = DiagramIDs(prefix: id)
    var graph = DiagramGraph(id: id, kind: "legend", direction: .leftToRight, caption: nil)
    var kinds: [DiagramGraph.Node] = []
    for kind in TransitionKind.allCases.sorted(by: legendOrder) {
      let kindSlug = Slug.make(kind.rawValue)
      let from = ids.make("from", kindSlug)
      let to = ids.make("to", kindSlug)
      kinds.append(
        DiagramGraph.Node(
          id: from, label: "", tooltip: nil, classes: ["legend-point"], link: nil, role: .point))
      kinds.append(
        DiagramGraph.Node(
          id: to, label: DiagramStyle.describe(kind), tooltip: nil, classes: ["legend-text"], link: nil,
          role: .text))
      graph.edges.append(
        transitionEdge(
          kind: kind, from: from, to: to, fromLabel: "A", toLabel: "B", count: 1, triggers: [],
          id: ids.make("edge", kindSlug), options: DiagramOptions(edgeLabels: false)))
    }
    // One more row: how navigation the system did on a person's gesture looks.
    let systemFrom = ids.make("from", "system")
    let systemTo = ids.make("to", "system")
    kinds.append(
      DiagramGraph.Node(
        id: systemFrom, label: "", tooltip: nil, classes: ["legend-point"], link: nil, role: .point))
    kinds.append(
      DiagramGraph.Node(
        id: systemTo, label: "by the system on a gesture (back button, swipe, tab bar)", tooltip: nil,
        classes: ["legend-text"], link: nil, role: .text))
    graph.edges.append(
      transitionEdge(
        kind: .pop, from: systemFrom, to: systemTo, fromLabel: "A", toLabel: "B", count: 1, triggers: [],
        system: 1, id: ids.make("edge", "system"), options: DiagramOptions(edgeLabels: false)))
    graph.clusters.append(
      DiagramGraph.Cluster(
        id: ids.make("cluster", "transitions"), label: "Transitions (back kinds are hidden unless asked for)",
        tooltip: nil, classes: ["legend-cluster"], link: nil, nodes: kinds))
    let boxes: [(String, DiagramGraph.NodeRole, String)] = [
      ("Screen", .screen, "screen"), ("Entry screen", .entryScreen, "entry"),
      ("Screen of another flow", .neighbour, "neighbour"), ("Where runs begin", .start, "start"),
      ("Coordinator", .coordinator, "coordinator"), ("Root coordinator", .rootCoordinator, "root"),
      ("Leaked coordinator", .leakedCoordinator, "leaked"), ("Child flow", .childFlow, "child-flow"),
      ("Journey step", .step, "step"),
    ]
    let nodes = boxes.map { label, role, slug in
      DiagramGraph.Node(
        id: ids.make("node", slug), label: role == .start ? "start" : label, tooltip: label, classes: [slug],
        link: nil, role: role)
    }
    // Three boxes a row: left to right, a chain of invisible edges is a row.
    for index in nodes.indices where index % 3 != 0 {
      graph.edges.append(
        DiagramGraph.Edge(
          id: ids.make("row", String(index)), from: nodes[index - 1].id, to: nodes[index].id,
          role: .invisible,
          xlabel: nil, tooltip: nil, classes: ["legend-row"]))
    }
    graph.clusters.append(
      DiagramGraph.Cluster(
        id: ids.make("cluster", "boxes"), label: "Boxes", tooltip: nil, classes: ["legend-cluster"],
        link: nil,
        nodes: nodes))
    return Diagram(subject: nil, graph: graph, isSimplified: false)
  }

  /// Forward kinds first, in the order people meet them.
  private static func legendOrder(_ lhs: TransitionKind, _ rhs: TransitionKind) -> Bool {
    let order: [TransitionKind] = [.setRoot, .push, .present, .selectTab, .pop, .popTo, .popToRoot, .dismiss]
    return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
  }
}
