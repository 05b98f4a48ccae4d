import Testing

@testable import FlowAtlasSite

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

  @Test func modelDigestSeesEveryChange() {
    var app = SampleModel.shop()
    var first = ModelDigest()
    first.add(app)
    app.name = "Shop2"
    var second = ModelDigest()
    second.add(app)
    #expect(first.bytes != second.bytes)
  }
}
