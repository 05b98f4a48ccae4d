import FlowAtlasBytes
import Testing

/// `Markup`, the one escaper and entity decoder of pages, sanitized SVG and drawings (#44, item 3).
struct MarkupTests {
  static func escaped(_ text: String, inAttribute: Bool) -> String {
    var out: [UInt8] = []
    Markup.escape(text, inAttribute: inAttribute, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  static func decoded(_ text: String) -> String {
    String(decoding: Markup.decodingEntities(Array(text.utf8)[...]), as: UTF8.self)
  }

  @Test func textCanOpenNoTagAndNoEntity() {
    #expect(Self.escaped("<b>&amp;\"'</b>", inAttribute: false) == "&lt;b&gt;&amp;amp;\"'&lt;/b&gt;")
    #expect(Self.escaped("x\" onload='y'", inAttribute: true) == "x&quot; onload=&#39;y&#39;")
    #expect(Self.escaped("plain é 日本", inAttribute: true) == "plain é 日本")
    #expect(Self.escaped("", inAttribute: false) == "")
  }

  /// Controls HTML and XML forbid become U+FFFD, C0 and C1 alike; whitespace stays; a character
  /// that only shares the C1 controls' lead byte is copied.
  @Test func controlsBecomeTheReplacementCharacter() {
    #expect(Self.escaped("a\u{0}b\u{1B}c\u{7F}d", inAttribute: false) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
    #expect(Self.escaped("a\u{85}b\u{9F}", inAttribute: true) == "a\u{FFFD}b\u{FFFD}")
    #expect(Self.escaped("\t\n\r\u{C}", inAttribute: true) == "\t\n\r\u{C}")
    #expect(Self.escaped("\u{A0}©", inAttribute: false) == "\u{A0}©")
  }

  /// Bidirectional embeddings, overrides and isolates become U+FFFD: each reorders the text after
  /// it (a title reversed the page's own words after it); the characters beside them in Unicode,
  /// and others with their lead byte (arrows, dashes, the ellipsis), are copied.
  @Test func bidirectionalControlsBecomeTheReplacementCharacter() {
    for control in [
      "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
      "\u{2069}",
    ] {
      for inAttribute in [false, true] {
        #expect(Self.escaped("Pay\(control)eert", inAttribute: inAttribute) == "Pay\u{FFFD}eert")
      }
    }
    let kept = "\u{2029}\u{202F}\u{2065}\u{206A}→…—\u{200F}"
    #expect(Self.escaped(kept, inAttribute: true) == kept)
    #expect(Self.escaped("\u{202E}", inAttribute: false) == "\u{FFFD}")
    #expect(Self.escaped("a\u{E2}", inAttribute: false) == "a\u{E2}")
  }

  /// The table and the fast test agree on every byte, so no byte is escaped by one path only.
  @Test func everyByteTheTableChangesIsOneEscapingLooksAt() {
    for byte in UInt8.min...UInt8.max {
      for inAttribute in [false, true] {
        let changed =
          Markup.entity(for: byte, inAttribute: inAttribute) != nil || byte == 0xC2 || byte == 0xE2
        #expect(Markup.isSpecial(byte, inAttribute: inAttribute) == changed, "byte \(byte)")
      }
    }
  }

  @Test func entitiesDecodeAsXMLDefinesThemAndNothingElse() {
    #expect(Self.decoded("a&#45;b&#x41;&#65;&lt;&gt;&amp;&quot;&apos;") == "a-bAA<>&\"'")
    #expect(Self.decoded("&#x1F600;") == "😀")
    // Not entities: kept as written.
    for kept in [
      "&nbsp;", "&#0;", "&#;", "&#x;", "&#+65;", "&#xD800;", "&#x110000;", "& b", "&#00000000065;", "a&",
    ] {
      #expect(Self.decoded(kept) == kept, "\(kept)")
    }
  }

  /// Escaping then decoding gives the text back, for text without controls.
  @Test func escapingThenDecodingIsTheText() {
    for text in ["<a href=\"x\">Tom & 'Jerry'</a>", "&#45;", "日本 & more"] {
      #expect(Self.decoded(Self.escaped(text, inAttribute: true)) == text)
    }
  }
}
