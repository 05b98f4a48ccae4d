import FlowAtlasBytes
import Testing

/// What the commands print of a trace's text: a terminal line it cannot rewrite.
@Suite struct PrintableTests {
  /// Controls are written as escapes, C0, C1 and bidirectional alike (a right-to-left override
  /// in a type's name turned the rest of the diagnostic's line about); other text is as it is.
  @Test func controlsAndBidirectionalControlsAreEscaped() {
    #expect(Printable.line("a\u{1B}[2Jb\u{85}c") == "a\\u{1b}[2Jb\\u{85}c")
    #expect(Printable.line("Pay\u{202E}eert\u{2066}") == "Pay\\u{202e}eert\\u{2066}")
    #expect(Printable.line("é → 日本\u{200F}\u{2065}") == "é → 日本\u{200F}\u{2065}")
  }
}
