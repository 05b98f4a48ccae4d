import FlowAtlasModel
import Testing

@testable import FlowAtlasSite

@Suite struct SVGSanitizerTests {
  let sanitizer = SVGSanitizer(allowedPages: ["flow-auth.html", "journey-buy.html", "index.html"])

  func sanitize(_ svg: String, used: Set<String> = []) throws -> String {
    var ids = used
    return try sanitizer.sanitize(svg, name: "test", rootAttributes: [.attr("role", "group")], usedIDs: &ids)
  }

  func wrap(_ body: String) -> String {
    "<svg width=\"10pt\" height=\"10pt\" viewBox=\"0 0 10 10\" xmlns=\"http://www.w3.org/2000/svg\" "
      + "xmlns:xlink=\"http://www.w3.org/1999/xlink\"><g id=\"g0\" class=\"graph\">\(body)</g></svg>"
  }

  @Test func keepsGraphvizShapedSVG() throws {
    let app = SampleModel.shop()
    let svg = FakeDiagramProvider.svg(for: .flow(coordinator: "AuthCoordinator"), of: app, links: .site)
    let pages = AppPages.pageNames(of: app)
    var ids: Set<String> = []
    let out = try SVGSanitizer(allowedPages: pages).sanitize(
      svg, name: "flow", rootAttributes: [.attr("role", "group")], usedIDs: &ids)
    #expect(
      out.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
    #expect(out.contains("role=\"group\""))
    #expect(out.contains("xlink:href=\"screen-login-view-controller.html\""))
    #expect(out.contains("class=\"edge kind-push\"") || !svg.contains("kind-push"))
    #expect(out.contains("<title>LoginViewController</title>"))
    #expect(out.contains("id=\"flow-auth_node1\""))
    #expect(!out.contains("<!--"))
    #expect(out.hasSuffix("</svg>"))
  }

  @Test(arguments: [
    "<script>alert(1)</script>",
    "<SCRIPT>alert(1)</SCRIPT>",
    "<foreignObject><div>x</div></foreignObject>",
    "<rect onclick=\"alert(1)\"/>",
    "<g onload=\"alert(1)\"></g>",
    "<rect ONMOUSEOVER=\"alert(1)\"/>",
    "<a xlink:href=\"javascript:alert(1)\"><text>x</text></a>",
    "<a xlink:href=\"&#106;avascript:alert(1)\"><text>x</text></a>",
    "<a href=\"https://evil.example/\"><text>x</text></a>",
    "<a xlink:href=\"//evil.example/x.html\"><text>x</text></a>",
    "<a xlink:href=\"../../etc/passwd\"><text>x</text></a>",
    "<a xlink:href=\"flow-other.html\"><text>not a page of ours</text></a>",
    "<a xlink:href=\"flow-auth.html&quot; onclick=&quot;x\"><text>x</text></a>",
    "<use xlink:href=\"#g0\"/>",
    "<image xlink:href=\"https://evil.example/x.png\"/>",
    "<animate attributeName=\"href\" to=\"javascript:alert(1)\"/>",
    "<set attributeName=\"onmouseover\" to=\"alert(1)\"/>",
    "<style>*{background:url(https://evil.example)}</style>",
    "<rect fill=\"url(https://evil.example/#x)\"/>",
    "<rect stroke=\"URL(//evil.example/x)\"/>",
    "<rect fill=\"\\75 rl(https://evil.example/x)\"/>",
    "<rect fill=\"&#92;75 rl(https://evil.example/x)\"/>",
    "<text>&xxe;</text>",
    "<text>unclosed",
    "<rect x='1 />",
  ])
  func rejectsWhatCouldRunOrLeave(body: String) {
    #expect(throws: SiteError.self) { try sanitize(wrap(body)) }
  }

  /// The app map's thumbnails (`--thumbnails`): an `<image>` of a picture the page allows is
  /// kept, however its name is spelled; of anything else (another file, a `..` further up, a
  /// URL, a second `href` naming another file, the element in capitals, a page that allows no
  /// pictures) the diagram is rejected.
  @Test func keepsOnlyTheImagesOfAllowedPictures() throws {
    let thumbnail = "../images/thumbnails/" + String(repeating: "a", count: 64) + ".png"
    var allowing = sanitizer
    allowing.allowedPictures = [thumbnail]
    let image =
      #"<image xlink:href="\#(thumbnail)" x="1.00" y="-2.00" width="72" height="156" preserveAspectRatio="xMidYMid meet"/>"#
    var ids: Set<String> = []
    let kept = try allowing.sanitize(wrap(image), name: "test", rootAttributes: [], usedIDs: &ids)
    #expect(kept.contains(#"<image xlink:href="\#(thumbnail)" x="1.00" y="-2.00" width="72" height="156""#))
    // The same name with its dots as references: decoded, then allowed.
    let spelled = try allowing.sanitize(
      wrap(#"<image href="&#46;&#46;/images/thumbnails/\#(String(repeating: "a", count: 64)).png"/>"#),
      name: "test", rootAttributes: [], usedIDs: &ids)
    #expect(spelled.contains(#"<image xlink:href="\#(thumbnail)"/>"#))
    let other = "../images/thumbnails/" + String(repeating: "b", count: 64) + ".png"
    for element in [
      #"<image xlink:href="\#(other)"/>"#, #"<image xlink:href="../../etc/passwd"/>"#,
      #"<image xlink:href="https://evil.example/x.png"/>"#, #"<image xlink:href="javascript:alert(1)"/>"#,
      #"<image xlink:href="&#46;&#46;/&#46;&#46;/x.png"/>"#,
      #"<image xlink:href="data:image/png;base64,AAAA"/>"#,
      #"<image xlink:href="\#(thumbnail)" href="\#(other)"/>"#, #"<IMAGE xlink:href="\#(other)"/>"#,
      #"<image xlink:href="\#(thumbnail)"><image xlink:href="\#(other)"/></image>"#,
    ] {
      #expect(throws: SiteError.self, "\(element)") {
        var ids: Set<String> = []
        _ = try allowing.sanitize(wrap(element), name: "test", rootAttributes: [], usedIDs: &ids)
      }
    }
    #expect(throws: SiteError.self) { _ = try sanitize(wrap(image)) }
  }

  /// Control characters never pass, in text or in attribute values, raw or as references: C0
  /// and DEL, and C1 (U+0085), whose lead byte the attribute's fast path once did not look for.
  @Test func controlCharactersBecomeReplacementCharacters() throws {
    let out = try sanitize(
      wrap(
        "<g class=\"node\"><title>a\u{85}b&#x85;c</title><a xlink:title=\"x\u{85}y&#x85;z\u{7F}\"><text>t</text></a></g>"
      ))
    #expect(!out.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x7F }, "\(out)")
    #expect(out.contains("a\u{FFFD}b\u{FFFD}c"))
    #expect(out.contains("x\u{FFFD}y\u{FFFD}z\u{FFFD}"))
  }

  @Test func rejectsDTDSubsets() {
    let svg = "<!DOCTYPE svg [<!ENTITY x \"y\">]>" + wrap("<text>&x;</text>")
    #expect(throws: SiteError.self) { try sanitize(svg) }
  }

  @Test func rejectsContentThatIsNotSVG() {
    #expect(throws: SiteError.self) { try sanitize("<html><body>x</body></html>") }
    #expect(throws: SiteError.self) { try sanitize("no markup at all") }
  }

  @Test func skipsPrologAndComments() throws {
    let svg =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
      + "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<!-- Generated by graphviz -->\n"
      + wrap("<text>a</text>")
    let out = try sanitize(svg)
    #expect(out.hasPrefix("<svg"))
    #expect(!out.contains("DOCTYPE"))
    #expect(!out.contains("Generated"))
  }

  @Test func stripsStyleAttributesAndUnknownElements() throws {
    let out = try sanitize(
      wrap("<rect style=\"fill:red\" width=\"1\"/><metadata><x>secret</x></metadata><text>ok</text>"))
    #expect(!out.contains("style"))
    #expect(!out.contains("metadata"))
    #expect(!out.contains("secret"))
    #expect(out.contains("<rect width=\"1\"/>"))
  }

  @Test func textIsEscapedAgain() throws {
    let out = try sanitize(wrap("<text>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#45;&gt;</text>"))
    #expect(out.contains("<text>&lt;script&gt;alert(1)&lt;/script&gt; &amp; -&gt;</text>"))
  }

  /// A tooltip is trace text a person reads: whatever it says (a deep link with `url(…)`, a
  /// backslash) is kept, escaped, and never fails the diagram.
  @Test func tooltipsMaySayAnything() throws {
    let title = #"open app://x?next=url(https://e.example/) \75 rl( &lt;b&gt;"#
    let out = try sanitize(wrap("<g><a xlink:title=\"\(title)\"><text>x</text></a></g>"))
    #expect(out.contains(#"xlink:title="open app://x?next=url(https://e.example/) \75 rl( &lt;b&gt;""#))
  }

  @Test func allowsLinksToOwnPagesWithFragments() throws {
    let out = try sanitize(
      wrap(
        "<a xlink:href=\"flow-auth.html#screen-login\"><text>x</text></a><a href=\"index.html\"><text>y</text></a>"
      ))
    #expect(out.contains("xlink:href=\"flow-auth.html#screen-login\""))
    #expect(out.contains("xlink:href=\"index.html\""))
  }

  @Test func dropsRepeatedIDs() throws {
    let out = try sanitize(
      wrap("<g id=\"main\"></g><g id=\"n1\"></g><g id=\"n1\"></g><g id=\"bad id\"></g>"), used: ["main"])
    #expect(!out.contains("id=\"main\""))
    #expect(out.components(separatedBy: "id=\"n1\"").count == 2)
    #expect(!out.contains("bad id"))
  }

  @Test func keepsLocalGradientReferences() throws {
    let out = try sanitize(
      wrap(
        "<defs><linearGradient id=\"l_1\"><stop offset=\"0\" stop-color=\"red\"/></linearGradient></defs><rect fill=\"url(#l_1)\"/>"
      ))
    #expect(out.contains("fill=\"url(#l_1)\""))
  }
}

@Suite struct SVGSanitizerEdgeTests {
  let sanitizer = SVGSanitizer(allowedPages: ["flow-auth.html", "index.html"])

  func sanitize(_ svg: String, used: Set<String> = []) throws -> String {
    var ids = used
    return try sanitizer.sanitize(svg, name: "test", rootAttributes: [.attr("role", "group")], usedIDs: &ids)
  }

  func wrap(_ body: String) -> String {
    "<svg viewBox=\"0 0 10 10\"><g id=\"g0\">\(body)</g></svg>"
  }

  func nested(_ depth: Int) -> String {
    "<svg>" + String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth) + "</svg>"
  }

  @Test func decodesEntitiesInLinksBeforeCheckingThem() throws {
    let out = try sanitize(wrap("<a xlink:href=\"flow&#45;auth.html#screen&#x2D;login\"><text>x</text></a>"))
    #expect(out.contains("<a xlink:href=\"flow-auth.html#screen-login\">"))
  }

  @Test func escapesCDATAAsText() throws {
    let out = try sanitize(wrap("<text><![CDATA[a<b & c&amp;]]></text>"))
    #expect(out.contains("<text>a&lt;b &amp; c&amp;amp;</text>"))
  }

  @Test func keepsQuotedMarkupInsideAttributeValuesEscaped() throws {
    let out = try sanitize(wrap("<text x=\"1>2\" class='say \"hi\"' font-family=\"a&apos;b\">t</text>"))
    #expect(out.contains("<text x=\"1&gt;2\" class=\"say &quot;hi&quot;\" font-family=\"a&#39;b\">t</text>"))
  }

  @Test func keepsUppercaseElementsAsWritten() throws {
    let out = try sanitize(wrap("<G id=\"u\"><RECT width=\"1\"/><Metadata>gone</Metadata></G>"))
    #expect(out.contains("<G id=\"u\"><RECT width=\"1\"/></G>"))
    #expect(!out.contains("gone"))
  }

  @Test func decodesTextAndCharacterReferences() throws {
    let out = try sanitize(wrap("<text>→ é &#x2192; &#8594; &#45;&#10;&quot;&apos;&gt;</text>"))
    #expect(out.contains("<text>→ é → → -\n\"'&gt;</text>"))
  }

  /// A run of spaces as Graphviz writes it, and the filling after it (`&#160;` after the first):
  /// kept, as the no-break spaces they stand for, in text and in a tooltip.
  @Test func keepsRunsOfSpacesAsGraphvizWritesThem() throws {
    let out = try sanitize(wrap("<g><a xlink:title=\"a &#160;&#160;b\"><text>x &#160;y</text></a></g>"))
    #expect(out.contains("xlink:title=\"a \u{A0}\u{A0}b\""), "\(out)")
    #expect(out.contains("<text>x \u{A0}y</text>"), "\(out)")
  }

  @Test func limitsNesting() throws {
    #expect(throws: Never.self) { try sanitize(nested(256)) }
    #expect(throws: SiteError.self) { try sanitize(nested(257)) }
  }

  @Test func ignoresTextCommentsAndInstructionsAroundTheRoot() throws {
    let out = try sanitize("ignored <!-- c --><svg><g/></svg>\n<?x y?><!-- after -->\n")
    #expect(
      out
        == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" role=\"group\"><g/></svg>"
    )
  }

  @Test(arguments: [
    "<svg></svg><g></g>",
    "<svg/><svg/>",
    "<svg><g></svg>",
    "<svg></g></svg>",
    "<svg><g></G></svg>",
    "<svg><rect x=\"1\" x=\"2\"/></svg>",
    "<svg><rect x=1/></svg>",
    "<svg><rect x/></svg>",
    "<svg><rect x=\"<\"/></svg>",
    "<svg><rect x=\"1\"</svg>",
    "<svg><text>&#0;</text></svg>",
    "<svg><text>&#xD800;</text></svg>",
    "<svg><text>&#x110000;</text></svg>",
    "<svg><text>&#-65;</text></svg>",
    "<svg><text>&#x;</text></svg>",
    "<svg><text>a & b</text></svg>",
    "<svg><text>&averyverylongname;</text></svg>",
    "<svg><metadata onload=\"x\"/></svg>",
    "<svg><metadata><x>&bogus;</x></metadata></svg>",
    "<svg><metadata x=\"&bogus;\"/></svg>",
    "<svg><rect fill=\"url(#é)\"/></svg>",
    "<svg><rect fill=\"url(#a b)\"/></svg>",
    "<svg><rect fill=\"u&#114;l(https://evil.example/)\"/></svg>",
    "<svg><linearGradient xlink:href=\"https://evil.example/#g\"/></svg>",
    "<svg><g xlink:href=\"#g0\"/></svg>",
    "<svg><!-- never closed </svg>",
    "<svg><![CDATA[ never closed </svg>",
    "<svg>< g/></svg>",
  ])
  func rejectsMalformedOrHostileMarkup(svg: String) {
    #expect(throws: SiteError.self) { try sanitize(svg) }
  }

  @Test func dropsRootClassAndLabelButKeepsThemInside() throws {
    let out = try sanitize("<svg class=\"c\" aria-label=\"l\"><g class=\"c\" aria-label=\"l\"/></svg>")
    #expect(
      out.hasPrefix(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" role"))
    #expect(out.contains("<g class=\"c\" aria-label=\"l\"/>"))
  }

  @Test func addsNewIDsToThePage() throws {
    var ids: Set<String> = ["taken"]
    _ = try sanitizer.sanitize(
      wrap("<g id=\"taken\"/><g id=\"n&#45;1\"/>"), name: "test", rootAttributes: [], usedIDs: &ids)
    #expect(ids == ["taken", "g0", "n-1"])
  }

  @Test func refusesBytesThatAreNotUTF8() throws {
    let sanitizer = SVGSanitizer(allowedPages: [])
    for bad: [UInt8] in [
      [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
    ] {
      var ids: Set<String> = []
      let svg = Array("<svg><text>".utf8) + bad + Array("</text></svg>".utf8)
      #expect(throws: SiteError.self) {
        try sanitizer.sanitize(svg, name: "t", rootAttributes: [], usedIDs: &ids)
      }
    }
    var ids: Set<String> = []
    let fine = try sanitizer.sanitize(
      Array("<svg><text>Caf\u{E9} \u{1F600} \u{10FFFF}</text></svg>".utf8), name: "t", rootAttributes: [],
      usedIDs: &ids)
    #expect(
      String(decoding: fine, as: UTF8.self).hasSuffix("<text>Caf\u{E9} \u{1F600} \u{10FFFF}</text></svg>"))
  }
}
