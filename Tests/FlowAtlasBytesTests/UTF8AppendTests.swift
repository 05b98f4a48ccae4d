import FlowAtlasBytes
import FlowAtlasTestSupport
import Testing

@Suite struct UTF8AppendTests {
  @Test(arguments: [
    "", "a", "LoginViewController", "caf\u{E9} \u{1F600}", String(repeating: "long-text ", count: 50),
  ])
  func appendsTheSameBytesAsTheUTF8View(_ text: String) {
    var bytes: [UInt8] = [1, 2]
    bytes.append(utf8: text)
    #expect(bytes == [1, 2] + Array(text.utf8))
  }

  @Test func appendsASubstringsBytesOnly() {
    let text = String("prefix-kept".dropFirst(7))
    var bytes: [UInt8] = []
    bytes.append(utf8: text)
    #expect(bytes == Array("kept".utf8))
  }
}

/// `append(decimal:)` writes what `String(value)` writes, without making the string; a literal
/// is appended whole.
@Suite struct DecimalAndLiteralAppendTests {
  @Test func decimalsAreStringsDigits() {
    var generator = SeededRandom(seed: 11)
    let chosen = [0, 7, -7, 10, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
    let random = (0..<2_000).map { _ in Int.random(in: Int.min...Int.max, using: &generator) }
    for value in chosen + random {
      var bytes: [UInt8] = [0x41]
      bytes.append(decimal: value)
      #expect(bytes == [0x41] + Array(String(value).utf8), "\(value)")
    }
  }

  @Test func aLiteralIsAppendedWhole() {
    var bytes: [UInt8] = []
    bytes.append(#"{"seq":"#)
    bytes.append("é\n")
    #expect(bytes == Array(#"{"seq":é"#.utf8) + [0x0A])
  }
}
