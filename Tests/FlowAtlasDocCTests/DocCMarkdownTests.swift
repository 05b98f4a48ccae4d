import Testing

@testable import FlowAtlasDocC

/// Trace text in a DocC article: it shows as its characters and never becomes markup.
@Suite struct DocCMarkdownTests {
  /// What DocC or CommonMark would read as markup if it reached an article as it is.
  static let attacks = [
    "``Evil``", "<doc:evil>", "[x](javascript:alert(1))", "![i](https://example.com/i.png)", "@Metadata { }",
    "a\n# Heading", "a\r\n@TechnologyRoot", "<script>alert(1)</script>", "*em* _em_", "https://example.com",
    "&amp; &#60;", "| cell |", "~~gone~~", "line\u{2028}break", "trailing #",
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
        #expect(iterator.next().map(Self.marks.contains) == true, "a backslash escapes a mark")
      } else {
        unescaped.append(character)
      }
    }
    #expect(!unescaped.contains(where: Self.marks.contains), "\(markdown)")
  }

  @Test(arguments: attacks)
  func codeVoiceIsOneBacktickPairOrEscapedText(_ attack: String) {
    let markdown = DocCMarkdown.code(attack, inTable: true)
    #expect(!markdown.contains("``"), "a double backtick is DocC's symbol link")
    #expect(!markdown.contains { $0.isNewline })
    if markdown.hasPrefix("`") {
      #expect(
        markdown.hasSuffix("`") && markdown.dropFirst().dropLast().allSatisfy { $0 != "`" && $0 != "|" })
    } else {
      #expect(markdown == DocCMarkdown.text(attack))
    }
  }

  @Test func typesLinkToTheModuleOnlyWhenTheyAreSwiftTypeNames() {
    let linked = DocCMarkdown(module: "ShopKit")
    #expect(linked.type("CheckoutCoordinator") == "``ShopKit/CheckoutCoordinator``")
    #expect(linked.type("Checkout.PaymentViewController") == "``ShopKit/Checkout/PaymentViewController``")
    #expect(linked.type("Detail<Int>") == "`Detail<Int>`")
    #expect(linked.type("9Lives") == "`9Lives`")
    #expect(linked.type("``Evil``") == DocCMarkdown.text("``Evil``"))
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
