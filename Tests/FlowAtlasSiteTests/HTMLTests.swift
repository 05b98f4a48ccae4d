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
}
