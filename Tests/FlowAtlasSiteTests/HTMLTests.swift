import Testing

@testable import FlowAtlasSite

@Suite struct HTMLTests {
  @Test(arguments: [
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("a & b", "a &amp; b"),
    ("\"quoted\" 'single'", "\"quoted\" 'single'"),
    ("../../x", "../../x"),
  ])
  func textIsEscaped(input: String, expected: String) {
    #expect(HTML.text(input).rendered == expected)
  }

  @Test(arguments: [
    ("\"><script>alert(1)</script>", "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("' onmouseover='x", "&#39; onmouseover=&#39;x"),
    ("a&b", "a&amp;b"),
  ])
  func attributeValuesAreEscaped(input: String, expected: String) {
    let rendered = HTML.el("a", [.attr("title", input)], text: "x").rendered
    #expect(rendered == "<a title=\"\(expected)\">x</a>")
  }

  @Test func voidElementsHaveNoEndTag() {
    #expect(HTML.el("meta", [.attr("charset", "utf-8")]).rendered == "<meta charset=\"utf-8\">")
  }

  @Test func nilAttributesAreLeftOut() {
    #expect(HTML.el("li", [.id(nil), .cls("x")], text: "y").rendered == "<li class=\"x\">y</li>")
  }

  @Test(arguments: [0, 1, 9, 10, 99, 100, 3334, 1_000_000, Int.max, -1, Int.min])
  func decimalsAreWrittenAsStringWouldWriteThem(_ number: Int) {
    var out: [UInt8] = [0x3C]
    AppPages.appendDecimal(number, to: &out)
    #expect(out == [0x3C] + Array(String(number).utf8))
  }

  /// Large rendered parts become pieces of their own; joined, the pieces are the page.
  @Test func piecesJoinToTheSameMarkup() {
    let big = Array(repeating: UInt8(ascii: "x"), count: 20_000)
    let tree = HTML.el(
      "main", [.id("m")],
      [
        .text("a<b"), .rendered(big), .el("p", [], [.rendered(Array("small".utf8))]),
        .group([.rendered(big), .rendered(big)]), .el("br"),
      ])
    var out: [UInt8] = Array("head".utf8)
    var pieces: [[UInt8]] = []
    tree.render(into: &out, pieces: &pieces)
    pieces.append(out)
    #expect(pieces.count == 6)
    #expect(pieces.filter { $0 == big }.count == 3)
    #expect(Array(pieces.joined()) == Array("head".utf8) + tree.bytes)
  }
}
