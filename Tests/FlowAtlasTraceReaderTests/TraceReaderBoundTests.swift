import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation
import Testing

/// A path that names an endless source is read up to a bound, then stops with a clear error.
struct TraceReaderBoundTests {
  @Test func anEndlessSourceStopsAtTheBound() {
    var document = TraceDocument()
    #expect(throws: TraceReadError.tooLarge(file: "/dev/zero", limit: 8 << 20)) {
      try TraceReader(path: "/dev/zero", maximumFileSize: 8 << 20).read(into: &document)
    }
    #expect(
      TraceReadError.tooLarge(file: "z", limit: 8 << 20).localizedDescription.hasPrefix(
        "trace z is larger than 8 MiB"))
  }

  @Test func aFileWithinTheBoundIsReadWhole() throws {
    let path = "/tmp/flowatlas-bound-\(UInt32.random(in: 0...UInt32.max)).jsonl"
    let text = #"{"flowatlas":"trace","version":1,"app":"a","run":"r"}"# + "\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var document = TraceDocument()
    try TraceReader(path: path, maximumFileSize: text.utf8.count).read(into: &document)
    #expect(document.header?.app == "a")
  }
}
