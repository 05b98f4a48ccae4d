import Testing

@testable import FlowAtlasSite

@Suite struct MarkdownTests {
  @Test func rendersGitHubMarkdown() throws {
    let html = try #require(
      Markdown.html("# Title\n\nSome *text* and ~~old~~.\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |\n"))
    #expect(html.contains("<h3>Title</h3>"))
    #expect(html.contains("<em>text</em>"))
    #expect(html.contains("<del>old</del>"))
    #expect(html.contains("<th class=\"align-center\">a</th>"))
    #expect(html.contains("<td class=\"align-right\">2</td>"))
    #expect(!html.contains("align=\""))
    #expect(!html.contains("style="))
  }

  @Test(arguments: [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "Inline <b onclick=\"alert(1)\">bold</b> text",
    "<iframe src=\"https://example.com\"></iframe>",
  ])
  func rawHTMLIsNeutralised(markdown: String) throws {
    let html = try #require(Markdown.html(markdown))
    #expect(!html.contains("<script"))
    #expect(!html.contains("<img"))
    #expect(!html.contains("<iframe"))
    #expect(!html.contains("onclick"))
    #expect(!html.contains("onerror"))
  }

  @Test(arguments: ["[x](javascript:alert(1))", "[x](vbscript:msgbox)", "![x](javascript:alert(1))"])
  func dangerousLinksAreEmptied(markdown: String) throws {
    let html = try #require(Markdown.html(markdown))
    #expect(!html.lowercased().contains("javascript:"))
    #expect(!html.lowercased().contains("vbscript:"))
  }

  @Test func headingsStayAtMostH6() throws {
    let html = try #require(Markdown.html("##### Deep\n"))
    #expect(html.contains("<h6>Deep</h6>"))
  }
}
