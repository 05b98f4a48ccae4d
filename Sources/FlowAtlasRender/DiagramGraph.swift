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
  }

  enum EdgeRole: Hashable, Sendable {
    case transition(TransitionKind)
    /// A transition the system did on a person's gesture every time (back button, swipe, tab bar).
    case systemTransition(TransitionKind)
    /// A coordinator starts a child coordinator.
    case startsChild
    /// Not drawn: only keeps the legend's boxes in rows.
    case invisible
  }

  struct Node: Hashable, Sendable {
    var id: String
    var label: String
    var tooltip: String?
    var classes: [String]
    var link: String?
    var role: NodeRole
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
  }

  /// The SVG id of the whole diagram; every other id starts with it.
  var id: String
  /// What kind of diagram (`app-map`, `hierarchy`, `flow`, `journey`, `legend`), a CSS class.
  var kind: String
  var direction: Direction
  /// Text drawn under the diagram: what was simplified or left out, and why.
  var caption: String?
  var nodes: [Node] = []
  var clusters: [Cluster] = []
  var edges: [Edge] = []
}
