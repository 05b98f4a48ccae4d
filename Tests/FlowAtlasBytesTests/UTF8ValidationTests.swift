import FlowAtlasBytes
import FlowAtlasTestSupport
import Testing

@Suite struct UTF8CheckTests {
  /// The check agrees with the standard library's decoder on random bytes, biased towards the
  /// lead and continuation bytes where the rules are.
  @Test func agreesWithTheStandardLibrary() {
    var generator = SeededRandom(seed: 2)
    let interesting: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...24, using: &generator)
      let bytes = (0..<count).map { _ in
        Bool.random(using: &generator)
          ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      #expect(UTF8Validation.isValid(bytes) == expected, "\(bytes), \(generator)")
    }
  }
}
