import FlowAtlasBytes
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
