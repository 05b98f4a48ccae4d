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
    // The boxes' own labels are not the edges' texts.
    for node in diagram.graph.clusters.flatMap(\.nodes) {
      #expect(text.contains(">\(node.label)</text>"), "\(node.label)")
    }
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
}
