import FlowAtlasBytes
import Testing

@Suite struct SafeLinkTests {
  @Test(arguments: [
    "flow-auth.html", "flow-auth.html#screen-login-view-controller", "journey-run-1.html", "sub/page.html",
    "index.html#",
  ])
  func safeLinks(link: String) {
    #expect(SafeLink.isSafe(link))
    #expect(Array(link.utf8).withByteView(SafeLink.isSafe))
  }

  @Test(arguments: [
    "", "/etc/passwd", "../x.html", "a/../b.html", "x..html", "a/..", "javascript:alert(1)",
    "https://evil.example/", "//evil.example", "Flow.html", "a#b#c", "a b.html", "a\"b.html", "a<b",
    "flow-ä.html", "a\\b",
  ])
  func unsafeLinks(link: String) {
    #expect(!SafeLink.isSafe(link))
    #expect(!Array(link.utf8).withByteView(SafeLink.isSafe))
  }
}
