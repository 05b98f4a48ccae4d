import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasSite
import FlowAtlasTrace
import Foundation
import Testing

/// Control characters from a trace never reach a page raw: the HTML spec forbids them (raw and
/// as character references), so they become U+FFFD; HTML's own whitespace stays.
@Suite struct ControlCharacterTests {
  static let trace = """
    {"flowatlas":"trace","version":1,"app":"Ctl","run":"r\\u0000un","title":"T\\u0001i\\u001btle\\u007f"}
    {"seq":1,"event":"coordinator.start","coordinator":"a","type":"A\\u0000Coordinator"}
    {"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"Home\\u0007","title":"H\\u0000\\tome"},"coordinator":"a"}
    {"seq":3,"event":"user.action","screen":"s1","action":"t\\u001bap","label":"L\\u0002"}
    {"seq":4,"event":"router.push","screen":{"id":"s2","type":"Next\\u001f\\u0085"},"coordinator":"a"}
    {"seq":5,"event":"note","text":"n\\u0000o\\u0008te\\u009b"}
    {"seq":6,"event":"user.action","screen":"s2","action":"p\u{202E}ay","label":"\u{2067}L"}
    {"seq":7,"event":"router.push","screen":{"id":"s3","type":"Pay\u{202E}eert","title":"T\\u202bi\\u2066tle"},"coordinator":"a"}

    """

  @Test func noPageHoldsAForbiddenControlCharacter() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let model = ModelBuilder(workers: 1).build(traces: [("t.jsonl", Array(Self.trace.utf8))])
    #expect(model.diagnostics.isEmpty)
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider(), notes: nil).build(into: site)
    let pages = try TemporaryFolder.contents(of: site).filter { $0.key.hasSuffix(".html") }
    #expect(pages.count > 3)
    var replaced = 0
    for (path, bytes) in pages {
      let forbidden = bytes.filter { ($0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0)) || $0 == 0x7F }
      #expect(forbidden.isEmpty, "\(path) holds \(forbidden)")
      // C1 controls too (U+0080–U+009F, UTF-8 C2 80 – C2 9F): U+0085 once reached a page.
      let c1 = zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
      #expect(
        !c1,
        "\(path) holds a C1 control: \(String(decoding: bytes, as: UTF8.self).unicodeScalars.filter { (0x80...0x9F).contains($0.value) }.count)"
      )
      replaced += String(decoding: bytes, as: UTF8.self).filter { $0 == "\u{FFFD}" }.count
    }
    #expect(replaced > 10)
  }

  /// Nor a bidirectional control, in any file of the site (pages, scripts' data): each
  /// reorders the text after it, a page's own words too.
  @Test func noFileOfTheSiteHoldsABidirectionalControl() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let model = ModelBuilder(workers: 1).build(traces: [("t.jsonl", Array(Self.trace.utf8))])
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider(), notes: nil).build(into: site)
    let files = try TemporaryFolder.contents(of: site)
    var checked = 0
    // The cache holds the drawings as the (fake) renderer gave them; pages embed them sanitized.
    for (path, bytes) in files where !path.hasPrefix(".flowatlas-cache/") {
      let text = String(decoding: bytes, as: UTF8.self)
      let controls = text.unicodeScalars.filter { Markup.isBidirectionalControl($0.value) }.count
      #expect(controls == 0, "\(path) holds \(controls)")
      checked += text.contains("Pay\u{FFFD}eert") ? 1 : 0
    }
    #expect(checked > 3, "the screen's name is in pages and the search index, its control replaced")
  }
}
