import FlowAtlasBytes
import FlowAtlasTrace
import Testing

@testable import FlowAtlasTraceReader

@Suite struct SymbolTableTests {
  /// Interns `text` as a plain string token of a line holding only it.
  private func intern(_ text: String, _ table: inout SymbolTable) -> Int {
    let bytes = Array(text.utf8)
    return bytes.withByteView { view in
      table.intern(JSONToken(kind: .plainString, start: 0, end: view.count), in: JSONScanner(view))
    }
  }

  @Test func equalBytesShareASymbolAndDifferentBytesDoNot() {
    var table = SymbolTable()
    var texts: [String] = []
    // Every length across the short, overlapping-word and long paths, differing in one byte.
    for length in 1...40 {
      for position in 0..<length {
        var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
        bytes[position] = UInt8(ascii: "b")
        texts.append(String(decoding: bytes, as: UTF8.self))
      }
      texts.append(String(repeating: "a", count: length))
    }
    texts += ["", "é", "🧭", "s1", "s10", "s01"]
    let first = texts.map { intern($0, &table) }
    #expect(Set(first).count == texts.count)
    let second = texts.map { intern($0, &table) }
    #expect(first == second)
    #expect(first.map { table[$0].string } == texts)
  }

  @Test func anEscapedIdIsTheSameIdAsItsPlainForm() {
    let text = """
      {"flowatlas":"trace","version":1,"app":"A","run":"r"}
      {"seq":1,"event":"coordinator.start","coordinator":"c\\u0031","type":"T"}
      {"seq":2,"event":"router.setRoot","screen":{"id":"s\\u0031","type":"V"},"coordinator":"c1"}
      {"seq":3,"event":"router.push","screen":"s1","coordinator":"c\\u0031"}

      """
    let read = TraceDocument.read(bytes: Array(text.utf8))
    #expect(read.diagnostics == [])
    #expect(read.records.count == 3)
  }

  @Test func manySymbolsGrowTheTable() {
    var table = SymbolTable()
    let symbols = (0..<10_000).map { intern("id-\($0)", &table) }
    #expect(symbols == Array(0..<10_000))
    #expect(intern("id-1234", &table) == 1234)
  }
}
