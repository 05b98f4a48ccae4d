import CGraphviz
import FlowAtlasBytes
import FlowAtlasLock
import Foundation

/// FlowAtlas's one door to Graphviz's C libraries: every C call lives in this file.
///
/// Graphviz keeps global state and crashes when two threads lay out at once, so
/// every call is serialized behind one lock. A layout cannot be interrupted:
/// callers that must never hang use ``RenderPool`` (worker processes with a
/// deadline) instead of calling this directly on a thread they care about.
///
/// Output is deterministic: SVG text is measured by Graphviz's built-in metrics, whatever
/// fonts the machine has, and on releases before 9.0.0 each graph is parsed into its own
/// arena allocator (see `shim.h`; 10.0.1 and later order clusters stably themselves), so
/// rendering the same DOT twice in one process gives the same bytes, the same bytes as the
/// `dot` command line with those metrics, except for edge labels: ``LabelPlacement`` places
/// them, clear of nodes and of each other, instead of Graphviz.
package enum Graphviz {
  /// The process's Graphviz contexts, created on first use and kept: loading the plugins
  /// again for every diagram would cost more than a small layout. SVG is drawn with one whose
  /// text is measured by Graphviz's built-in metrics; PNG and PDF (and SVG under
  /// ``textMetricsSwitch``) with a plain one, whose text pango measures.
  private struct Contexts: ~Copyable {
    var builtInMetrics: OpaquePointer?
    var machineFonts: OpaquePointer?
  }

  private static let contexts = Lock(Contexts())

  /// Graphviz's messages since the current render started. Written only by the
  /// error callback while `contexts` is held.
  private static let messages = Lock("")

  /// Lays out `dot` with Graphviz's `dot` engine and draws it as `format`.
  ///
  /// - Parameters:
  ///   - dot: A complete DOT graph.
  ///   - format: `.svg`, `.png` or `.pdf`.
  /// - Returns: The drawing's bytes, exactly as Graphviz wrote them.
  /// - Throws: ``RenderError/invalidDOT(message:)``, ``RenderError/layoutFailed(message:)`` or
  ///   ``RenderError/renderFailed(format:message:)`` with Graphviz's own message;
  ///   ``RenderError/notAGraphvizFormat(_:)`` for `.dot` and `.mermaid`.
  package static func render(dot: String, format: OutputFormat) throws(RenderError) -> [UInt8] {
    try render(dotBytes: Array(dot.utf8), format: format)
  }

  /// ``render(dot:format:)`` for DOT text already in UTF-8, as the workers receive it.
  package static func render(dotBytes: [UInt8], format: OutputFormat) throws(RenderError) -> [UInt8] {
    switch format {
    case .svg: try draw(dotBytes, as: "svg", metrics: svgTextMetrics, failing: format)
    case .png, .pdf: try draw(dotBytes, as: format.rawValue, metrics: .machineFonts, failing: format)
    case .dot, .mermaid: throw .notAGraphvizFormat(format)
    }
  }

  /// The layout of `dot` as the SVG would have it, in Graphviz's own `json` output: every
  /// node's drawn shape and every label's text with the width Graphviz measured for it, for
  /// what checks where labels landed.
  package static func layoutJSON(dot: String) throws(RenderError) -> [UInt8] {
    try draw(Array(dot.utf8), as: "json", metrics: svgTextMetrics, failing: .svg)
  }

  /// Lays out `dotBytes` and writes it in Graphviz's format `formatName`, measuring text as
  /// `metrics` says; a failure to write is reported as one of `format`.
  private static func draw(
    _ dotBytes: [UInt8], as formatName: String, metrics: TextMetrics, failing format: OutputFormat
  ) throws(RenderError) -> [UInt8] {
    try contexts.withLock { (contexts: inout Contexts) throws(RenderError) -> [UInt8] in
      let gvc = try context(for: metrics, in: &contexts)
      beginMessages()
      // The reader takes the length: no terminating NUL, no copy.
      let parsed =
        dotBytes.isEmpty
        ? fa_read_graph("", 0)
        : dotBytes.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { fa_read_graph($0.baseAddress!, $0.count) }
        }
      guard let graph = parsed else { throw .invalidDOT(message: takeMessages()) }
      defer { agclose(graph) }
      guard agerrors() == 0 else { throw .invalidDOT(message: takeMessages()) }

      // Laid out without its edges' labels, which do not change the layout; they are placed after.
      let labels = takeEdgeLabels(of: graph)
      guard gvLayout(gvc, graph, "dot") == 0, agerrors() == 0 else {
        let message = takeMessages()
        gvFreeLayout(gvc, graph)
        throw .layoutFailed(message: message)
      }
      defer { gvFreeLayout(gvc, graph) }
      placeEdgeLabels(labels, in: graph)

      var data: UnsafeMutablePointer<CChar>? = nil
      var length = 0
      let status = fa_render_memory(gvc, graph, formatName, &data, &length)
      defer { free(data) }
      guard status == 0, agerrors() == 0, let data else {
        throw .renderFailed(format: format, message: takeMessages())
      }
      return Array(UnsafeRawBufferPointer(start: data, count: length))
    }
  }

  /// An edge's `xlabel` taken out of its graph for the layout, as a C string.
  private struct TakenLabel {
    let edge: UnsafeMutablePointer<Agedge_t>
    var text: [CChar]
  }

  /// Takes every plain-text edge `xlabel` out of `graph`, so that Graphviz's layout does not
  /// place them (see ``LabelPlacement``), in the order Graphviz visits the edges.
  private static func takeEdgeLabels(of graph: UnsafeMutablePointer<Agraph_t>) -> [TakenLabel] {
    var taken: [TakenLabel] = []
    var empty: [CChar] = [0]
    var node = agfstnode(graph)
    while let current = node {
      var edge = agfstout(graph, current)
      while let out = edge {
        if let text = fa_edge_xlabel_text(out) {
          taken.append(
            TakenLabel(edge: out, text: Array(UnsafeBufferPointer(start: text, count: strlen(text) + 1))))
          fa_set_edge_xlabel_text(out, &empty)
        }
        edge = agnxtout(graph, out)
      }
      node = agnxtnode(graph, current)
    }
    return taken
  }

  /// Gives the edges of `graph`, laid out, back their `labels` and places them clear of every
  /// node, title and other label (``LabelPlacement``); then grows the drawing to hold them, as
  /// Graphviz does, keeping the graph's own label on the sides it was on.
  private static func placeEdgeLabels(_ labels: [TakenLabel], in graph: UnsafeMutablePointer<Agraph_t>) {
    guard !labels.isEmpty else { return }
    var obstacles: [LabelPlacement.Box] = []
    var box = boxf()
    func addTitles(of graph: UnsafeMutablePointer<Agraph_t>) {
      if fa_graph_label_box(graph, &box) != 0 { obstacles.append(LabelPlacement.Box(box)) }
      for index in 0..<fa_cluster_count(graph) { addTitles(of: fa_cluster(graph, index)) }
    }
    addTitles(of: graph)
    var node = agfstnode(graph)
    while let current = node {
      obstacles.append(LabelPlacement.Box(fa_node_box(current)))
      var edge = agfstout(graph, current)
      while let out = edge {
        for other: Int32 in [0, 2, 3] where fa_edge_label_box(out, other, &box) != 0 {
          obstacles.append(LabelPlacement.Box(box))
        }
        edge = agnxtout(graph, out)
      }
      node = agnxtnode(graph, current)
    }
    var placing: [LabelPlacement.EdgeLabel] = []
    var made: [TakenLabel] = []
    for var label in labels {
      let size = fa_make_edge_xlabel(label.edge, decodingEntities(label.text))
      fa_set_edge_xlabel_text(label.edge, &label.text)
      guard size.x >= 0 else { continue }  // no memory for it: not drawn
      made.append(label)
      placing.append(LabelPlacement.EdgeLabel(width: size.x, height: size.y, spline: spline(of: label.edge)))
    }
    let drawing = LabelPlacement.Box(fa_graph_box(graph))
    // Room beyond the drawing for labels beside its outermost edges, as Graphviz gives them.
    let room = LabelPlacement.reach + placing.map { max($0.width, $0.height) }.reduce(0, max)
    var bounds = drawing.grown(by: room)
    // The caption's sides, as its attributes say; labels stay above a caption at the bottom (below
    // one at the top): it stays the drawing's last line.
    let caption = fa_graph_label_box(graph, &box) != 0 ? LabelPlacement.Box(box) : nil
    var (horizontal, vertical): (Int32, Int32) = (0, 0)
    fa_graph_label_sides(graph, &horizontal, &vertical)
    if caption != nil {
      if vertical < 0 { bounds.minY = drawing.minY } else { bounds.maxY = drawing.maxY }
    }
    let centres = LabelPlacement.place(placing, obstacles: obstacles, bounds: bounds)
    var grown = drawing
    for (label, (centre, size)) in zip(made, zip(centres, placing)) {
      fa_place_edge_xlabel(label.edge, pointf(x: centre.x, y: centre.y))
      grown = grown.union(LabelPlacement.Box(centre: centre, width: size.width, height: size.height))
    }
    guard grown != drawing else { return }
    fa_set_graph_box(
      graph, boxf(LL: pointf(x: grown.minX, y: grown.minY), UR: pointf(x: grown.maxX, y: grown.maxY)))
    if let title = caption {
      // The caption keeps to its sides, at the distance Graphviz left; a centred one stays centred.
      func moved(_ side: Int32, _ old: (Double, Double), _ new: (Double, Double)) -> Double {
        side < 0 ? new.0 - old.0 : side > 0 ? new.1 - old.1 : ((new.0 + new.1) - (old.0 + old.1)) / 2
      }
      let dx = moved(horizontal, (drawing.minX, drawing.maxX), (grown.minX, grown.maxX))
      let dy = moved(vertical, (drawing.minY, drawing.maxY), (grown.minY, grown.maxY))
      fa_move_graph_label(graph, pointf(x: title.centre.x + dx, y: title.centre.y + dy))
    }
  }

  /// `text` (a C string) with its XML entities decoded as Graphviz decodes a label's
  /// (``Markup/decodingEntities(_:)``).
  static func decodingEntities(_ text: [CChar]) -> [CChar] {
    guard text.contains(CChar(bitPattern: UInt8(ascii: "&"))) else { return text }
    let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return Markup.decodingEntities(bytes[...]).map { CChar(bitPattern: $0) } + [0]
  }

  /// The first spline of `edge`, or the point between its ends when it has none.
  private static func spline(of edge: UnsafeMutablePointer<Agedge_t>) -> [LabelPlacement.Point] {
    let count = fa_edge_spline_points(edge, nil, 0)
    var points = [pointf](repeating: pointf(), count: count)
    _ = fa_edge_spline_points(edge, &points, count)
    if points.isEmpty { points = [fa_edge_middle(edge)] }
    return points.map { LabelPlacement.Point(x: $0.x, y: $0.y) }
  }

  /// The context that measures text as `metrics` says, made on first use.
  private static func context(
    for metrics: TextMetrics, in contexts: inout Contexts
  ) throws(RenderError) -> OpaquePointer {
    switch metrics {
    case .builtIn:
      return try made(&contexts.builtInMetrics, by: "gvContextPlugins") { fa_context_builtin_metrics() }
    case .machineFonts: return try made(&contexts.machineFonts, by: "gvContext") { gvContext() }
    }
  }

  /// The context in `slot`, made by `create` (C function `name`) the first time.
  private static func made(
    _ slot: inout OpaquePointer?, by name: String, _ create: () -> OpaquePointer?
  ) throws(RenderError) -> OpaquePointer {
    if let existing = slot { return existing }
    beginMessages()
    guard let created = create() else { throw .layoutFailed(message: "\(name) failed. \(takeMessages())") }
    slot = created
    return created
  }

  /// How SVG measures label text: with metrics built into Graphviz, the same on every machine
  /// whatever fonts it has (the default, on every Graphviz release), or with pango and the
  /// machine's fonts (``textMetricsSwitch``).
  package enum TextMetrics: String, Sendable {
    case builtIn = "built-in metrics (the same on every machine)"
    case machineFonts = "pango with this machine's fonts"
  }

  /// The Graphviz release FlowAtlas was built against, from its headers (`PACKAGE_VERSION`).
  package static let version = String(cString: fa_graphviz_version())

  /// The one switch on text measurement: `FLOWATLAS_TEXT_METRICS=fonts` measures SVG labels
  /// with pango and this machine's fonts, as the `dot` command line does, instead of with the
  /// built-in metrics. Render workers inherit it with the environment.
  package static let textMetricsSwitch = "FLOWATLAS_TEXT_METRICS"

  /// The text measurement SVG diagrams get here: built-in metrics unless the switch says `fonts`.
  package static let svgTextMetrics: TextMetrics =
    ProcessInfo.processInfo.environment[textMetricsSwitch] == "fonts" ? .machineFonts : .builtIn

  /// The plugins Graphviz has here, by kind, as its plain context loads them (`dot -P` lists
  /// the same): what a drawing depends on besides the release, for every cache key.
  package static let plugins: [(kind: String, names: [String])] = {
    // The plain context reads Graphviz's plugin config when it is made; nothing is drawn.
    contexts.withLock { contexts in
      guard let gvc = try? context(for: .machineFonts, in: &contexts) else { return [] }
      return ["layout", "render", "textlayout", "device", "loadimage"].map { kind in
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = Int(fa_plugin_list(gvc, kind, &buffer, buffer.count))
        let names = buffer.split(separator: 0).prefix(count).map {
          String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return (kind, names)
      }
    }
  }()

  /// The Graphviz release and its plugin set, in one line: part of every cache key, so a
  /// site drawn before `brew upgrade graphviz` (or a plugin installed since) is drawn again.
  package static let identity: String =
    "Graphviz \(version); "
    + plugins.map { "\($0.kind): \($0.names.joined(separator: " "))" }.joined(separator: "; ")

  /// Whether pango is there to measure and draw text for PNG and PDF.
  static var hasPango: Bool {
    plugins.contains { $0.kind == "textlayout" && !$0.names.isEmpty }
  }

  /// One line on how text is measured, and why, for `flowatlas --version`.
  package static var textMeasurement: String {
    let pango = hasPango ? "pango" : "no pango plugin: Graphviz's estimate"
    switch svgTextMetrics {
    case .builtIn:
      return "SVG by Graphviz's built-in metrics; PNG and PDF by \(pango)"
    case .machineFonts:
      return "SVG, PNG and PDF by \(pango) (\(textMetricsSwitch)=fonts)"
    }
  }

  /// Routes Graphviz's messages to ``messages`` and clears its sticky error state
  /// (`agerrors()` stays set after one error until reset).
  private static func beginMessages() {
    messages.withLock { $0 = "" }
    _ = agseterrf { text in
      // Graphviz sends one message in pieces ("Error", ": ", the text).
      if let text { Graphviz.messages.withLock { $0 += String(cString: text) } }
      return 0
    }
    _ = agreseterrors()
  }

  private static func takeMessages() -> String {
    let text = messages.withLock { $0 }
    return text.isEmpty ? "Graphviz reported no message" : text
  }
}

extension LabelPlacement.Box {
  /// Graphviz's box, from its lower-left and upper-right corners.
  fileprivate init(_ box: boxf) {
    self.init(minX: box.LL.x, minY: box.LL.y, maxX: box.UR.x, maxY: box.UR.y)
  }
}
