import FlowAtlasModel

extension DiagramBuilder {
  /// One coordinator's screens and transitions, the screens it is entered from
  /// and exits to, and its child flows as linked boxes.
  static func flow(_ flow: Flow, _ context: Context, id: String) -> Diagram {
    var options = context.options
    var ids = DiagramIDs(prefix: id)
    var graph = DiagramGraph(id: id, kind: "flow", direction: .topToBottom, caption: nil)
    let own = Set(flow.screens)
    let all = flow.entries + flow.internalTransitions + flow.exits
    let groups = edgeGroups(all, options: options)
    // A flow as big as an unreadable app map gets the cheap drawing up front:
    // no cluster, no edge labels (layout time grows fastest with those).
    let isLarge = own.count > options.maxAppMapScreens || groups.count > options.maxAppMapTransitions
    if isLarge && (options.clusters || options.edgeLabels) {
      options.clusters = false
      options.edgeLabels = false
      graph.caption =
        "Large flow: \(own.count) screens and \(groups.count) transitions, drawn without its group box "
        + "and edge labels to keep the layout fast. Hover an edge for its triggers."
    }
    var neighbours = Set<String>()
    for group in groups {
      if !own.contains(group.from) { neighbours.insert(group.from) }
      if !own.contains(group.to) { neighbours.insert(group.to) }
    }

    var nodeIDs: [String: String] = [:]
    var ownNodes: [DiagramGraph.Node] = []
    let entryScreens = Set(flow.entries.map(\.to))
    for type in own.sorted() {
      let nodeID = ids.make("screen", context.screenSlug(type))
      nodeIDs[type] = nodeID
      let isEntry = entryScreens.contains(type)
      ownNodes.append(
        context.screenNode(
          type, id: nodeID, role: isEntry ? .entryScreen : .screen,
          extraClasses: isEntry ? ["own", "entry"] : ["own"]))
    }
    let slug = context.coordinatorSlug(flow.coordinator)
    if !flow.children.isEmpty {
      // The coordinator itself, so "starts child flow" edges have a tail that
      // also reads without the cluster.
      let nodeID = ids.make("coordinator", slug)
      nodeIDs["\u{0}self"] = nodeID
      ownNodes.append(
        DiagramGraph.Node(
          id: nodeID, label: DiagramText.label(flow.coordinator).label, tooltip: flow.coordinator,
          classes: ["coordinator", "self", "owner-\(slug)"], link: nil, role: .coordinator))
    }
    var clusterLabel = DiagramText.label(flow.coordinator).label
    var clusterTooltip = flow.coordinator
    if !flow.outputs.isEmpty {
      clusterLabel += "\nreturns " + DiagramText.list(flow.outputs, limit: 3, itemLength: 20)
      clusterTooltip += "\nReturns: " + flow.outputs.joined(separator: ", ")
    }
    if options.clusters {
      graph.clusters.append(
        DiagramGraph.Cluster(
          id: ids.make("cluster", slug), label: clusterLabel, tooltip: clusterTooltip,
          classes: ["coordinator-cluster", "owner-\(slug)"], link: nil, nodes: ownNodes, labelAtBottom: true))
    } else {
      graph.nodes += ownNodes
    }
    for type in neighbours.sorted() {
      let nodeID = ids.make("neighbour", context.screenSlug(type))
      nodeIDs[type] = nodeID
      graph.nodes.append(context.screenNode(type, id: nodeID, role: .neighbour, extraClasses: ["neighbour"]))
    }

    let entries = flow.entries.filter { $0.from == nil }
    addStart(
      entries: entries, screenNodes: nodeIDs, to: &graph, ids: &ids, context: context, options: options)
    for group in groups {
      let role = own.contains(group.from) ? (own.contains(group.to) ? "internal" : "exit") : "entry"
      graph.edges.append(
        screenEdge(
          group, nodeIDs: nodeIDs, ids: &ids, context: context, options: options, extraClasses: [role]))
    }

    for child in flow.children.sorted() {
      let childSlug = context.coordinatorSlug(child)
      let nodeID = ids.make("child", childSlug)
      var label = DiagramText.label(child).label
      var tooltip = "Child flow \(child)"
      if let outputs = context.coordinator(child)?.outputs, !outputs.isEmpty {
        label += "\nreturns " + DiagramText.list(outputs, limit: 3, itemLength: 20)
        tooltip += "\nReturns: " + outputs.joined(separator: ", ")
      }
      graph.nodes.append(
        DiagramGraph.Node(
          id: nodeID, label: label, tooltip: tooltip, classes: ["child-flow", "owner-\(childSlug)"],
          link: context.flowLink(child), role: .childFlow))
      graph.edges.append(
        DiagramGraph.Edge(
          id: ids.make("starts", childSlug), from: nodeIDs["\u{0}self"]!, to: nodeID, role: .startsChild,
          xlabel: nil, tooltip: "\(flow.coordinator) starts \(child)", classes: ["starts-child"]))
    }
    return Diagram(
      subject: .flow(coordinator: flow.coordinator), graph: graph,
      isSimplified: !options.clusters || isLarge)
  }
}
