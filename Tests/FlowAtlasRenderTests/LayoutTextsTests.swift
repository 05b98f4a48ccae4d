import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasRender

/// Diagrams laid out from their masked DOT and given their texts after (``LayoutTexts``).
@Suite struct LayoutTextsTests {
  @Test func numbersAreMaskedToAtLeastFourZeros() {
    #expect(LayoutTexts.maskingNumbers("tapRow ×12") == "tapRow ×0000")
    #expect(LayoutTexts.maskingNumbers("submit, swipe +7 ×12345") == "submit, swipe +0000 ×00000")
    #expect(LayoutTexts.maskingNumbers("step2 ×") == "step0000 ×")
    #expect(LayoutTexts.maskingNumbers("no number") == "no number")
  }

  /// What the masking stands on, under the Graphviz under test: in its built-in metrics every
  /// digit has one width, so a label of other digits is drawn in the same spot.
  @Test func everyDigitHasOneWidthInTheBuiltInMetrics() throws {
    func drawn(_ label: String) throws -> String {
      let dot = """
        digraph g { node [fontname="Helvetica", fontsize="11"]; edge [fontname="Helvetica", fontsize="9"]
          a -> b [xlabel="\(label)"]; a -> c [xlabel="other"]; b -> c }
        """
      return String(decoding: try Graphviz.render(dot: dot, format: .svg), as: UTF8.self)
        .replacing(label, with: "LABEL")
    }
    let zeros = try drawn("tap ×0000000000")
    for digits in ["tap ×1234567890", "tap ×1111111111", "tap ×9876543210"] {
      #expect(try drawn(digits) == zeros, "\(digits)")
    }
  }

  /// A drawing filled with one model's texts and then another's is what filling it with the
  /// other's alone gives: so a cached drawing, filled again, equals a fresh one. No mask is
  /// left, and every text is escaped.
  @Test func aDrawingFilledAgainSaysOnlyTheNewTexts() throws {
    let diagram = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop)
    var other = diagram.graph
    for index in other.edges.indices {
      other.edges[index].tooltip = other.edges[index].tooltip.map { $0 + " again <&\">" }
      other.edges[index].count = [1, 3, 40][index % 3]
      other.edges[index].xlabel = other.edges[index].xlabel.map { $0.replacing(/[0-9]+/) { _ in "7" } }
    }
    for index in other.clusters.indices {
      for node in other.clusters[index].nodes.indices {
        other.clusters[index].nodes[node].tooltip = "Shown 99× <b>bold</b>\nIn a flow"
      }
    }
    #expect(other != diagram.graph)
    #expect(other.edges.contains { $0.xlabel?.contains("×7") == true })
    #expect(DOTWriter.dot(LayoutTexts.masked(other)) == diagram.layoutDOTBytes, "the same layout")

    let drawn = try Graphviz.render(dotBytes: diagram.layoutDOTBytes, format: .svg)
    let first = LayoutTexts(diagram.graph).filling(drawn)
    let again = LayoutTexts(other).filling(first)
    #expect(again == LayoutTexts(other).filling(drawn))
    #expect(first != again)
    let text = String(decoding: again, as: UTF8.self)
    #expect(!text.contains(#"title="~""#) && !text.contains("0000"))
    #expect(text.contains("again &lt;&amp;&quot;&gt;"))
    #expect(text.contains("Shown 99× &lt;b&gt;bold&lt;/b&gt;&#10;In a flow") && !text.contains("<b>"))
    #expect(text.contains("×7</text>"))
    #expect(Self.strokeWidths(again) == Self.strokeWidths(in: other))
    // The boxes' own labels are not the edges' texts.
    for node in diagram.graph.clusters.flatMap(\.nodes) {
      #expect(text.contains(">\(node.label)</text>"), "\(node.label)")
    }
  }

  /// Every transition taken once more, as the next trace of a small UI-test suite does: each
  /// diagram that masks its texts is laid out as before, an edge taken once too (its label says
  /// `×1`, then `×2`). Filled, the drawing shows the new counts.
  @Test func aTransitionTakenOnceMoreKeepsEveryLayout() throws {
    let app = SampleApps.shop
    func again(_ transition: Transition) -> Transition {
      var transition = transition
      if transition.system == transition.count { transition.system += 1 }
      transition.count += 1
      return transition
    }
    let flows = app.flows.map { flow in
      var flow = flow
      flow.entries = flow.entries.map(again)
      flow.internalTransitions = flow.internalTransitions.map(again)
      flow.exits = flow.exits.map(again)
      return flow
    }
    let more = AppModel(
      name: app.name, slug: app.slug, runs: app.runs, coordinators: app.coordinators, screens: app.screens,
      transitions: app.transitions.map(again), flows: flows, diagnostics: app.diagnostics,
      containers: app.containers)
    #expect(app.transitions.contains { $0.count == 1 && $0.from != nil })
    var compared = 0
    for subject in DiagramSubject.all(of: app) where !subject.kind.row.isPerRun {
      let before = try DiagramBuilder.diagram(for: subject, of: app)
      let after = try DiagramBuilder.diagram(for: subject, of: more)
      #expect(
        String(decoding: before.layoutDOTBytes, as: UTF8.self)
          == String(decoding: after.layoutDOTBytes, as: UTF8.self), "\(subject)")
      if before.graph.edges.contains(where: { $0.count == 1 && $0.xlabel != nil }) { compared += 1 }
    }
    #expect(compared > 0, "no diagram had an edge taken once")

    let map = try DiagramBuilder.diagram(for: .appMap, of: more)
    let drawn = try Graphviz.render(dotBytes: map.layoutDOTBytes, format: .svg)
    let filled = String(decoding: map.filling(drawn), as: UTF8.self)
    #expect(filled.contains(">pay ×2</text>") && !filled.contains("0000"))
    let once = try DiagramBuilder.diagram(for: .appMap, of: app)
    let onceFilled = String(decoding: once.filling(drawn), as: UTF8.self)
    #expect(onceFilled.contains(">pay ×1</text>") && !onceFilled.contains("0000"))
  }

  /// A text filled into a drawing is escaped as Graphviz escapes it when it draws the text
  /// itself (both kinds of quote as entities, `Markup`'s escaping): a filled drawing reads as
  /// Graphviz's own would.
  @Test func aFilledTextIsEscapedAsGraphvizEscapesIt() throws {
    let diagram = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop)
    var graph = diagram.graph
    let tooltip = "it's \"quoted\" <b> & 'more'"
    graph.clusters[0].nodes[0].tooltip = tooltip
    let own = String(
      decoding: try Graphviz.render(dotBytes: DOTWriter.dot(graph), format: .svg), as: UTF8.self)
    let escaped = "it&#39;s &quot;quoted&quot; &lt;b&gt; &amp; &#39;more&#39;"
    #expect(own.contains("xlink:title=\"\(escaped)\""), "Graphviz's own escaping changed")
    let drawn = try Graphviz.render(dotBytes: DOTWriter.dot(LayoutTexts.masked(graph)), format: .svg)
    let filled = String(decoding: LayoutTexts(graph).filling(drawn), as: UTF8.self)
    #expect(filled.contains("xlink:title=\"\(escaped)\""))
  }

  /// What the filling writes is what Graphviz writes for the DOT of the same text, for every
  /// rule the two share (``DOTString/drawn(_:tooltip:)``): a backslash, quotes, an ampersand,
  /// markup, a carriage return and a new line, controls, DEL, a C1 control, U+FFFF; and runs of
  /// spaces, those written as spaces and those controls became, a new line between.
  @Test func aFilledTextIsWhatGraphvizDrawsForItsDOT() throws {
    /// Graphviz's drawing of `dot` holds `text` as the filling writes it, between `before` and `after`.
    func expectDrawnAsFilled(
      _ text: String, attribute: Bool, in dot: String, between before: String, and after: String
    ) throws {
      let svg = String(decoding: try Graphviz.render(dot: dot, format: .svg), as: UTF8.self)
      var filled: [UInt8] = []
      LayoutTexts.appendEscaped(text, attribute: attribute, to: &filled)
      #expect(svg.contains(before + String(decoding: filled, as: UTF8.self) + after), "\(svg)")
    }
    let text = "a\\N \"q\" & <b> 'x'\r\n line\u{1}\u{7F}2\u{85} 3\u{FFFF}4 ⧵  é \r  f"
    try expectDrawnAsFilled(
      text, attribute: true,
      in: "digraph g { n [label=\"n\", tooltip=\(DOTWriter.quote(text, tooltip: true))] }",
      between: "xlink:title=\"", and: "\"")
    // An edge label's line, in text rather than in an attribute.
    let label = "x  y\u{1} z \"q\" & <b>   ⧵\\"
    try expectDrawnAsFilled(
      label, attribute: false, in: "digraph g { a -> b [xlabel=\(DOTWriter.quote(label))] }",
      between: ">", and: "</text>")
  }

  /// A carriage return before a new line is one Character to Swift: the label is still two
  /// lines, as Graphviz draws it, and neither shows its mask.
  @Test func aLabelBrokenByCarriageReturnAndNewLineIsFilledLineByLine() throws {
    #expect(LayoutTexts.lines(of: "Cart\r\n7 items") == ["Cart", "7 items"])
    #expect(LayoutTexts.lines(of: "\nCart\n\n×12\r") == ["Cart", "×12"])
    let diagram = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop)
    var graph = diagram.graph
    let index = try #require(graph.edges.firstIndex { $0.xlabel != nil })
    graph.edges[index].xlabel = "Cart\r\n7 items"
    let drawn = try Graphviz.render(dotBytes: DOTWriter.dot(LayoutTexts.masked(graph)), format: .svg)
    let text = String(decoding: LayoutTexts(graph).filling(drawn), as: UTF8.self)
    #expect(text.contains(">Cart</text>") && text.contains(">7 items</text>"))
    #expect(!text.contains("0000"))
  }

  /// A label cut short (past 3,000 bytes) where its masked form was cut elsewhere: a line the
  /// drawing has and the text has not is left empty, never masked.
  @Test func aLineTheTextHasNotIsLeftEmpty() throws {
    let diagram = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop)
    var graph = diagram.graph
    let index = try #require(graph.edges.firstIndex { $0.xlabel != nil })
    graph.edges[index].xlabel = "one 1\ntwo 2"
    let drawn = try Graphviz.render(dotBytes: DOTWriter.dot(LayoutTexts.masked(graph)), format: .svg)
    graph.edges[index].xlabel = "one 1"
    let text = String(decoding: LayoutTexts(graph).filling(drawn), as: UTF8.self)
    #expect(text.contains(">one 1</text>") && !text.contains("0000"))
  }

  /// A journey is drawn once per run and kept whole: it is laid out from its own DOT.
  @Test func aJourneyIsNotMasked() throws {
    let run = try #require(SampleApps.shop.runs.first)
    let journey = try DiagramBuilder.diagram(for: .journey(run: run.slug), of: SampleApps.shop)
    #expect(journey.layoutDOTBytes == journey.dotBytes)
    let map = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop)
    #expect(map.layoutDOTBytes != map.dotBytes)
  }

  /// A line's width is not laid out: every edge is drawn at width 1 and given its own after, as
  /// Graphviz writes it (`stroke-width` after `stroke`, on the line and on the arrow). Under
  /// Graphviz 2.42, whose arrows do not depend on the width, that is Graphviz's own drawing.
  @Test func linesAreGivenTheirWidthsAfterTheLayout() throws {
    var graph = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop).graph
    for index in graph.edges.indices { graph.edges[index].count = [1, 2, 5, 17][index % 4] }
    let masked = LayoutTexts.masked(graph)
    #expect(masked.edges.allSatisfy { $0.count == 1 })
    let drawn = try Graphviz.render(dotBytes: DOTWriter.dot(masked), format: .svg)
    #expect(!String(decoding: drawn, as: UTF8.self).contains("stroke-width"))
    let filled = LayoutTexts(graph).filling(drawn)
    #expect(Self.strokeWidths(filled) == Self.strokeWidths(in: graph))
    #expect(Set(Self.strokeWidths(filled).values.flatMap { $0 }) == ["1.5", "2.5", "3.5"])

    // Graphviz's own drawing of the same texts with the real widths writes the same widths.
    var widened = masked
    for index in widened.edges.indices { widened.edges[index].count = graph.edges[index].count }
    let graphviz = try Graphviz.render(dotBytes: DOTWriter.dot(widened), format: .svg)
    #expect(Self.strokeWidths(graphviz) == Self.strokeWidths(filled))
    if Graphviz.version.hasPrefix("2.") {
      #expect(LayoutTexts(widened).filling(drawn) == LayoutTexts(widened).filling(graphviz))
    }
  }

  /// A drawing cut short inside a line's `stroke` value or a `<text` tag (never Graphviz's, but a
  /// filling reads it unchecked) is filled to its end, without reading past it.
  @Test func aDrawingCutShortIsFilledToItsEnd() throws {
    var graph = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop).graph
    for index in graph.edges.indices { graph.edges[index].count = [1, 2, 5, 17][index % 4] }
    let drawn = try Graphviz.render(dotBytes: DOTWriter.dot(LayoutTexts.masked(graph)), format: .svg)
    let text = String(decoding: drawn, as: UTF8.self)
    var cuts: [Int] = []
    for marker in [" stroke=\"", "<text"] {
      var from = text.utf8.startIndex
      while let found = text[from...].range(of: marker) {
        let start = text.utf8.distance(from: text.utf8.startIndex, to: found.lowerBound)
        cuts += (start..<min(start + 24, drawn.count))
        from = found.upperBound
      }
    }
    #expect(cuts.count > 100)
    for cut in cuts {
      let filled = LayoutTexts(graph).filling(Array(drawn[..<cut]))
      #expect(filled.count >= cut / 2, "cut at \(cut)")
    }
  }

  /// The `stroke-width`s in each group of `svg`, in order, by the group's id, for the groups
  /// that have any.
  static func strokeWidths(_ svg: [UInt8]) -> [String: [String]] {
    var widths: [String: [String]] = [:]
    var id = ""
    for group in String(decoding: svg, as: UTF8.self).split(separator: "<g id=\"").dropFirst() {
      let name = String(group.prefix { $0 != "\"" }).replacing("&#45;", with: "-")
      // A group of Graphviz's own around a link belongs to the element it is in.
      if !name.hasPrefix("a_") { id = name }
      let found = group.matches(of: /stroke="[^"]*" stroke-width="([^"]*)"/).map { String($0.output.1) }
      if !found.isEmpty { widths[id, default: []] += found }
    }
    return widths
  }

  /// What ``strokeWidths(_:)`` should find for `graph`: two (the line and its arrow) for each
  /// edge wider than 1.
  static func strokeWidths(in graph: DiagramGraph) -> [String: [String]] {
    var widths: [String: [String]] = [:]
    for edge in graph.edges where edge.count > 1 {
      widths[edge.id] = Array(repeating: DiagramStyle.penwidth(count: edge.count), count: 2)
    }
    return widths
  }
}
