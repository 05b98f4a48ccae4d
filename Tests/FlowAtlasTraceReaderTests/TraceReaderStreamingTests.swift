import FlowAtlasBytes
import FlowAtlasTestSupport
import FlowAtlasTraceReader
import Foundation
import Testing

@testable import FlowAtlasTrace

/// A trace of `count` events with some blank, CRLF, bad and very long lines mixed in.
private func bigTrace(events count: Int) -> [UInt8] {
  let encoder = TraceRecordEncoder()
  var bytes: [UInt8] = Array("\u{FEFF}".utf8)
  encoder.encode(TraceHeader(app: "Shop", run: "big"), into: &bytes)
  for seq in 1...count {
    var line: [UInt8] = []
    let text = seq % 97 == 0 ? String(repeating: "long é ", count: 40_000) : "event \(seq) 🧭"
    encoder.encode(TraceRecord(seq: seq, time: Double(seq) / 8, event: .note(text: text)), into: &line)
    if seq % 5 == 0 { line.insert(0x0D, at: line.count - 1) }
    bytes += line
    if seq % 13 == 0 { bytes += Array("\n".utf8) }
    if seq % 31 == 0 { bytes += Array("{\"seq\":\n".utf8) }
  }
  bytes.removeLast()  // No final newline: the last line is still valid.
  return bytes
}

private func write(_ bytes: [UInt8]) throws -> String {
  let path = Scratch.path("streaming") + ".jsonl"
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  return path
}

@Suite struct TraceReaderStreamingTests {
  @Test(arguments: [1, 2, 3, 7, 64, 4096, TraceReader.defaultChunkSize])
  func chunkBoundariesDoNotChangeWhatIsRead(_ chunkSize: Int) throws {
    let bytes = bigTrace(events: chunkSize < 64 ? 300 : 3_000)
    let expected = TraceDocument.read(bytes: bytes, path: "big.jsonl")
    let path = try write(bytes)
    var document = TraceDocument()
    try TraceReader(path: path, displayPath: "big.jsonl", chunkSize: chunkSize).read(into: &document)
    #expect(document == expected)
    #expect(document.records.count == (chunkSize < 64 ? 300 : 3_000))
    #expect(document.diagnostics.allSatisfy { $0.code == .malformedLine })
    #expect(document.diagnostics.count == (chunkSize < 64 ? 9 : 96))
  }

  @Test func aFileLargerThanTheDefaultChunkStreams() throws {
    let bytes = bigTrace(events: 3_000)
    try #require(bytes.count > 2 * TraceReader.defaultChunkSize)
    let path = try write(bytes)
    let document = try TraceDocument.read(path: path)
    #expect(document.records.last?.seq == 3_000)
    #expect(document.records.last?.line == document.summary?.lastLine)
    #expect(document.summary?.events == 3_000)
  }

  @Test func overlongLinesAreSkippedUnbuffered() throws {
    let header = #"{"flowatlas":"trace","version":1,"app":"Shop","run":"r"}"# + "\n"
    let long = #"{"seq":2,"event":"note","text":""# + String(repeating: "x", count: 500) + "\"}\n"
    let text =
      header + #"{"seq":1,"event":"note","text":"a"}"# + "\n" + long + #"{"seq":3,"event":"note","text":"b"}"#
      + "\n" + String(repeating: "y", count: 300)
    var document = TraceDocument()
    try TraceReader(
      path: try write(Array(text.utf8)), displayPath: "long.jsonl", chunkSize: 16, maximumLineLength: 100
    )
    .read(into: &document)
    #expect(document.records.map(\.line) == [2, 4])
    #expect(document.diagnostics.map(\.code) == [.malformedLine, .malformedLine])
    #expect(document.diagnostics.map(\.line) == [3, 5])
    #expect(document.diagnostics.first?.message.contains("longer than 100 bytes") == true)
    #expect(document.summary?.lastLine == 5)

    var binary = TraceDocument()
    try TraceReader(
      path: try write(Array(repeating: 0x41, count: 10_000)), chunkSize: 64, maximumLineLength: 64
    )
    .read(into: &binary)
    #expect(binary.diagnostics.map(\.code) == [.missingHeader])
    #expect(binary.summary?.rejected == true)
  }

  /// The hash a replay cache files a trace under is that of every byte read, whatever the
  /// chunks, including lines skipped as too long without being buffered.
  @Test(arguments: [(16, 100), (64, 64), (4096, 1 << 20)])
  func readingHashesExactlyTheFilesBytes(chunkSize: Int, maximumLineLength: Int) throws {
    let bytes = bigTrace(events: 300)
    let path = try write(bytes)
    var document = TraceDocument()
    let hash = try TraceReader(path: path, chunkSize: chunkSize, maximumLineLength: maximumLineLength)
      .readHashing(into: &document)
    #expect(hash == Fingerprint.fast128(bytes))
    #expect(document.summary?.lastLine != nil)
  }

  @Test func aMissingFileThrowsNamingIt() {
    #expect(throws: TraceReadError.cannotOpen(file: "shown.jsonl", reason: "No such file or directory")) {
      try TraceDocument.read(path: "/nonexistent/trace.jsonl", displayPath: "shown.jsonl")
    }
    let error = TraceReadError.cannotOpen(file: "shown.jsonl", reason: "No such file or directory")
    #expect(error.localizedDescription.contains("shown.jsonl"))
  }

  @Test func aFolderThrowsNamingIt() {
    let folder = FileManager.default.temporaryDirectory.path
    do {
      _ = try TraceDocument.read(path: folder)
      Issue.record("reading a folder must throw")
    } catch {
      #expect(error.file == folder)
      #expect(error.errorDescription?.contains(folder) == true)
    }
  }
}
