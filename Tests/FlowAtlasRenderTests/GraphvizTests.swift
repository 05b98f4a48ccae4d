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
