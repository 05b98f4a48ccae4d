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

/// The sidebar is rendered once per app and spliced per page: it must say exactly what
/// the tree built for that page says, hostile names included.
@Suite struct RenderedSidebarTests {
  @Test(arguments: [false, true])
  func splicedSidebarEqualsTheTreeOnEveryPage(hostile: Bool) {
    let model = SampleModel.model(hostile: hostile)
    for app in model.apps {
      let siblings = model.apps.filter { $0.name != app.name }.map { (name: $0.name, folder: $0.slug) }
      let rendered = RenderedSidebar(
        plain: AppPages.sidebarTree(app: app, folder: "shop", siblings: siblings, current: nil))
      // Journeys are listed by the site's script: one link leads to all of them.
      let links =
        ["index.html", "problems.html"] + app.flows.map { "flow-\($0.slug).html" }
        + (app.runs.isEmpty ? [] : ["index.html#journeys"]) + siblings.map { "../\($0.folder)/index.html" }
      #expect(rendered.marks.count == links.count)
      #expect(rendered.repeated.isEmpty)
      for current in links + ["not-a-page.html", "index.html\"", "<a href=\"index.html\">"] {
        let expected = AppPages.sidebarTree(app: app, folder: "shop", siblings: siblings, current: current)
          .bytes
        let spliced = rendered.html(current: current) {
          Issue.record("fell back to the tree")
          return .group([])
        }
        #expect(spliced.bytes == expected, "\(app.name): \(current)")
      }
    }
  }

  /// A link written twice cannot be marked by splicing: the tree is built instead.
  @Test func aLinkWrittenTwiceFallsBackToTheTree() {
    let tree = HTML.el(
      "ul", [],
      [.a(href: "a.html", text: "A"), .a(href: "a.html", text: "A again"), .a(href: "b.html", text: "B")])
    let rendered = RenderedSidebar(plain: tree)
    #expect(Array(rendered.marks.keys) == [Array("b.html".utf8)])
    let fallback = HTML.text("tree")
    #expect(rendered.html(current: "a.html") { fallback }.bytes == fallback.bytes)
  }
}
