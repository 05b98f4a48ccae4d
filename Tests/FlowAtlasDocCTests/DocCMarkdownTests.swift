import Testing

@testable import FlowAtlasDocC

/// Trace text in a DocC article: it shows as its characters and never becomes markup.
@Suite struct DocCMarkdownTests {
  /// What DocC or CommonMark would read as markup if it reached an article as it is.
  static let attacks = [
    "``Evil``", "<doc:evil>", "[x](javascript:alert(1))", "![i](https://example.com/i.png)", "@Metadata { }",
    "a\n# Heading", "a\r\n@TechnologyRoot", "<script>alert(1)</script>", "*em* _em_", "https://example.com",
    "&amp; &#60;", "| cell |", "~~gone~~", "line\u{2028}break", "trailing #", "- item", "+ item", "1. item",
    "12) item", "    indented code", "=====", "hard break  ", " Note: aside", "Pay\u{202E}eert",
    "\u{2067}x\u{2069}",
  ]

  /// The marks ``DocCMarkdown/text(_:)`` escapes.
  static let marks: Set<Character> = [
    "!", "#", "&", "(", ")", "*", ":", "<", ">", "@", "[", "\\", "]", "_", "`", "|", "~",
  ]

  @Test(arguments: attacks)
  func textEscapesEveryMarkAndBreaksNoLine(_ attack: String) {
    let markdown = DocCMarkdown.text(attack)
    #expect(!markdown.contains { $0.isNewline })
    // Drop every escaped pair: no mark may be left standing.
    var unescaped: [Character] = []
    var iterator = markdown.makeIterator()
    while let character = iterator.next() {
      if character == "\\" {
        // CommonMark: a backslash before ASCII punctuation escapes it (a leading `-` or `1.` too).
        #expect(iterator.next().map { $0.isASCII && $0.isPunctuation || "+=<>^`|~$".contains($0) } == true)
      } else {
        unescaped.append(character)
      }
    }
    #expect(!unescaped.contains(where: Self.marks.contains), "\(markdown)")
    // Nothing at either end that could start a block or break a line.
    #expect(!markdown.hasPrefix(" ") && !markdown.hasSuffix(" "))
    // Nor a bidirectional control, which would reorder the article's words after it.
    #expect(
      !markdown.unicodeScalars.contains {
        (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
      })
    #expect(markdown.firstMatch(of: /^([-+=]|[0-9]+[.)])/) == nil, "\(markdown)")
  }

  @Test(arguments: attacks)
  func codeVoiceIsOneBacktickPairOrQuotedText(_ attack: String) {
    let markdown = DocCMarkdown.code(attack, inTable: true)
    #expect(!markdown.contains("``"), "a double backtick is DocC's symbol link")
    #expect(!markdown.contains { $0.isNewline })
    if markdown.hasPrefix("`") {
      #expect(
        markdown.hasSuffix("`") && markdown.dropFirst().dropLast().allSatisfy { $0 != "`" && $0 != "|" })
    } else {
      // Quoted text: it starts with a quotation mark, never with the trace's own characters.
      #expect(markdown == "“" + DocCMarkdown.text(attack) + "”")
    }
  }

  @Test func typesLinkToTheModuleOnlyWhenTheyAreSwiftTypeNames() {
    let linked = DocCMarkdown(module: "ShopKit")
    #expect(linked.type("CheckoutCoordinator") == "``ShopKit/CheckoutCoordinator``")
    #expect(linked.type("Checkout.PaymentViewController") == "``ShopKit/Checkout/PaymentViewController``")
    #expect(linked.type("Detail<Int>") == "`Detail<Int>`")
    #expect(linked.type("9Lives") == "`9Lives`")
    #expect(linked.type("``Evil``") == "“" + DocCMarkdown.text("``Evil``") + "”")
    #expect(DocCMarkdown(module: nil).type("CheckoutCoordinator") == "`CheckoutCoordinator`")
  }

  @Test(arguments: ["ShopKit", "_Private", "App2"])
  func moduleNamesAreIdentifiers(_ name: String) { #expect(DocCCatalog.isModuleName(name)) }

  @Test(arguments: ["", "2App", "Shop-Kit", "Shop Kit", "Shop/Kit", "Shöp", "``X``"])
  func otherModuleNamesAreRefused(_ name: String) {
    #expect(!DocCCatalog.isModuleName(name))
    #expect(throws: DocCError.invalidModule(name)) {
      try DocCCatalog(model: .init(apps: [], diagnostics: []), diagrams: SimpleDiagrams(), module: name)
    }
  }
}
