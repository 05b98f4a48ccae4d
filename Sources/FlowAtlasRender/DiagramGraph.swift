import FlowAtlasModel

/// A diagram as plain values, before it becomes DOT or Mermaid text.
///
/// Builders decide what is drawn (nodes, clusters, edges and their roles);
/// ``DOTWriter`` and ``MermaidWriter`` decide how. Every `id`, `classes` entry
/// and `link` is made from slugs (ids and classes match `[a-z0-9-]+`, links pass
/// ``DiagramLinks/isSafe(_:)``); labels and tooltips are hostile text that the
/// writers escape.
struct DiagramGraph: Hashable, Sendable {
  enum Direction: String, Hashable, Sendable {
    case topToBottom = "TB"
    case leftToRight = "LR"
  }

  /// What a node stands for: the writers choose its shape and style from it.
  enum NodeRole: Hashable, Sendable {
    case screen
    case entryScreen
    /// A screen of another flow, drawn for context.
    case neighbour
    /// Where runs begin.
    case start
    case coordinator
    case rootCoordinator
    case leakedCoordinator
    /// A child flow, drawn as one box.
    case childFlow
    /// A numbered step of a journey.
    case step
    /// Plain text, for the legend.
    case text
    /// A dot an edge starts from, for the legend.
    case point
    /// A screen of a two-version diagram, as it changed.
    case diffScreen(DiffMark)
  }

  enum EdgeRole: Hashable, Sendable {
    case transition(TransitionKind)
    /// A transition the system did on a person's gesture every time (back button, swipe, tab bar).
    case systemTransition(TransitionKind)
    /// A coordinator starts a child coordinator.
    case startsChild
    /// Not drawn: only keeps the legend's boxes in rows.
    case invisible
    /// A transition of a two-version diagram, as it changed.
    case diffTransition(TransitionKind, DiffMark)
  }

  struct Node: Hashable, Sendable {
    var id: String
    var label: String
    var tooltip: String?
    var classes: [String]
    var link: String?
    var role: NodeRole
    /// A picture drawn in the box above its label (the app map's `--thumbnails`): laid out as
    /// a box that large, the picture written in after the layout (``LayoutTexts``).
    var picture: Picture? = nil
  }

  /// A screen's thumbnail in a box: where it is (a link ``DiagramLinks/isSafe(_:)`` allows,
  /// named by a hash) and its size on the diagram, in points.
  struct Picture: Hashable, Sendable {
    var href: String
    var width: Int
    var height: Int
  }

  struct Cluster: Hashable, Sendable {
    var id: String
    var label: String
    var tooltip: String?
    var classes: [String]
    var link: String?
    var nodes: [Node]
    /// Label at the bottom: where edges enter the cluster from above (a flow's entries),
    /// a label on top would sit under them.
    var labelAtBottom = false
  }

  struct Edge: Hashable, Sendable {
    var id: String
    var from: String
    var to: String
    var role: EdgeRole
    /// Drawn next to the edge (Graphviz `xlabel`: placed after layout, so cheap).
    var xlabel: String?
    var tooltip: String?
    var classes: [String]
    /// How often it happened: drives the line width.
    var count: Int = 1
    /// Graphviz's `minlen`: at least this many ranks between its ends (see ``staggeringFans(over:ranks:)``).
    var minlen: Int?
  }

  /// The SVG id of the whole diagram; every other id starts with it.
  var id: String
  /// What kind of diagram (`app-map`, `hierarchy`, `flow`, `journey`, `legend`), a CSS class.
  var kind: String
  var direction: Direction
  /// Text drawn under the diagram: what was simplified or left out, and why.
  var caption: String?
  /// The background colour; transparent (the page's) unless set.
  var background: String?
  var nodes: [Node] = []
  var clusters: [Cluster] = []
  var edges: [Edge] = []
}

extension DiagramGraph {
  /// A node with more distinct successors than this is a fan worth wrapping.
  static let fanLimit = 6

  /// The same graph with its wide fans staggered, the idea of Graphviz's `unflatten -l`: the
  /// edges from a node to more than `limit` distinct nodes get minimum lengths 1, 2 … `ranks`
  /// in turn, so that the fan spreads over `ranks` rows instead of one very wide one. Nil when
  /// no node has such a fan.
  func staggeringFans(over limit: Int = fanLimit, ranks: Int = 3) -> DiagramGraph? {
    let targets = fanTargets
    var lengths: [String: [String: Int]] = [:]
    for (from, list) in targets where list.count > limit {
      for (index, to) in list.enumerated() where index % ranks > 0 {
        lengths[from, default: [:]][to] = 1 + index % ranks
      }
    }
    guard !lengths.isEmpty else { return nil }
    var graph = self
    for index in graph.edges.indices {
      if let length = lengths[graph.edges[index].from]?[graph.edges[index].to] {
        graph.edges[index].minlen = length
      }
    }
    return graph
  }

  /// Each node's distinct successors, in edge order.
  private var fanTargets: [String: [String]] {
    var targets: [String: [String]] = [:]
    for edge in edges where edge.from != edge.to && edge.role != .invisible {
      if targets[edge.from]?.contains(edge.to) != true { targets[edge.from, default: []].append(edge.to) }
    }
    return targets
  }

  /// The most distinct successors any node has.
  var widestFan: Int { fanTargets.values.map(\.count).max() ?? 0 }
}
