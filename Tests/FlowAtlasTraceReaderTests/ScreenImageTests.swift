import FlowAtlasTrace
import Testing

@testable import FlowAtlasTraceReader

/// `screen.image` (revision 4): read with its size, checked as the spec orders (the keys, the
/// screen, then the path: `bad-image` skips the line), and written back by the encoder.
@Suite struct ScreenImageTests {
  static let header = #"{"flowatlas":"trace","version":1,"app":"Shop","run":"r"}"#
  static let shown = #"{"seq":1,"event":"router.setRoot","screen":{"id":"s1","type":"Cart"}}"#

  static func read(_ line: String) -> TraceDocument {
    TraceDocument.read(bytes: Array([header, shown, line].joined(separator: "\n").utf8))
  }

  @Test func anImageOfAScreenShownIsReadWithItsSize() {
    let read = Self.read(
      #"{"seq":2,"event":"screen.image","screen":"s1","file":"images/3f2a.png","width":1170,"height":2532}"#)
    #expect(read.diagnostics == [], "\(read.diagnostics.map(\.formatted))")
    #expect(
      read.records.last
        == TraceRecord(
          seq: 2, event: .screenImage(screen: "s1", file: "images/3f2a.png", width: 1170, height: 2532),
          line: 3))
    let bare = Self.read(#"{"seq":2,"event":"screen.image","screen":"s1","file":"./a.jpg","width":null}"#)
    #expect(bare.diagnostics == [])
    #expect(bare.records.last?.event == .screenImage(screen: "s1", file: "./a.jpg", width: nil, height: nil))
  }

  @Test(arguments: [
    (#""screen":"s9","file":"a.png""#, Diagnostic.Code.unknownScreen),
    (#""screen":{"id":"s1","type":"Cart"},"file":"a.png""#, .malformedLine),
    (#""screen":"s1""#, .malformedLine),
    (#""screen":"s1","file":7"#, .malformedLine),
    (#""screen":"s1","file":"a.png","width":0"#, .malformedLine),
    (#""screen":"s1","file":"a.png","height":"tall""#, .malformedLine),
    (#""screen":"s1","file":"a.png","width":1.5"#, .malformedLine),
    (#""screen":"s1","file":"/etc/passwd""#, .badImage),
    (#""screen":"s1","file":"../secret.png""#, .badImage),
    (#""screen":"s1","file":"images/../../x.png""#, .badImage),
    (#""screen":"s1","file":"images/..""#, .badImage),
    (#""screen":"s1","file":"""#, .badImage),
  ])
  func aLineTheSpecRefusesIsReportedAndSkipped(keys: String, code: Diagnostic.Code) {
    let read = Self.read(#"{"seq":2,"event":"screen.image","# + keys + "}")
    #expect(read.diagnostics.map(\.code) == [code], "\(read.diagnostics.map(\.formatted))")
    #expect(read.diagnostics.first?.line == 3)
    #expect(read.records.count == 1, "the line is skipped")
    if code == .badImage {
      #expect(read.diagnostics.first?.severity == .warning)
      #expect(read.diagnostics.first?.message.contains("relative to the trace's folder") == true)
    }
  }

  /// A name with dots that is no `..` component is a name.
  @Test func dotsInANameAreNoComponent() {
    for file in ["a..png", "..a.png", "images/...", "v1.2/a.png"] {
      #expect(TraceDecoder.imagePathProblem(file) == nil, "\(file)")
    }
  }

  @Test func theEncoderWritesWhatTheReaderReads() {
    let event = TraceEvent.screenImage(screen: "s1", file: "a \"b\".png", width: 3, height: nil)
    let records = [
      TraceRecord(
        seq: 1,
        event: .setRoot(
          screen: .introduce(Screen(id: "s1", type: "Cart")), coordinator: nil, router: nil, background: nil)),
      TraceRecord(seq: 2, event: event),
    ]
    let text = TraceRecordEncoder().document(header: TraceHeader(app: "Shop", run: "r"), records: records)
    let read = TraceDocument.read(bytes: Array(text.utf8))
    #expect(read.diagnostics == [])
    #expect(read.records.last?.event == event)
  }
}
