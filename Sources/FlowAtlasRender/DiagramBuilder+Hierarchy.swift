import FlowAtlasModel

extension DiagramBuilder {
  /// The coordinator tree: start counts, outputs, leaks highlighted.
  static func hierarchy(_ context: Context, id: String) -> Diagram {
    var ids = DiagramIDs(prefix: id)
    var graph = DiagramGraph(id: id, kind: "hierarchy", direction: .topToBottom, caption: nil)
    var types = Set(context.app.coordinators.map(\.type))
    for coordinator in context.app.coordinators { types.formUnion(coordinator.children) }
    var nodeIDs: [String: String] = [:]
    for type in types.sorted() {
      let slug = context.coordinatorSlug(type)
      let nodeID = ids.make("coordinator", slug)
      nodeIDs[type] = nodeID
      let coordinator = context.coordinator(type)
      var label = DiagramText.label(type).label
      var tooltip = type
      var classes = ["coordinator", "owner-\(slug)"]
      var role = DiagramGraph.NodeRole.coordinator
      if let coordinator {
        label += "\nstarted \(coordinator.starts)×"
        tooltip += "\nStarted \(coordinator.starts)×"
        if !coordinator.outputs.isEmpty {
          label += "\nreturns " + DiagramText.list(coordinator.outputs, limit: 3, itemLength: 20)
          tooltip += "\nReturns: " + coordinator.outputs.joined(separator: ", ")
        }
        if coordinator.parents.isEmpty {
          classes.append("root")
          role = .rootCoordinator
        }
        if coordinator.leaks > 0 {
          label += "\n⚠ leaked \(coordinator.leaks)×"
          tooltip += "\nLeaked \(coordinator.leaks)×: finished but still attached at the end of a run"
          classes.append("leaked")
          role = .leakedCoordinator
        }
      }
      graph.nodes.append(
        DiagramGraph.Node(
          id: nodeID, label: label, tooltip: tooltip, classes: classes, link: context.flowLink(type),
          role: role))
    }
    for coordinator in context.app.coordinators {
      for child in coordinator.children {
        let parentSlug = context.coordinatorSlug(coordinator.type)
        let childSlug = context.coordinatorSlug(child)
        graph.edges.append(
          DiagramGraph.Edge(
            id: ids.make("starts", parentSlug, childSlug), from: nodeIDs[coordinator.type]!,
            to: nodeIDs[child]!, role: .startsChild, xlabel: nil,
            tooltip: "\(coordinator.type) starts \(child)", classes: ["starts-child"]))
      }
    }
    return Diagram(subject: .hierarchy, graph: graph, isSimplified: false)
  }
}
