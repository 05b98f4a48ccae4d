import FlowAtlasBytes
import Foundation
import Testing

@Suite struct JSONStringTests {
  @Test(
    arguments: [
      ("plain", [], #""plain""#),
      ("a\"b\\c", [], #""a\"b\\c""#),
      ("\n\r\t\u{8}\u{C}", [], #""\n\r\t\b\f""#),
      ("\u{0}\u{1F}\u{7F}", [], #""\u0000\u001f\u007f""#),
      ("é€😀", [], "\"é€😀\""),
      ("a\u{2028}b\u{2029}", [], "\"a\u{2028}b\u{2029}\""),
      ("a\u{2028}b\u{2029}", [.lineSeparators], #""a\u2028b\u2029""#),
      ("</script><!--&", [.lineSeparators], #""</script><!--&""#),
      ("</script><!--&\u{2028}", [.scriptSafe], #""\u003c/script\u003e\u003c!--\u0026\u2028""#),
      // Bidirectional controls: as they are in plain JSON (model.json keeps a trace's text); in
      // JSON a page's script reads, U+FFFD, as the page's markup has them.
      ("a\u{202A}b\u{202E}c\u{2066}d\u{2069}", [], "\"a\u{202A}b\u{202E}c\u{2066}d\u{2069}\""),
      ("a\u{202A}b\u{202E}c\u{2066}d\u{2069}", [.scriptSafe], #""a\ufffdb\ufffdc\ufffdd\ufffd""#),
      (
        "\u{2027}\u{2029}\u{202F}\u{2065}\u{206A}→", [.scriptSafe],
        "\"\u{2027}\\u2029\u{202F}\u{2065}\u{206A}→\""
      ),
    ] as [(String, JSONString.Options, String)])
  func escapesAsDocumented(text: String, options: JSONString.Options, literal: String) {
    #expect(JSONString.literal(text, options: options) == literal)
  }

  /// Whatever the text and options, a JSON parser reads back the text.
  @Test(arguments: [[], [.lineSeparators], [.scriptSafe]] as [JSONString.Options])
  func readsBackAsTheText(options: JSONString.Options) throws {
    let text =
      (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{80}\u{2028}\u{2029}\u{FFFF}😀"
    let literal = JSONString.literal(text, options: options)
    let parsed = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)
    #expect(parsed as? String == text)
  }
}
