import FlowAtlasBytes
import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasSite

@Suite struct SearchIndexTests {
  static let alphabet: [Unicode.Scalar] = [
    "a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "<", ">", "&", "\u{2027}",
    "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2069}", "→", "é", "\u{E2}", "\u{FFFD}", "🙂",
  ]

  /// Every string survives as a JSON string literal (but a bidirectional control, U+FFFD as on the
  /// pages), and nothing in it can end a script (`<`, `>`, `&`) or a JavaScript line (U+2028, U+2029).
  @Test func literalsRoundTripAndHideWhatCouldEndAScript() throws {
    var generator = SeededRandom(seed: 6)
    for _ in 0..<2_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        scalars.append(Self.alphabet.randomElement(using: &generator)!)
      }
      let text = String(scalars)
      var literal: [UInt8] = []
      SearchIndex.appendLiteral(text, to: &literal)
      let decoded =
        try JSONSerialization.jsonObject(with: Data(literal), options: .fragmentsAllowed) as? String
      var shown = String.UnicodeScalarView()
      for scalar in text.unicodeScalars {
        shown.append(Markup.isBidirectionalControl(scalar.value) ? "\u{FFFD}" : scalar)
      }
      #expect(decoded == String(shown), "\(Array(text.unicodeScalars)), \(generator)")
      let written = String(decoding: literal, as: UTF8.self)
      #expect(!written.contains(where: { "<>&\u{2028}\u{2029}\n\r".contains($0) }))
    }
  }

  @Test(arguments: [
    ("plain", #""plain""#), ("a\"b\\c", #""a\"b\\c""#), ("</script>", #""\u003c/script\u003e""#),
    ("x\u{2028}y\u{2029}", #""x\u2028y\u2029""#), ("A → B", "\"A → B\""), ("\u{1}\u{7F}", #""\u0001\u007f""#),
    ("tab\tline\nret\r", #""tab\tline\nret\r""#),
  ])
  func literals(text: String, expected: String) {
    var literal: [UInt8] = []
    SearchIndex.appendLiteral(text, to: &literal)
    #expect(String(decoding: literal, as: UTF8.self) == expected)
  }

  /// A big app's index comes in pieces of about ``SearchIndex/pieceSize``, broken only between
  /// entries: joined, they are the one script, every entry in order.
  @Test func aBigIndexIsWrittenInPiecesThatJoinToTheScript() throws {
    let entries = (0..<3_000).map { number in
      SearchIndex.Entry(
        kind: number % 3 == 0 ? "Screen" : "Action", title: "Title \(number) → \"quoted\" </script>",
        detail: String(repeating: "detail ", count: number % 7), url: "app/screen-\(number).html", app: "App")
    }
    let pieces = SearchIndex.script(entries)
    #expect(pieces.count > 2)
    for piece in pieces.dropLast() {
      #expect(piece.count >= SearchIndex.pieceSize && piece.count < SearchIndex.pieceSize + 1_024)
      #expect(piece.last == UInt8(ascii: "\n"), "a piece ends after a whole entry")
    }
    let script = String(decoding: pieces.joined(), as: UTF8.self)
    let prefix = "window.FLOWATLAS_SEARCH = "
    let array = try #require(script.range(of: prefix)).upperBound
    let json = script[array...].trimmingCharacters(in: .whitespacesAndNewlines).dropLast()  // its `;`
    // The script's array is JSON but for the comma after its last entry.
    let withoutTrailingComma = json.replacingOccurrences(of: "},\n]", with: "}\n]")
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data(withoutTrailingComma.utf8)) as? [[String: String]])
    #expect(decoded.map { $0["t"] } == entries.map(\.title))
    #expect(decoded.map { $0["u"] } == entries.map(\.url))
  }
}
