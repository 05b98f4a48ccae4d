import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasRender

@Suite struct GraphvizTests {
  static let clustered = """
    digraph "g" {
      graph [id="g"];
      subgraph "cluster_b" { graph [id="g-b"]; "b1"; "b2"; }
      subgraph "cluster_a" { graph [id="g-a"]; "a1"; "a2"; }
      subgraph "cluster_c" { graph [id="g-c"]; "c1"; }
      "a1" -> "b1" [xlabel="x"]; "b2" -> "a2"; "c1" -> "a1"; "b1" -> "b2"; "a2" -> "c1";
    }
    """

  /// The diagrams' font is one Graphviz's built-in metrics know: not measured with the Times
  /// widths it falls back to for a name it does not know (a font list among them), which are
  /// narrower than the Helvetica the site draws.
  @Test func theDiagramFontIsMeasuredWithItsOwnWidths() throws {
    func width(_ font: String) throws -> Double {
      let svg = String(
        decoding: try Graphviz.render(
          dot:
            #"digraph w { node [shape=box, fontname="\#(font)"]; a [label="ProfileViewController EditProfileViewController"] }"#,
          format: .svg), as: UTF8.self)
      let match = try #require(svg.firstMatch(of: /<svg width="([0-9.]+)pt"/))
      return try #require(Double(match.1))
    }
    // Helvetica's built-in widths are larger than Times' for this label, on 2.42 and on 14.
    #expect(try width(DiagramStyle.font) == width("Helvetica"))
    #expect(try width(DiagramStyle.font) > width("Times-Roman"))
  }

  /// Edge labels are laid out by FlowAtlas after Graphviz's layout: each is drawn once, with
  /// its text as Graphviz reads DOT (entities decoded once, `\\` a backslash, `\n` a new line),
  /// and the layout of the nodes is the one Graphviz makes without them.
  @Test func edgeLabelsAreDrawnWithTheirTextBesideTheirEdge() throws {
    let labelled = #"""
      digraph g { edge [fontname="Helvetica", fontsize="9"]
        a -> b [id="ab", xlabel="tap &amp;lt;b&amp;gt; &amp; go ×12"]
        b -> c [id="bc", xlabel="one\\two\nthree"] }
      """#
    let svg = String(decoding: try Graphviz.render(dot: labelled, format: .svg), as: UTF8.self)
    #expect(svg.contains(">tap &amp;lt;b&amp;gt; &amp; go ×12</text>"), "\(svg)")
    #expect(svg.contains(">one\\two</text>") && svg.contains(">three</text>"), "\(svg)")
    let plain = String(
      decoding: try Graphviz.render(dot: labelled.replacing(#/, xlabel="[^"]*"/#, with: ""), format: .svg),
      as: UTF8.self)
    func nodes(_ svg: String) -> [Substring] { svg.matches(of: #/<text[^>]*>[abc]</text>/#).map(\.output) }
    #expect(nodes(svg).count == 3)
    #expect(nodes(plain).count == 3)
  }

  /// A caption keeps its side when edge labels make the drawing wider: a left-justified one stays
  /// where Graphviz put it, beside the left edge.
  @Test func theCaptionKeepsItsSideWhenLabelsWidenTheDrawing() throws {
    let dot = """
      digraph g { graph [label="Showing the first 2 steps", labelloc="b", labeljust="l", fontname="Helvetica"]
        node [shape=box, fontname="Helvetica"]; edge [fontname="Helvetica", fontsize="9"]
        a -> b [xlabel="a trigger whose name is much longer than either box is wide"] }
      """
    func caption(_ dot: String) throws -> (x: Substring, width: Substring) {
      let svg = String(decoding: try Graphviz.render(dot: dot, format: .svg), as: UTF8.self)
      let x = try #require(svg.firstMatch(of: #/<text[^>]* text-anchor="middle" x="([0-9.]+)"[^>]*>Showing/#))
        .output.1
      let width = try #require(svg.firstMatch(of: #/<svg width="([0-9.]+)pt"/#)).output.1
      return (x, width)
    }
    let labelled = try caption(dot)
    let plain = try caption(dot.replacing(#/ \[xlabel="[^"]*"\]/#, with: ""))
    #expect(Double(labelled.width)! > Double(plain.width)! + 100, "the label widens the drawing")
    #expect(labelled.x == plain.x)
  }

  @Test func entitiesAreDecodedOnceAsGraphvizDecodesThem() {
    func decoded(_ text: String) -> String {
      let bytes = Graphviz.decodingEntities(text.utf8CString.map { $0 })
      return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    #expect(decoded("a &amp;lt; b") == "a &lt; b")
    #expect(decoded("&lt;&gt;&quot;&apos;&#65;&#x42;") == "<>\"'AB")
    #expect(decoded("R&D &unknown; &") == "R&D &unknown; &")
    #expect(decoded("no entity") == "no entity")
  }

  @Test func rendersSVGWithOurIDs() throws {
    let svg = String(decoding: try Graphviz.render(dot: Self.clustered, format: .svg), as: UTF8.self)
    #expect(svg.contains("<svg"))
    #expect(svg.contains(#"id="g&#45;b""#))
    #expect(svg.contains(#"id="g&#45;a""#))
  }

  /// Graphviz 2.42 orders clusters by the address of their name: without the
  /// arena allocator, the second render in a process differs from the first.
  @Test func sameClusteredGraphTwiceGivesSameBytes() throws {
    let first = try Graphviz.render(dot: Self.clustered, format: .svg)
    for _ in 0..<3 {
      // Other graphs in between shuffle malloc's free lists.
      _ = try Graphviz.render(dot: "digraph x { subgraph cluster_z { q } p -> q }", format: .svg)
      #expect(try Graphviz.render(dot: Self.clustered, format: .svg) == first)
    }
  }

  @Test func syntaxErrorBecomesASwiftErrorWithGraphvizText() {
    #expect {
      try Graphviz.render(dot: "digraph { a -> }", format: .svg)
    } throws: { error in
      guard case .invalidDOT(let message) = error as? RenderError else { return false }
      return message.contains("syntax error in line 1")
    }
    // The sticky error state is reset: the next graph renders.
    #expect(throws: Never.self) { try Graphviz.render(dot: "digraph { a -> b }", format: .svg) }
  }

  @Test func bytesAndTextRenderAlikeAndEmptyDOTIsAnError() throws {
    let dot = "digraph g { a [label=\"caf\u{E9}\"]; a -> b }"
    #expect(
      try Graphviz.render(dotBytes: Array(dot.utf8), format: .svg) == Graphviz.render(dot: dot, format: .svg))
    #expect(throws: RenderError.self) { try Graphviz.render(dotBytes: [], format: .svg) }
    #expect(RenderJob(dotBytes: Array(dot.utf8), format: .svg) == RenderJob(dot: dot, format: .svg))
    #expect(RenderJob(dotBytes: Array(dot.utf8), format: .svg).dot == dot)
  }

  /// A warning ("using box for unknown shape") is not a failure.
  @Test func warningsDoNotFail() {
    #expect(throws: Never.self) { try Graphviz.render(dot: "digraph g { a [shape=foo] }", format: .svg) }
  }

  @Test func pngAndPDFComeFromCairo() throws {
    let png = try Graphviz.render(dot: Self.clustered, format: .png)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let pdf = try Graphviz.render(dot: Self.clustered, format: .pdf)
    #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
  }

  @Test(arguments: [OutputFormat.dot, .mermaid])
  func textFormatsAreNotForGraphviz(format: OutputFormat) {
    #expect(throws: RenderError.notAGraphvizFormat(format)) {
      try Graphviz.render(dot: Self.clustered, format: format)
    }
  }

  @Test func inlineReadySVGStartsAtTheSVGElement() throws {
    let raw = try Graphviz.render(dot: Self.clustered, format: .svg)
    #expect(String(decoding: raw.prefix(5), as: UTF8.self) == "<?xml")
    let inline = String(decoding: SVGText.inlineReady(raw), as: UTF8.self)
    #expect(inline.hasPrefix("<svg"))
    #expect(!inline.contains("<!DOCTYPE"))
  }
}

@Suite struct GraphvizParserStateTests {
  /// Graphviz 2.42's lexer is global: text after one graph's closing brace
  /// must not leak into the next parse, and line numbers start again at 1.
  @Test func eachParseStartsClean() throws {
    _ = try? Graphviz.render(dot: "digraph x { q } digraph y { a -> }", format: .svg)
    let svg = String(decoding: try Graphviz.render(dot: "digraph z { w }", format: .svg), as: UTF8.self)
    #expect(svg.contains("<title>z</title>"))
    _ = try Graphviz.render(dot: String(repeating: "\n", count: 40) + "digraph w { v }\n", format: .svg)
    #expect {
      try Graphviz.render(dot: "digraph { a -> }", format: .svg)
    } throws: { error in
      guard case .invalidDOT(let message) = error as? RenderError else { return false }
      return message.contains("line 1 ")
    }
  }
}

/// SVG text is measured with Graphviz's built-in metrics, not the machine's fonts: the bytes
/// are those of `dot -Tsvg` given the same metrics (a `dot` that loads no pango plugin), on any
/// machine, edge labels aside (FlowAtlas places them). PNG and PDF still draw with pango, as
/// `dot` does.
@Suite struct GraphvizTextMeasurementTests {
  /// Repeated labels and xlabels, HTML labels with bold, italic and underline, and the same
  /// text at two sizes and in two fonts.
  static let repetitive: String = {
    var dot = "digraph \"memo\" {\n  node [fontname=\"Helvetica,Arial,sans-serif\", fontsize=\"11\"];\n"
    for step in 0..<40 {
      let label = "MemoScreen\(step % 5)ViewController"
      dot += "  s\(step) [label=\"\(label)\"];\n"
      if step > 0 { dot += "  s\(step - 1) -> s\(step) [xlabel=\"tapMemo\(step % 3)\", fontsize=\"9\"];\n" }
    }
    dot += "  h1 [label=<<b>MemoScreen1ViewController</b>>];\n"
    dot += "  h2 [label=<<i><u>MemoScreen1ViewController</u></i>>];\n"
    dot += "  big [label=\"MemoScreen1ViewController\", fontsize=\"20\"];\n"
    dot += "  serif [label=\"MemoScreen1ViewController\", fontname=\"Times\"];\n"
    dot += "  h1 -> h2 -> big -> serif -> s0;\n}\n"
    return dot
  }()

  /// ``repetitive`` without its edge labels: what `dot` draws exactly as FlowAtlas does.
  static let withoutEdgeLabels = repetitive.replacing(#/ \[xlabel="[^"]*", /#, with: " [")

  @Test func svgIsWhatDotDrawsWithTheSameBuiltInMetrics() throws {
    #expect(Graphviz.svgTextMetrics == .builtIn, "Debian's Graphviz 2.42 lets FlowAtlas measure")
    let first = try Graphviz.render(dot: Self.repetitive, format: .svg)
    let again = try Graphviz.render(dot: Self.repetitive, format: .svg)
    // Compared as Booleans: a failure should not print two SVGs byte by byte.
    let sameTwice = first == again
    #expect(sameTwice)
    #expect(!Self.withoutEdgeLabels.contains("xlabel"))
    let plain = try Graphviz.render(dot: Self.withoutEdgeLabels, format: .svg)
    let sameAsDot = try plain == Self.dotCommand(Self.withoutEdgeLabels, format: "svg", pango: false)
    #expect(sameAsDot, "in-process SVG differs from dot -Tsvg without pango")
    // With pango, dot measures with the machine's fonts: other widths, other bytes.
    let withFonts = try first == Self.dotCommand(Self.repetitive, format: "svg")
    #expect(!withFonts, "pango's widths are not the built-in ones")
  }

  /// PNG and PDF draw each label with the pango layout it was measured with, so
  /// they measure afresh even after SVG has remembered the same texts.
  @Test func pngAfterSVGStillDrawsItsLabels() throws {
    _ = try Graphviz.render(dot: Self.withoutEdgeLabels, format: .svg)
    let png = try Graphviz.render(dot: Self.withoutEdgeLabels, format: .png)
    let sameAsDot = try png == Self.dotCommand(Self.withoutEdgeLabels, format: "png")
    #expect(sameAsDot, "in-process PNG differs from dot -Tpng")
  }

  /// `dot -T<format>`; without `pango`, from a plugin folder holding only Graphviz's core and
  /// dot layout plugins, so that it measures text as FlowAtlas's SVG does.
  static func dotCommand(_ dot: String, format: String, pango: Bool = true) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try ReferenceDot.executable())
    process.arguments = ["-T\(format)"]
    if !pango { process.environment = ReferenceDot.environment(["GVBINDIR": try withoutPango()]) }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(dot.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return Array(data)
  }

  /// A Graphviz plugin folder with the core (SVG) and dot layout plugins only, and its config.
  static func withoutPango() throws -> String {
    try ReferenceDot.pluginFolderWithoutPango(
      at: Scratch.root + "/graphviz-plugins")
  }
}
