import FlowAtlasModel

/// One diagram, built and ready to write as DOT or Mermaid or to lay out.
package struct Diagram: Hashable, Sendable {
  /// What it shows; nil for the legend.
  package let subject: DiagramSubject?
  /// The SVG id of the diagram; every id inside starts with it, so several
  /// diagrams can share a page (`shop-app-map`, `shop-flow-auth-coordinator`).
  package let id: String
  /// True when the app map was too big for a screen-level layout and shows
  /// coordinators (flows) instead; the caption says so.
  package let isCoordinatorLevel: Bool
  /// True when something was left out or simplified (coordinator level, no
  /// clusters, a truncated journey); ``caption`` says what.
  package let isSimplified: Bool
  /// The note drawn under the diagram, if any.
  package let caption: String?

  let graph: DiagramGraph

  init(subject: DiagramSubject?, graph: DiagramGraph, isCoordinatorLevel: Bool = false, isSimplified: Bool) {
    self.subject = subject
    self.id = graph.id
    self.isCoordinatorLevel = isCoordinatorLevel
    self.isSimplified = isSimplified || isCoordinatorLevel
    self.caption = graph.caption
    self.graph = graph
  }

  /// The same diagram with its wide fans spread over `ranks` rows
  /// (``DiagramGraph/staggeringFans(over:ranks:)``), or nil when it has none.
  func staggered(ranks: Int) -> Diagram? {
    graph.staggeringFans(ranks: ranks).map {
      Diagram(subject: subject, graph: $0, isCoordinatorLevel: isCoordinatorLevel, isSimplified: isSimplified)
    }
  }

  /// The same diagram laid out in the other direction (top to bottom ↔ left to right).
  func turned() -> Diagram {
    var graph = graph
    graph.direction = graph.direction == .topToBottom ? .leftToRight : .topToBottom
    return Diagram(
      subject: subject, graph: graph, isCoordinatorLevel: isCoordinatorLevel, isSimplified: isSimplified)
  }

  /// The same diagram with `note` added to the top of its caption, marked simplified.
  func adding(note: String) -> Diagram {
    var graph = graph
    graph.caption = graph.caption.map { note + "\n" + $0 } ?? note
    return Diagram(subject: subject, graph: graph, isCoordinatorLevel: isCoordinatorLevel, isSimplified: true)
  }

  /// The DOT source, for Graphviz or for `--format dot`.
  package var dot: String { String(decoding: dotBytes, as: UTF8.self) }

  /// The DOT text in UTF-8, as Graphviz reads it.
  package var dotBytes: [UInt8] { DOTWriter.dot(graph) }

  /// Whether its SVG is laid out from DOT with its texts masked and given them after
  /// (``LayoutTexts``): every diagram but a journey's, which is drawn once per run and kept whole.
  var masksTexts: Bool { subject.map { !$0.kind.row.isPerRun } ?? false }

  /// The DOT its SVG is laid out from: tooltips and the numbers of edge labels masked
  /// (``LayoutTexts/masked(_:)``) for a diagram that ``masksTexts``, else ``dotBytes``.
  package var layoutDOTBytes: [UInt8] { masksTexts ? DOTWriter.dot(LayoutTexts.masked(graph)) : dotBytes }

  /// `svg`, this diagram's drawing or one cached under the same ``layoutDOTBytes``, with this
  /// diagram's texts written in.
  package func filling(_ svg: [UInt8]) -> [UInt8] { masksTexts ? LayoutTexts(graph).filling(svg) : svg }

  /// The same diagram as a Mermaid flowchart.
  package var mermaid: String { MermaidWriter.mermaid(graph) }

  /// What laying it out costs Graphviz, measured before it is laid out.
  package var layoutSize: DiagramLayoutSize { graph.layoutSize }
}

/// Choices that change what a diagram shows.
package struct DiagramOptions: Hashable, Sendable {
  /// Whether the app map shows screens or only coordinators.
  package enum AppMapLevel: String, Hashable, Sendable {
    /// Screens, unless the app exceeds ``DiagramOptions/maxAppMapScreens`` or
    /// ``DiagramOptions/maxAppMapTransitions``.
    case automatic
    case screens
    case coordinators
  }

  /// Draw back transitions (`pop`, `popToRoot`, `dismiss`); hidden by default.
  package var showBackTransitions: Bool
  package var appMapLevel: AppMapLevel
  /// Above this many screens the automatic app map shows coordinators. 150
  /// screens in clusters of ~10 is where boxes and edges stop being readable on
  /// a page, and layout still takes well under a second (200 nodes: ~70 ms).
  package var maxAppMapScreens: Int
  /// Above this many drawn transitions the automatic app map shows coordinators
  /// (about 3 per screen at the screen limit; crossings make more unreadable).
  package var maxAppMapTransitions: Int
  /// A journey shows at most this many transitions; the caption says how many more.
  package var maxJourneySteps: Int
  /// Group screens into one cluster per coordinator. Off is the cheaper
  /// drawing the renderer falls back to when a clustered layout fails.
  package var clusters: Bool
  /// Trigger names and counts next to edges (`xlabel`).
  package var edgeLabels: Bool
  /// Draw each screen of the app map as its thumbnail, where it has one and the links name
  /// where thumbnails are (``DiagramLinks/thumbnail``: the site's), like a navigation editor.
  package var screenThumbnails = false

  package init(
    showBackTransitions: Bool = false, appMapLevel: AppMapLevel = .automatic, maxAppMapScreens: Int = 150,
    maxAppMapTransitions: Int = 450, maxJourneySteps: Int = 300, clusters: Bool = true,
    edgeLabels: Bool = true
  ) {
    self.showBackTransitions = showBackTransitions
    self.appMapLevel = appMapLevel
    self.maxAppMapScreens = maxAppMapScreens
    self.maxAppMapTransitions = maxAppMapTransitions
    self.maxJourneySteps = maxJourneySteps
    self.clusters = clusters
    self.edgeLabels = edgeLabels
  }
}
