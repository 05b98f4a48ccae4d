import FlowAtlasBytes
import FlowAtlasTestSupport
import Testing

@Suite struct FingerprintTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func sha256MatchesTheStandardVectors(input: String, expected: String) {
    #expect(Fingerprint.sha256(input) == expected)
  }

  /// Lengths around the block and padding boundaries (55, 56, 64 bytes), and a million `a`s.
  @Test(arguments: [
    (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
    (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
    (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
    (
      String(repeating: "a", count: 1_000_000),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    ),
  ])
  func sha256AcrossBlockBoundaries(input: String, expected: String) {
    #expect(Fingerprint.sha256(input) == expected)
  }

  @Test func fast128IsPinnedAndTellsNearInputsApart() {
    let inputs: [[UInt8]] = [
      [], [0], [0, 0], Array("abc".utf8), Array("abd".utf8), Array("abcdefgh".utf8), Array("abcdefgi".utf8),
      Array("bbcdefgh".utf8), Array(repeating: 7, count: 4096), Array(repeating: 7, count: 4097),
    ]
    let hashes = inputs.map(Fingerprint.fast128)
    #expect(Set(hashes).count == inputs.count)
    #expect(hashes.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    // Pinned: a cache written by one process must be found by the next.
    #expect(Fingerprint.fast128(Array("flowatlas".utf8)) == "83564606a2a9984949616142c3b209b1")
  }

  /// Fed in pieces of every size (crossing the 8-byte words anywhere), the hash is that of the
  /// pieces joined.
  @Test func fast128InPiecesEqualsTheWhole() {
    var generator = SeededRandom(seed: 1)
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1000] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      for _ in 0..<20 {
        var hasher = Fingerprint.Fast128()
        var offset = 0
        while offset < bytes.count {
          let piece = min(bytes.count - offset, Int.random(in: 0...11, using: &generator))
          bytes[offset..<offset + piece].withUnsafeBytes { hasher.combine($0) }
          offset += piece
        }
        #expect(hasher.finalize() == Fingerprint.fast128(bytes), "length \(length), \(generator)")
      }
    }
  }

}
