import FlowAtlasModel

/// How a screen or transition changed between two versions.
enum DiffMark: String, Hashable, Sendable, CaseIterable {
  case added
  case removed
  /// A screen that moved to another flow; a transition whose triggers or count changed.
  case changed
  case unchanged

  /// Printed before a label, so a mark reads without colour (in print, to the colour-blind).
  var sign: String {
    switch self {
    case .added: "+ "
    case .removed: "− "
    case .changed: "~ "
    case .unchanged: ""
    }
  }
}

extension DiagramBuilder {
  /// One diagram of the union of two versions of an app: every screen and transition of
  /// either, added ones marked one way, removed ones another, changed ones a third, with a
  /// legend. Marks are a sign in the label (`+`, `−`, `~`) as well as a colour and a line style,
  /// so the diagram reads in print and without colour; the background is white, so it reads in
  /// a dark viewer too.
  ///
  /// - Parameters:
  ///   - old: The version before.
  ///   - new: The version after.
  ///   - edgeLabels: Triggers and counts next to edges; off for the cheaper drawing.
  ///   - onlyChanges: Leave out what did not change (and the legend), for a short diagram in a
  ///     pull request; then at most `limit` transitions are drawn, in the diff's order.
  ///   - limit: The most changed transitions `onlyChanges` draws.
  /// - Returns: The diagram (its id `<new app>-diff`), and how many changed transitions it left out.
  package static func diff(
    old: AppModel, new: AppModel, links: DiagramLinks = .none, edgeLabels: Bool = true,
    onlyChanges: Bool = false,
    limit: Int = 40
  ) -> (diagram: Diagram, leftOut: Int) {
    let id = "\(DiagramText.safeSlug(new.slug))-diff"
    var ids = DiagramIDs(prefix: id)
    var graph = DiagramGraph(id: id, kind: "diff", direction: .topToBottom, caption: nil)
    graph.background = "#ffffff"
    let oldScreens = Dictionary(old.screens.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
    let newScreens = Dictionary(new.screens.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
    var nodeIDs: [String: String] = [:]
    var marks: [String: DiffMark] = [:]
    var screenNodes: [String: DiagramGraph.Node] = [:]
    // Moved as the diff says: an owner that changed only by how often each flow showed it is none.
    let moved = Set(NavigationDiff.ownerChanges(old: old, new: new).map(\.screen))
    for type in Set(oldScreens.keys).union(newScreens.keys).sorted() {
      let mark: DiffMark
      var tooltip = type
      switch (oldScreens[type], newScreens[type]) {
      case (nil, .some(let screen)):
        mark = .added
        tooltip += "\nAdded" + (screen.owner.map { ", in \($0)" } ?? "")
      case (.some(let screen), nil):
        mark = .removed
        tooltip += "\nRemoved" + (screen.owner.map { ", was in \($0)" } ?? "")
      case (.some(let before), .some(let after)) where before.owner != after.owner && moved.contains(type):
        mark = .changed
        tooltip += "\nMoved from \(before.owner ?? "no flow") to \(after.owner ?? "no flow")"
      default:
        mark = .unchanged
      }
      let nodeID = ids.make("screen", (newScreens[type] ?? oldScreens[type])?.slug ?? type)
      nodeIDs[type] = nodeID
      marks[type] = mark
      // A screen the new version has links to its page; a removed one has none.
      let link = newScreens[type].flatMap { screen in
        DiagramText.safeLink(links.screen(screen.owner.flatMap { new.coordinator($0)?.slug }, screen.slug))
      }
      screenNodes[type] =
        DiagramGraph.Node(
          id: nodeID, label: mark.sign + DiagramText.label(type).label, tooltip: tooltip,
          classes: ["screen", "diff-\(mark.rawValue)"], link: link, role: .diffScreen(mark))
    }
    var drawn = Set<String>()
    var leftOut = 0
    let start = ids.make("start")
    var usesStart = false
    let oldEdges = Dictionary(
      old.transitions.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
    let newEdges = Dictionary(
      new.transitions.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
    for identity in Set(oldEdges.keys).union(newEdges.keys).sorted() {
      let before = oldEdges[identity]
      let after = newEdges[identity]
      let mark: DiffMark =
        before == nil
        ? .added
        : after == nil
          ? .removed
          : (before!.triggers != after!.triggers || before!.count != after!.count ? .changed : .unchanged)
      let transition = after ?? before!
      if onlyChanges {
        // How often a path was recorded depends on the journeys: the short diagram leaves out
        // changes of counts alone.
        guard mark != .unchanged, mark != .changed || before!.triggers != after!.triggers else { continue }
        guard graph.edges.count < limit else {
          leftOut += 1
          continue
        }
      }
      let from: String
      if let type = transition.from, let nodeID = nodeIDs[type] {
        from = nodeID
      } else {
        from = start
        usesStart = true
      }
      guard let to = nodeIDs[transition.to] else { continue }
      drawn.insert(transition.to)
      if let type = transition.from { drawn.insert(type) }
      var xlabel: String?
      if edgeLabels {
        switch mark {
        case .changed where before!.triggers != after!.triggers:
          xlabel = "~ " + DiagramText.list(after!.triggers)
        case .changed: xlabel = "~ ×\(before!.count) → ×\(after!.count)"
        case .added, .removed: xlabel = mark.sign + transition.kind.rawValue
        case .unchanged: xlabel = nil
        }
      }
      var tooltip =
        "\(DiagramStyle.describe(transition.kind)): \(transition.from ?? "start") → \(transition.to)"
      if let coordinator = transition.coordinator { tooltip += ", by \(coordinator)" }
      switch mark {
      case .added: tooltip += "\nAdded"
      case .removed: tooltip += "\nRemoved"
      case .changed:
        tooltip +=
          "\nBefore: ×\(before!.count), "
          + (before!.triggers.isEmpty ? "automatic" : before!.triggers.joined(separator: ", "))
        tooltip +=
          "\nAfter: ×\(after!.count), "
          + (after!.triggers.isEmpty ? "automatic" : after!.triggers.joined(separator: ", "))
      case .unchanged: break
      }
      graph.edges.append(
        DiagramGraph.Edge(
          id: ids.make("edge", transition.from ?? "start", transition.to, transition.kind.rawValue),
          from: from, to: to, role: .diffTransition(transition.kind, mark), xlabel: xlabel, tooltip: tooltip,
          classes: ["transition", "kind-\(Slug.make(transition.kind.rawValue))", "diff-\(mark.rawValue)"]))
    }
    // A short diagram that left transitions out leaves out the screens only those reached (they
    // would float unconnected); the tables name them.
    for (type, node) in screenNodes.sorted(by: { $0.key < $1.key })
    where !onlyChanges || drawn.contains(type) || (marks[type] != .unchanged && leftOut == 0) {
      graph.nodes.append(node)
    }
    if usesStart {
      graph.nodes.insert(
        DiagramGraph.Node(
          id: start, label: "start", tooltip: "Where runs begin", classes: ["start"], link: nil, role: .start),
        at: 0)
    }
    guard !onlyChanges else {
      return (Diagram(subject: nil, graph: graph, isSimplified: leftOut > 0), leftOut)
    }
    let legend = DiffMark.allCases.map { mark in
      DiagramGraph.Node(
        id: ids.make("legend", mark.rawValue), label: mark.sign + mark.rawValue, tooltip: nil,
        classes: ["legend-text", "diff-\(mark.rawValue)"], link: nil, role: .diffScreen(mark))
    }
    for index in legend.indices.dropFirst() {
      graph.edges.append(
        DiagramGraph.Edge(
          id: ids.make("legend-row", String(index)), from: legend[index - 1].id, to: legend[index].id,
          role: .invisible, xlabel: nil, tooltip: nil, classes: ["legend-row"]))
    }
    graph.clusters.append(
      DiagramGraph.Cluster(
        id: ids.make("legend"), label: "\(old.name) → \(new.name)", tooltip: nil, classes: ["legend-cluster"],
        link: nil, nodes: legend))
    return (Diagram(subject: nil, graph: graph, isSimplified: !edgeLabels), 0)
  }
}
