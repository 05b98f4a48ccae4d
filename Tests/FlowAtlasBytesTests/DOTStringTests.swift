import FlowAtlasBytes
import FlowAtlasTestSupport
import Testing

/// DOT's escaping, as the DOT writer uses it (its quoting and Graphviz's reading of it are tested
/// with the renderer).
@Suite struct DOTStringTests {
  @Test func controlsQuotesAndBackslashesAreWrittenAsGraphvizReadsThem() {
    func escaped(_ text: String, tooltip: Bool = false) -> String {
      var out: [UInt8] = []
      DOTString.appendEscaped(text, tooltip: tooltip, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
    #expect(escaped("plain name") == "plain name")
    #expect(escaped("a\"b\\c&d") == #"a\"b\\c&amp;d"#)
    #expect(escaped("one\ntwo\r") == #"one\ntwo"#)
    #expect(escaped("\u{0}\u{7F}\u{85}\u{FFFE}é") == "    é")
    // Bidirectional controls, which would reorder the drawing's text after them; not their neighbours.
    #expect(escaped("Pay\u{202E}eert\u{2066}x\u{202A}\u{2069}") == "Pay eert x  ")
    #expect(escaped("\u{2029}\u{202F}\u{2065}\u{206A}→") == "\u{2029}\u{202F}\u{2065}\u{206A}→")
    #expect(escaped("a\\N", tooltip: true) == "a\u{29F5}N")
  }

  /// The eight-byte test agrees with the byte test on words of random and chosen bytes.
  @Test func wordTestAgreesWithByteTest() {
    let chosen: [UInt8] = [
      0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x25, 0x26, 0x27, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC1, 0xC2,
      0xC3, 0xE1, 0xE2, 0xE3,
      0xEE, 0xEF,
      0xF0, 0xFF,
    ]
    var generator = SeededRandom(seed: 5)
    for round in 0..<50_000 {
      var bytes = (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
      if round % 2 == 0 {
        // Mostly plain letters with a chosen byte or two, as real text is.
        bytes = (0..<8).map { _ in UInt8.random(in: 0x61...0x7A, using: &generator) }
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
          bytes[Int.random(in: 0..<8, using: &generator)] = chosen.randomElement(using: &generator)!
        }
      }
      let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
      let expected = bytes.contains { $0 < 0x20 || [0x22, 0x26, 0x5C, 0x7F, 0xC2, 0xE2, 0xEF].contains($0) }
      #expect(DOTString.mayNeedCare(word) == expected, "\(bytes), \(generator)")
    }
  }
}
