import FlowAtlasModel

extension DiagramBuilder {
  /// Every screen, one cluster per owner coordinator; or, above the size limits,
  /// one box per coordinator, with a caption saying why.
  static func appMap(_ context: Context, id: String) -> Diagram {
    let options = context.options
    let groups = edgeGroups(context.app.transitions, options: options)
    var screenTypes = Set(context.app.screens.map(\.type))
    for transition in context.app.transitions where options.showBackTransitions || !transition.kind.isBack {
      screenTypes.insert(transition.to)
      if let from = transition.from { screenTypes.insert(from) }
    }
    let tooLarge =
      screenTypes.count > options.maxAppMapScreens || groups.count > options.maxAppMapTransitions
    switch options.appMapLevel {
    case .screens: break
    case .coordinators:
      return coordinatorMap(context, id: id, groups: groups, caption: nil)
    case .automatic:
      if tooLarge {
        let why =
          "Coordinator-level map: \(screenTypes.count) screens and \(groups.count) transitions are more "
          + "than a readable screen map (at most \(options.maxAppMapScreens) screens and "
          + "\(options.maxAppMapTransitions) transitions). Each box is a flow; open it to see its screens."
        return coordinatorMap(
          context, id: id, groups: groups, caption: why)
      }
    }

    var ids = DiagramIDs(prefix: id)
    var graph = DiagramGraph(id: id, kind: "app-map", direction: .topToBottom, caption: nil)
    let entries = context.app.transitions.filter { $0.from == nil }
    let entryScreens = Set(entries.map(\.to))
    var nodeIDs: [String: String] = [:]
    var byOwner: [String: [DiagramGraph.Node]] = [:]
    for type in screenTypes.sorted() {
      let nodeID = ids.make("screen", context.screenSlug(type))
      nodeIDs[type] = nodeID
      let isEntry = entryScreens.contains(type)
      var node = context.screenNode(
        type, id: nodeID, role: isEntry ? .entryScreen : .screen, extraClasses: isEntry ? ["entry"] : [])
      if options.screenThumbnails { node.picture = context.thumbnail(of: type) }
      if options.clusters, let owner = context.owner(type) {
        byOwner[owner, default: []].append(node)
      } else {
        graph.nodes.append(node)
      }
    }
    for owner in byOwner.keys.sorted() {
      let slug = context.coordinatorSlug(owner)
      let (label, full) = DiagramText.label(owner)
      graph.clusters.append(
        DiagramGraph.Cluster(
          id: ids.make("cluster", slug), label: label, tooltip: full ?? owner,
          classes: ["coordinator-cluster", "owner-\(slug)"], link: context.flowLink(owner),
          nodes: byOwner[owner]!))
    }
    addStart(
      entries: entries, screenNodes: nodeIDs, to: &graph, ids: &ids, context: context, options: options)
    for group in groups {
      graph.edges.append(screenEdge(group, nodeIDs: nodeIDs, ids: &ids, context: context, options: options))
    }
    return Diagram(subject: .appMap, graph: graph, isSimplified: !options.clusters)
  }

  /// A "start" node with an edge to each drawn screen that `entries` (transitions from no
  /// screen) lead to, merged per screen and kind; nothing when there are no entries.
  static func addStart(
    entries: [Transition], screenNodes nodeIDs: [String: String], to graph: inout DiagramGraph,
    ids: inout DiagramIDs, context: Context, options: DiagramOptions
  ) {
    guard !entries.isEmpty else { return }
    let startID = ids.make("start")
    graph.nodes.append(startNode(id: startID))
    for group in entryEdgeGroups(entries) {
      guard let target = nodeIDs[group.to] else { continue }
      graph.edges.append(
        transitionEdge(
          kind: group.kind, from: startID, to: target, fromLabel: nil, toLabel: group.to,
          count: group.count, triggers: group.triggers, system: group.system,
          id: ids.make("entry", context.screenSlug(group.to), group.kind.rawValue), options: options,
          extraClasses: ["entry"]))
    }
  }

  /// Entry transitions (no `from`) merged per (to, kind).
  static func entryEdgeGroups(_ entries: [Transition]) -> [EdgeGroup] {
    var merged: [String: EdgeGroup] = [:]
    for entry in entries {
      let key = entry.to + "\u{0}" + entry.kind.rawValue
      var group = merged[key] ?? EdgeGroup(from: "", to: entry.to, kind: entry.kind, count: 0, triggers: [])
      group.count += entry.count
      group.system += entry.system
      group.triggers.append(contentsOf: entry.triggers)
      merged[key] = group
    }
    return merged.keys.sorted().map { key in
      var group = merged[key]!
      group.triggers = Array(Set(group.triggers)).sorted()
      return group
    }
  }

  /// One box per coordinator; an edge where screens of one lead to screens of another.
  static func coordinatorMap(_ context: Context, id: String, groups: [EdgeGroup], caption: String?) -> Diagram
  {
    var ids = DiagramIDs(prefix: id)
    var graph = DiagramGraph(id: id, kind: "app-map", direction: .topToBottom, caption: caption)
    let unowned = "\u{0}unowned"
    var screenCounts: [String: Int] = [:]
    for screen in context.app.screens { screenCounts[screen.owner ?? unowned, default: 0] += 1 }
    var owners = Set(context.app.coordinators.map(\.type)).union(screenCounts.keys)
    func ownerKey(_ screen: String) -> String { context.owner(screen) ?? unowned }
    for group in groups {
      owners.insert(ownerKey(group.from))
      owners.insert(ownerKey(group.to))
    }
    var nodeIDs: [String: String] = [:]
    for owner in owners.sorted() {
      let count = screenCounts[owner] ?? 0
      let screens = count == 1 ? "1 screen" : "\(count) screens"
      if owner == unowned {
        let nodeID = ids.make("unowned")
        nodeIDs[owner] = nodeID
        graph.nodes.append(
          DiagramGraph.Node(
            id: nodeID, label: "Screens without a coordinator\n\(screens)", tooltip: nil,
            classes: ["coordinator", "unowned"], link: nil, role: .neighbour))
        continue
      }
      let slug = context.coordinatorSlug(owner)
      let nodeID = ids.make("coordinator", slug)
      nodeIDs[owner] = nodeID
      let (label, _) = DiagramText.label(owner)
      graph.nodes.append(
        DiagramGraph.Node(
          id: nodeID, label: "\(label)\n\(screens)", tooltip: "\(owner): \(screens)",
          classes: ["coordinator", "owner-\(slug)"], link: context.flowLink(owner), role: .coordinator))
    }
    // Entry points: the flows whose screens runs begin on.
    let entries = context.app.transitions.filter { $0.from == nil }
    if !entries.isEmpty {
      let startID = ids.make("start")
      graph.nodes.append(startNode(id: startID))
      var entryCounts: [String: (kind: TransitionKind, count: Int)] = [:]
      for group in entryEdgeGroups(entries) {
        let owner = ownerKey(group.to)
        let previous = entryCounts[owner]
        entryCounts[owner] = (previous?.kind ?? group.kind, (previous?.count ?? 0) + group.count)
      }
      for owner in entryCounts.keys.sorted() where nodeIDs[owner] != nil {
        let (kind, count) = entryCounts[owner]!
        let ownerName = owner == unowned ? "screens without a coordinator" : owner
        graph.edges.append(
          transitionEdge(
            kind: kind, from: startID, to: nodeIDs[owner]!, fromLabel: nil, toLabel: ownerName, count: count,
            triggers: [], id: ids.make("entry", nodeIDs[owner]!.dropPrefix(id)), options: context.options,
            extraClasses: ["entry"]))
      }
    }
    struct Link {
      var count = 0
      var kinds: [TransitionKind: Int] = [:]
    }
    var links: [String: Link] = [:]
    var ends: [String: (String, String)] = [:]
    for group in groups {
      let from = ownerKey(group.from)
      let to = ownerKey(group.to)
      guard from != to else { continue }
      let key = from + "\u{1}" + to
      ends[key] = (from, to)
      links[key, default: Link()].count += group.count
      links[key, default: Link()].kinds[group.kind, default: 0] += group.count
    }
    // Dense apps link every flow to every other; past ~3 links per box the
    // layout takes minutes and reads as noise. Keep the most frequent links.
    let limit = min(context.options.maxAppMapTransitions, 3 * max(graph.nodes.count, 1))
    var kept = links.keys.sorted()
    if kept.count > limit {
      let total = kept.count
      kept = Array(kept.sorted { (links[$0]!.count, $1) > (links[$1]!.count, $0) }.prefix(limit)).sorted()
      let note = "Showing the \(limit) most frequent of \(total) links between flows."
      graph.caption = graph.caption.map { $0 + "\n" + note } ?? note
    }
    for key in kept {
      let link = links[key]!
      let (from, to) = ends[key]!
      // The most frequent kind styles the edge; the tooltip lists them all.
      let kinds = link.kinds.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      let fromName = from == unowned ? "screens without a coordinator" : from
      let toName = to == unowned ? "screens without a coordinator" : to
      var edge = transitionEdge(
        kind: kinds[0].key, from: nodeIDs[from]!, to: nodeIDs[to]!, fromLabel: fromName, toLabel: toName,
        count: link.count, triggers: [],
        id: ids.make("edge", nodeIDs[from]!.dropPrefix(id), nodeIDs[to]!.dropPrefix(id)),
        options: context.options)
      edge.tooltip =
        "\(fromName) → \(toName): \(link.count)× ("
        + kinds.map { "\(DiagramStyle.describe($0.key)) \($0.value)×" }.joined(separator: ", ") + ")"
      graph.edges.append(edge)
    }
    return Diagram(subject: .appMap, graph: graph, isCoordinatorLevel: true, isSimplified: true)
  }
}

extension String {
  /// The id without the diagram prefix, to compose edge ids from node ids.
  func dropPrefix(_ prefix: String) -> String {
    hasPrefix(prefix + "-") ? String(dropFirst(prefix.count + 1)) : self
  }
}
