import FlowAtlasBytes

/// The texts of a diagram that do not decide its layout, kept apart so that a drawing can be
/// reused when only they changed.
///
/// One more run changes counts all over an app: "Shown 3,501×" in a screen's tooltip, "×40" in
/// an edge's label. Tooltips never reach the layout. An edge label's text does not either
/// (``LabelPlacement`` places it after the layout); only its size does, and in Graphviz's
/// built-in metrics every digit has one width. So a diagram is laid out from its *masked* DOT,
/// every tooltip replaced by ``tooltipMark`` and every number in an edge label by zeros (at least
/// four, so that a count can grow to 9,999 and keep its width; the text is centred on its spot),
/// and the real texts are then written into the drawing by element id (``filling(_:)``). A
/// drawing cached under its masked DOT is filled again with the new texts: the same bytes as
/// a fresh drawing, since both are filled the same way.
///
/// A line's width is masked too: every edge is laid out and drawn at width 1 and given its
/// `stroke-width` by ``filling(_:)``. Graphviz 14 (not 2.42) shortens a thick line's arrow so that
/// the arrow's outline ends at the node, which made a count's step in width a new layout; here an
/// arrow is placed as Graphviz 2.42 places it on every width, tip at the node for a hairline.
struct LayoutTexts: Sendable {
  /// An edge's or node's or cluster's texts, as the drawing shows them.
  struct Element: Sendable {
    var tooltip: String?
    /// An edge label's lines, as Graphviz breaks them (empty lines draw nothing).
    var lines: [String]
    /// An edge with a label: every `<text>` of its group is one of its lines.
    var labelled = false
    /// An edge: its lines' `stroke-width` is this filling's to write.
    var edge = false
    /// An edge's line width (``DiagramStyle/penwidth(count:)``), or `nil` for any other element.
    /// The layout draws every line at width 1, which Graphviz writes with no `stroke-width`.
    var strokeWidth: String?
    /// A node's picture, written in as an `<image>` after its box's first outline.
    var picture: DiagramGraph.Picture? = nil
  }

  /// Points between a picture and its box's edges.
  static let pictureMargin = 4
  /// Points under a picture for its box's label.
  static let pictureLabelRoom = 18

  /// What stands for every tooltip in the masked DOT: one plain character, so that Graphviz
  /// draws the same anchors with it as with the real text.
  static let tooltipMark = "~"
  /// The fewest digits a number of an edge label is masked to.
  static let maskedDigits = 4
  let elements: [String: Element]

  init(_ graph: DiagramGraph) {
    var elements: [String: Element] = [:]
    for cluster in graph.clusters where cluster.tooltip != nil {
      elements[cluster.id] = Element(tooltip: cluster.tooltip, lines: [])
    }
    for node in graph.nodes + graph.clusters.flatMap(\.nodes) where node.tooltip != nil || node.picture != nil
    {
      elements[node.id] = Element(tooltip: node.tooltip, lines: [], picture: node.picture)
    }
    for edge in graph.edges {
      let width = DiagramStyle.penwidth(count: edge.count)
      elements[edge.id] = Element(
        tooltip: edge.tooltip, lines: edge.xlabel.map(Self.lines(of:)) ?? [], labelled: edge.xlabel != nil,
        edge: true, strokeWidth: width == Self.layoutPenwidth ? nil : width)
    }
    self.elements = elements
  }

  /// The line width every edge is laid out with: Graphviz's default, which it draws with no
  /// `stroke-width`.
  static let layoutPenwidth = DiagramStyle.penwidth(count: 1)

  /// `graph` as it is laid out: tooltips as ``tooltipMark``, numbers in edge labels as zeros,
  /// every line at width 1.
  static func masked(_ graph: DiagramGraph) -> DiagramGraph {
    var graph = graph
    for index in graph.clusters.indices {
      if graph.clusters[index].tooltip != nil { graph.clusters[index].tooltip = tooltipMark }
      for node in graph.clusters[index].nodes.indices where graph.clusters[index].nodes[node].tooltip != nil {
        graph.clusters[index].nodes[node].tooltip = tooltipMark
      }
    }
    for index in graph.nodes.indices where graph.nodes[index].tooltip != nil {
      graph.nodes[index].tooltip = tooltipMark
    }
    for index in graph.edges.indices {
      if graph.edges[index].tooltip != nil { graph.edges[index].tooltip = tooltipMark }
      graph.edges[index].xlabel = graph.edges[index].xlabel.map(maskingNumbers)
      graph.edges[index].count = 1
    }
    return graph
  }

  /// `text` with each run of ASCII digits written as zeros, at least ``maskedDigits`` of them.
  static func maskingNumbers(_ text: String) -> String {
    var out = ""
    var digits = 0
    func flush() {
      if digits > 0 { out += String(repeating: "0", count: max(digits, maskedDigits)) }
      digits = 0
    }
    for scalar in text.unicodeScalars {
      if ("0"..."9").contains(scalar) {
        digits += 1
      } else {
        flush()
        out.unicodeScalars.append(scalar)
      }
    }
    flush()
    return out
  }

  /// An edge label's lines as Graphviz draws them from ``DOTWriter``'s text: cut as it cuts long
  /// text, a carriage return dropped, broken at each new line, empty lines left out.
  static func lines(of label: String) -> [String] {
    // By scalars: a "\r\n" is one Character to Swift, which a split on "\n" would not see.
    var text = String.UnicodeScalarView()
    text.append(contentsOf: DOTWriter.bounded(label).unicodeScalars.filter { $0 != "\r" })
    return String(text).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// `svg`, Graphviz's drawing of this diagram's masked DOT (or such a drawing already filled
  /// with other texts), with this diagram's tooltips, edge labels and line widths written in:
  /// every `xlink:title` inside an element's group becomes its tooltip, an edge's `<text>`s its
  /// label's lines, in order, and each `stroke` of an edge is followed by its `stroke-width`
  /// (one an earlier filling wrote is dropped). A node's picture is written as an `<image>`
  /// after its box's first outline, at the top of the box (one an earlier filling wrote is
  /// dropped). Anything else is copied as it is.
  func filling(_ svg: [UInt8]) -> [UInt8] {
    guard !elements.isEmpty else { return svg }
    var out: [UInt8] = []
    out.reserveCapacity(svg.count + svg.count / 4)
    var owner: Element?
    var line = 0
    var pictured = false
    var index = 0
    var copied = 0
    func starts(_ prefix: StaticString, at position: Int) -> Bool {
      let count = prefix.utf8CodeUnitCount
      guard position + count <= svg.count else { return false }
      let prefix = ByteView(prefix)
      return (0..<count).allSatisfy { svg[position + $0] == prefix[$0] }
    }
    func end(of value: Int) -> Int {
      var end = value
      while end < svg.count, svg[end] != UInt8(ascii: "\"") { end += 1 }
      return end
    }
    /// Where the empty element starting at `start` ends: its `/>`.
    func emptyElementEnd(from start: Int) -> Int {
      var close = start
      while close + 1 < svg.count,
        svg[close] != UInt8(ascii: "/") || svg[close + 1] != UInt8(ascii: ">")
      {
        close += 1
      }
      return close
    }
    func replace(from start: Int, to end: Int, with text: String, attribute: Bool) {
      out.append(contentsOf: svg[copied..<start])
      Self.appendEscaped(text, attribute: attribute, to: &out)
      copied = end
    }
    while index < svg.count {
      let byte = svg[index]
      if byte == UInt8(ascii: "<"), starts("<g id=\"", at: index) {
        let value = index + 7
        let close = end(of: value)
        // A group of Graphviz's own around a link (`a_<id>`) belongs to the element it is in;
        // any other group is an element of its own, with texts or without.
        if close < value + 2 || svg[value] != UInt8(ascii: "a") || svg[value + 1] != UInt8(ascii: "_") {
          owner = elements[Self.decoded(svg, value..<close)]
          line = 0
          pictured = false
        }
        index = close
      } else if byte == UInt8(ascii: " "), starts(" xlink:title=\"", at: index) {
        let value = index + 14
        let close = end(of: value)
        if let tooltip = owner?.tooltip { replace(from: value, to: close, with: tooltip, attribute: true) }
        index = close
      } else if byte == UInt8(ascii: " "), starts(" stroke=\"", at: index), let width = owner?.strokeWidth {
        // A value left open (never Graphviz's) runs to the end.
        let close = min(end(of: index + 9), svg.count - 1)
        out.append(contentsOf: svg[copied..<close + 1])
        out += " stroke-width=\"".utf8
        out.append(utf8: width)
        out.append(UInt8(ascii: "\""))
        copied = close + 1
        index = close + 1
      } else if byte == UInt8(ascii: " "), starts(" stroke-width=\"", at: index), owner?.edge == true {
        // One an earlier filling wrote: this filling writes its own after `stroke`.
        let close = end(of: index + 15)
        out.append(contentsOf: svg[copied..<index])
        copied = min(close + 1, svg.count)
        index = copied
      } else if byte == UInt8(ascii: "<"), let picture = owner?.picture, !pictured,
        starts("<polygon ", at: index) || starts("<path ", at: index)
      {
        // The box's first outline: its points give the box; the picture goes after it.
        let close = emptyElementEnd(from: index)
        let outline = String(decoding: svg[index..<close], as: UTF8.self)
        out.append(contentsOf: svg[copied..<min(close + 2, svg.count)])
        copied = min(close + 2, svg.count)
        if let box = Self.box(ofOutline: outline) { Self.appendImage(picture, in: box, to: &out) }
        pictured = true
        index = copied
      } else if byte == UInt8(ascii: "<"), owner?.picture != nil, starts("<image ", at: index) {
        // One an earlier filling wrote (with the new line before it): this filling wrote its
        // own after the outline.
        let close = emptyElementEnd(from: index)
        let kept = index > copied && svg[index - 1] == UInt8(ascii: "\n") ? index - 1 : index
        out.append(contentsOf: svg[copied..<kept])
        copied = min(close + 2, svg.count)
        index = copied
      } else if byte == UInt8(ascii: "<"), starts("<text", at: index), let element = owner, element.labelled {
        var content = index
        while content < svg.count, svg[content] != UInt8(ascii: ">") { content += 1 }
        content = min(content + 1, svg.count)
        var close = content
        while close < svg.count, !starts("</text>", at: close) { close += 1 }
        // A line more than the label has now (a long label is cut where its masked form was)
        // is left empty: a masked text never reaches a page.
        let text = line < element.lines.count ? element.lines[line] : ""
        replace(from: content, to: close, with: text, attribute: false)
        line += 1
        index = close
      } else {
        index += 1
      }
    }
    out.append(contentsOf: svg[copied...])
    return out
  }

  /// The box an outline Graphviz drew (`<polygon points="x,y …"` or `<path d="Mx,yC…"`)
  /// encloses: its least and greatest x and y.
  static func box(ofOutline outline: String) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
    let attribute = outline.hasPrefix("<polygon") ? " points=\"" : " d=\""
    guard let start = outline.range(of: attribute)?.upperBound else { return nil }
    let value = outline[start...].prefix { $0 != "\"" }
    var numbers: [Double] = []
    var current = ""
    for character in value + " " {
      if character.isNumber || character == "." || (character == "-" && current.isEmpty) {
        current.append(character)
      } else {
        if let number = Double(current) { numbers.append(number) }
        current = character == "-" ? "-" : ""
      }
    }
    guard numbers.count >= 4, numbers.count % 2 == 0 else { return nil }
    let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
    let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
    return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
  }

  /// `<image>` of `picture`, centred at the top of `box`, in points to two places.
  static func appendImage(
    _ picture: DiagramGraph.Picture, in box: (minX: Double, minY: Double, maxX: Double, maxY: Double),
    to out: inout [UInt8]
  ) {
    func points(_ value: Double) -> String {
      let hundredths = Int((value * 100).rounded())
      let sign = hundredths < 0 ? "-" : ""
      let fraction = String(abs(hundredths) % 100)
      return sign + String(abs(hundredths) / 100) + "." + (fraction.count == 1 ? "0" : "") + fraction
    }
    let x = (box.minX + box.maxX) / 2 - Double(picture.width) / 2
    let y = box.minY + Double(pictureMargin)
    out += "\n<image xlink:href=\"".utf8
    Markup.escape(picture.href, inAttribute: true, into: &out)
    out +=
      "\" x=\"\(points(x))\" y=\"\(points(y))\" width=\"\(picture.width)\" height=\"\(picture.height)\"".utf8
    out += " preserveAspectRatio=\"xMidYMid meet\"/>".utf8
  }

  /// An id as Graphviz wrote it, its entities decoded (2.42 writes `-` as `&#45;`).
  static func decoded(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    let raw = bytes[range]
    guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
    return String(decoding: Markup.decodingEntities(raw), as: UTF8.self)
  }

  /// `text` escaped for SVG as Graphviz escapes it: ``Markup``'s escaping with both kinds of quote
  /// (Graphviz writes them as entities in text too) of what Graphviz draws for the DOT
  /// ``DOTWriter`` writes (``DOTString/drawn(_:tooltip:)``, the rules both follow); a line break in
  /// an attribute (a tooltip) as `&#10;`, in text as a space; and a space after a space as
  /// `&#160;`, which Graphviz 2.42 and 14 both write so that a run of spaces shows.
  static func appendEscaped(_ text: String, attribute: Bool, to out: inout [UInt8]) {
    var plain = ""
    plain.unicodeScalars.reserveCapacity(text.utf8.count)
    func flush(then entity: StaticString) {
      Markup.escape(plain, inAttribute: true, into: &out)
      out.append(entity)
      plain = ""
    }
    var previous: Unicode.Scalar?
    for scalar in DOTWriter.bounded(text).unicodeScalars {
      let shown: Unicode.Scalar
      switch DOTString.drawn(scalar, tooltip: attribute) {
      case .same: shown = scalar
      case .replaced(let other): shown = other
      case .dropped: continue
      case .lineBreak where attribute:
        flush(then: "&#10;")
        previous = "\n"
        continue
      case .lineBreak: shown = " "
      }
      if shown == " ", previous == " " {
        flush(then: "&#160;")
      } else {
        plain.unicodeScalars.append(shown)
      }
      previous = shown
    }
    Markup.escape(plain, inAttribute: true, into: &out)
  }
}
