import FlowAtlasBytes
import FlowAtlasTrace

/// Writes a ``DiagramGraph`` as DOT text for Graphviz.
///
/// Every value is quoted and escaped: hostile text can only ever be a label or
/// tooltip (which Graphviz escapes again for SVG), never an attribute, a link or
/// an id. Edges use `xlabel`, never `label`: edge labels make `dot` slow and
/// crash `gvFreeLayout` in Graphviz 2.42.
enum DOTWriter {
  static func dot(_ graph: DiagramGraph) -> [UInt8] {
    // Written as bytes into one buffer: a site's journeys make tens of megabytes of DOT, and
    // string interpolation per statement cost more than Graphviz's parsing of it.
    var out: [UInt8] = []
    out.reserveCapacity(256 + (graph.nodes.count + graph.edges.count) * 256)
    out += "digraph ".utf8
    quote(graph.id, into: &out)
    out += " {\n  graph [".utf8
    var list = AttributeList()
    list.add("id", graph.id, &out)
    list.add("class", "flowatlas \(graph.kind)", &out)
    list.add("rankdir", graph.direction.rawValue, &out)
    list.add("fontname", DiagramStyle.font, &out)
    list.add("fontsize", "12", &out)
    list.add("bgcolor", graph.background ?? "transparent", &out)
    list.add("nodesep", "0.3", &out)
    list.add("ranksep", "0.45", &out)
    if DiagramRenderer.capsLayoutWork(graph.layoutSize) {
      // Network simplex may run one pass per box, for the rows and for the positions: the
      // layout then takes as long as the size says, on every release (Graphviz 14 ranked two
      // rows of 1,500 boxes and 4,000 lines for 82 s without, 2.42 in one pass).
      list.add("nslimit", "1", &out)
      list.add("nslimit1", "1", &out)
    }
    if let caption = graph.caption {
      list.add("label", caption, &out)
      list.add("labelloc", "b", &out)
      list.add("labeljust", "l", &out)
    }
    out += "];\n  node [".utf8
    list = AttributeList()
    list.add("fontname", DiagramStyle.font, &out)
    list.add("fontsize", "11", &out)
    out += "];\n  edge [".utf8
    list = AttributeList()
    list.add("fontname", DiagramStyle.font, &out)
    list.add("fontsize", "9", &out)
    list.add("arrowsize", "0.7", &out)
    out += "];\n".utf8
    for cluster in graph.clusters {
      out += "  subgraph ".utf8
      quote("cluster_" + cluster.id, into: &out)
      out += " {\n    graph [".utf8
      list = AttributeList()
      list.add("id", cluster.id, &out)
      list.add("class", joining: cluster.classes, &out)
      list.add("label", cluster.label, &out)
      list.add("style", "rounded", &out)
      list.add("color", "#57606a", &out)
      list.add("fontcolor", "#24292f", &out)
      if cluster.labelAtBottom { list.add("labelloc", "b", &out) }
      if let tooltip = cluster.tooltip { list.add("tooltip", tooltip, &out) }
      if let link = DiagramText.safeLink(cluster.link) { list.add("URL", link, &out) }
      out += "];\n".utf8
      for node in cluster.nodes { statement(node, indent: "    ", into: &out) }
      out += "  }\n".utf8
    }
    for node in graph.nodes { statement(node, indent: "  ", into: &out) }
    for edge in graph.edges { statement(edge, into: &out) }
    out += "}\n".utf8
    return out
  }

  /// Writes `[a="x", b="y"]`'s entries, the separator before all but the first.
  private struct AttributeList {
    private var first = true

    mutating func add(_ name: String, _ value: String, _ out: inout [UInt8]) {
      if !first { out += ", ".utf8 }
      first = false
      out.append(utf8: name)
      out.append(UInt8(ascii: "="))
      DOTWriter.quote(value, tooltip: name == "tooltip", into: &out)
    }

    /// `name="a b c"`: the values joined by spaces, as a list of classes is written.
    mutating func add(_ name: String, joining values: [String], _ out: inout [UInt8]) {
      if !first { out += ", ".utf8 }
      first = false
      out.append(utf8: name)
      out += #"=""#.utf8
      for (index, value) in values.enumerated() {
        if index > 0 { out.append(UInt8(ascii: " ")) }
        DOTString.appendEscaped(value, tooltip: false, to: &out)
      }
      out.append(UInt8(ascii: "\""))
    }
  }

  private static func statement(_ node: DiagramGraph.Node, indent: StaticString, into out: inout [UInt8]) {
    out.append(ByteView(indent))
    quote(node.id, into: &out)
    out += " [".utf8
    var list = AttributeList()
    list.add("id", node.id, &out)
    list.add("class", joining: node.classes, &out)
    list.add("label", node.label, &out)
    for (name, value) in DiagramStyle.attributes(for: node.role) { list.add(name, value, &out) }
    if let picture = node.picture {
      // At least the picture's size, with room around it and for the label under it.
      // Inches to four places, in integers: the same text on any machine.
      let inches = { (points: Int) -> String in
        let tenThousandths = (points * 10_000 + 36) / 72
        let fraction = String(tenThousandths % 10_000)
        return "\(tenThousandths / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
      }
      list.add("width", inches(picture.width + 2 * LayoutTexts.pictureMargin), &out)
      list.add(
        "height", inches(picture.height + LayoutTexts.pictureMargin + LayoutTexts.pictureLabelRoom), &out)
      list.add("labelloc", "b", &out)
    }
    if let tooltip = node.tooltip { list.add("tooltip", tooltip, &out) }
    if let link = DiagramText.safeLink(node.link) { list.add("URL", link, &out) }
    out += "];\n".utf8
  }

  private static func statement(_ edge: DiagramGraph.Edge, into out: inout [UInt8]) {
    out += "  ".utf8
    quote(edge.from, into: &out)
    out += " -> ".utf8
    quote(edge.to, into: &out)
    out += " [".utf8
    var list = AttributeList()
    list.add("id", edge.id, &out)
    list.add("class", joining: edge.classes, &out)
    for (name, value) in DiagramStyle.attributes(for: edge.role) { list.add(name, value, &out) }
    list.add("penwidth", DiagramStyle.penwidth(count: edge.count), &out)
    if let xlabel = edge.xlabel { list.add("xlabel", xlabel, &out) }
    if let tooltip = edge.tooltip { list.add("tooltip", tooltip, &out) }
    if let minlen = edge.minlen { list.add("minlen", String(minlen), &out) }
    out += "];\n".utf8
  }

  /// `text` as a DOT quoted string, escaped as `DOTString` writes it (a backslash in a tooltip as
  /// `⧵`), cut at ``maximumQuotedBytes``.
  static func quote(_ text: String, tooltip: Bool = false) -> String {
    var out: [UInt8] = []
    quote(text, tooltip: tooltip, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `text` quoted, as ``quote(_:tooltip:)`` makes it.
  static func quote(_ text: String, tooltip: Bool = false, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    DOTString.appendEscaped(bounded(text), tooltip: tooltip, to: &out)
    out.append(UInt8(ascii: "\""))
  }

  /// The most UTF-8 bytes of one text a quoted string holds. Graphviz refuses a quoted string
  /// past 16 KiB (a screen title of 16,400 characters made its flow "too large to draw", and
  /// `--format dot` wrote DOT that `dot` rejects); escaped, 3,000 bytes take at most 15,000
  /// (`&` becomes five).
  static let maximumQuotedBytes = 3_000

  /// `text`, or its first ``maximumQuotedBytes`` (whole characters) and an ellipsis.
  static func bounded(_ text: String) -> String {
    guard text.utf8.count > maximumQuotedBytes else { return text }
    var end = text.utf8.index(text.utf8.startIndex, offsetBy: maximumQuotedBytes)
    while end.samePosition(in: text.unicodeScalars) == nil { text.utf8.formIndex(before: &end) }
    return String(text.unicodeScalars[..<end]) + "…"
  }
}
