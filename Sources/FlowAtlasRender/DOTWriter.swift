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
        DOTWriter.appendEscaped(value, tooltip: false, into: &out)
      }
      out.append(UInt8(ascii: "\""))
    }
  }

  private static func statement(_ node: DiagramGraph.Node, indent: StaticString, into out: inout [UInt8]) {
    indent.withUTF8Buffer { out += $0 }
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

  /// `text` as a DOT quoted string: `"` and `\` escaped, `&` as `&amp;`, a line break as
  /// Graphviz's centred `\n`, other control characters (invalid in SVG's XML)
  /// as spaces.
  ///
  /// Graphviz 2.42 expands `\N`, `\G`, `\E` … in tooltips even after an
  /// escaped backslash (`\\N` shows the node's name), so in a tooltip a
  /// backslash is written as the look-alike `⧵` (U+29F5).
  static func quote(_ text: String, tooltip: Bool = false) -> String {
    var out: [UInt8] = []
    quote(text, tooltip: tooltip, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `text` quoted, as ``quote(_:tooltip:)`` makes it.
  static func quote(_ text: String, tooltip: Bool = false, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    appendEscaped(bounded(text), tooltip: tooltip, into: &out)
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

  /// What goes between the quotes of ``quote(_:tooltip:into:)``.
  private static func appendEscaped(_ text: String, tooltip: Bool, into out: inout [UInt8]) {
    text.withUTF8Bytes { appendEscaped(bytes: $0, tooltip: tooltip, into: &out) }
  }

  /// Copies the runs of bytes that need no care whole (most text: ids, classes, colours,
  /// type names) and replaces the rest. `bytes` is valid UTF-8, so a C1 control or
  /// U+FFFE/U+FFFF is recognised by its lead byte and the bytes that follow it.
  private static func appendEscaped(bytes: UnsafeBufferPointer<UInt8>, tooltip: Bool, into out: inout [UInt8])
  {
    var copied = 0
    var index = 0
    func flush(to end: Int) {
      if end > copied { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<end])) }
    }
    while index < bytes.count {
      // A word at a time while none of its bytes needs care.
      while index + 8 <= bytes.count, !mayNeedCare(ByteWord.load(bytes.baseAddress!, at: index)) {
        index += 8
      }
      guard index < bytes.count else { break }
      let byte = bytes[index]
      guard needsCare(byte) else {
        index += 1
        continue
      }
      let replacement: StaticString
      var length = 1
      switch byte {
      case 0x22: replacement = #"\""#
      // Graphviz decodes entities in what it reads (`&#x41;dmin` was drawn "Admin"); `&amp;`
      // reads as the `&` it is, on 2.42 and on 14 alike.
      case 0x26: replacement = "&amp;"
      case 0x5C: replacement = tooltip ? "\u{29F5}" : #"\\"#
      case 0x0A: replacement = #"\n"#
      case 0x0D: replacement = ""
      case 0xC2:
        // U+0080–U+009F are C2 80 – C2 9F.
        guard index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) else {
          index += 1
          continue
        }
        replacement = " "
        length = 2
      case 0xEF:
        // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
        guard index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE else {
          index += 1
          continue
        }
        replacement = " "
        length = 3
      default:
        // The other controls and DEL.
        replacement = " "
      }
      flush(to: index)
      replacement.withUTF8Buffer { out.append(contentsOf: $0) }
      index += length
      copied = index
    }
    flush(to: bytes.count)
  }

  /// True for a UTF-8 byte that may need changing: `"`, `&`, `\`, controls, DEL, and the lead
  /// bytes of C1 controls (U+0080–U+009F start with 0xC2) and of U+FFFE/U+FFFF (0xEF).
  private static func needsCare(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x26 || byte == 0x5C || byte == 0x7F || byte == 0xC2
      || byte == 0xEF
  }

  /// ``needsCare(_:)`` for any of the eight bytes of `word`, tested at once (``ByteWord``).
  static func mayNeedCare(_ word: UInt64) -> Bool {
    ByteWord.below(0x20, in: word) | ByteWord.equal(to: 0x22, in: word) | ByteWord.equal(to: 0x26, in: word)
      | ByteWord.equal(to: 0x5C, in: word)
      | ByteWord.equal(to: 0x7F, in: word) | ByteWord.equal(to: 0xC2, in: word)
      | ByteWord.equal(to: 0xEF, in: word) != 0
  }
}
