import FlowAtlasBytes
import FlowAtlasTestSupport
import Testing

@Suite struct ByteWordTests {
  /// Each test's lowest flag is exact, against the byte-by-byte definition, on random words
  /// biased towards the bytes next to the ones tested for (where a borrow would show).
  @Test func theFirstFlaggedByteIsTheFirstThatMatches() {
    var generator = SeededRandom(seed: 11)
    let near: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xFF]
    for _ in 0..<20_000 {
      let bytes = (0..<8).map { _ in
        Bool.random(using: &generator)
          ? near.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      }
      let word = bytes.withByteView { $0.word(at: 0) }
      let tests: [(UInt64, (UInt8) -> Bool)] = [
        (ByteWord.below(0x20, in: word), { $0 < 0x20 }),
        (ByteWord.below(0x80, in: word), { $0 < 0x80 }),
        (ByteWord.equal(to: 0x22, in: word), { $0 == 0x22 }),
        (ByteWord.equal(to: 0x00, in: word), { $0 == 0x00 }),
        (ByteWord.nonASCII(in: word), { $0 >= 0x80 }),
      ]
      for (flags, matches) in tests {
        let first = bytes.firstIndex(where: matches)
        #expect((flags == 0 ? nil : ByteWord.firstFlagged(flags)) == first, "\(bytes), \(generator)")
      }
    }
  }

  @Test func theFirstByteInMemoryIsTheLowest() {
    let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    #expect(bytes.withByteView { $0.word(at: 1) } == 0x0908_0706_0504_0302)
  }
}
