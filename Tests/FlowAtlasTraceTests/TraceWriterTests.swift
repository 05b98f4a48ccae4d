import Dispatch
import FlowAtlasLock
import FlowAtlasTestSupport
import FlowAtlasTraceReader
import Foundation
import Testing

@testable import FlowAtlasTrace

private func temporaryPath(_ name: String = "trace.jsonl") -> String {
  try! Scratch.folder("trace-writer").appendingPathComponent(name).path
}

private let header = TraceHeader(
  app: "Shop", run: "writer", title: "Writer test", metadata: ["device": "test"])

private func note(_ seq: Int, _ text: String = "hello") -> TraceRecord {
  TraceRecord(seq: seq, event: .note(text: text))
}

@Suite struct TraceWriterTests {
  @Test(arguments: hostileStrings)
  func writtenFileReadsBackTheSame(_ text: String) throws {
    let path = temporaryPath()
    let writer = TraceWriter(path: path)
    let records = sampleRecords(text)
    writer.begin(TraceHeader(app: "Shop", run: text, title: text))
    for record in records { writer.write(record) }
    writer.finish()
    #expect(writer.failure == nil)
    #expect(writer.droppedCount == 0)
    let read = try TraceDocument.read(path: path)
    #expect(read.diagnostics == [])
    #expect(read.header == TraceHeader(app: "Shop", run: text, title: text))
    #expect(read.records == records)
  }

  @Test func fileIsByteForByteTheEncodersDocument() throws {
    let path = temporaryPath()
    let writer = TraceWriter(path: path)
    let records = sampleRecords("x")
    writer.begin(header)
    for record in records { writer.write(record) }
    writer.finish()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == TraceRecordEncoder().document(header: header, records: records))
  }

  @Test func missingFolderIsReportedNotThrown() {
    let path = temporaryPath("no-such-folder/trace.jsonl")
    let reported = Lock<[TraceWriteFailure]>([])
    let writer = TraceWriter(path: path) { failure in reported.withLock { $0.append(failure) } }
    writer.begin(header)
    writer.write(note(1))
    writer.write(note(2))
    writer.finish()
    writer.write(note(3))
    #expect(writer.failure?.path == path)
    #expect(writer.failure?.reason.contains("No such file") == true)
    #expect(writer.failure?.description.contains("cannot write trace \(path)") == true)
    #expect(reported.withLock { $0 } == [writer.failure!])
    #expect(writer.droppedCount == 3)
  }

  @Test func fullDiskIsReportedOnceAndCounted() throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"))
    let reported = Lock(0)
    let writer = TraceWriter(path: "/dev/full") { _ in reported.withLock { $0 += 1 } }
    writer.begin(header)
    for seq in 1...10 { writer.write(note(seq)) }
    writer.finish()
    #expect(writer.failure?.reason.contains("No space") == true)
    #expect(reported.withLock { $0 } == 1)
    #expect(writer.droppedCount == 10)
  }

  @Test func recordsBeyondTheBoundAreDroppedAndCounted() throws {
    let path = temporaryPath()
    let queue = DispatchQueue(label: "held")
    queue.suspend()  // The disk stands still, so the buffer fills.
    let line = TraceRecordEncoder().line(for: note(1)).utf8.count + 1
    let headerLine = TraceRecordEncoder().line(for: header).utf8.count + 1
    // The header waits in the same buffer and always fits; five records fit beside it.
    let writer = TraceWriter(path: path, bufferLimit: headerLine + line * 5, onFailure: nil, queue: queue)
    writer.begin(header)
    for seq in 1...8 { writer.write(note(seq)) }
    #expect(writer.droppedCount == 3)
    queue.resume()
    writer.finish()
    let read = try TraceDocument.read(path: path)
    #expect(read.records.map(\.seq) == [1, 2, 3, 4, 5])
    #expect(read.diagnostics == [])
  }

  @Test func outOfOrderAndOutOfRunRecordsAreDropped() throws {
    let path = temporaryPath()
    let writer = TraceWriter(path: path)
    writer.write(note(1))  // Before the header.
    writer.begin(header)
    writer.begin(TraceHeader(app: "Other", run: "ignored"))
    writer.write(note(2))
    writer.write(note(2))
    writer.write(note(1))
    writer.write(note(3))
    writer.finish()
    writer.write(note(4))
    #expect(writer.droppedCount == 4)
    let read = try TraceDocument.read(path: path)
    #expect(read.header == header)
    #expect(read.records.map(\.seq) == [2, 3])
  }

  @Test func concurrentWritesKeepEveryLineWhole() throws {
    let path = temporaryPath()
    let writer = TraceWriter(path: path, bufferLimit: 64 << 10)
    writer.begin(header)
    let counter = Lock(0)
    let total = 8 * 2_000
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<2_000 {
        let seq = counter.withLock { value in
          value += 1
          return value
        }
        writer.write(
          note(seq, "thread \(thread) record \(index) " + String(repeating: "é\"\\\n", count: index % 7)))
      }
    }
    writer.finish()
    let read = try TraceDocument.read(path: path)
    #expect(read.diagnostics == [])
    #expect(read.records.count + writer.droppedCount == total)
    #expect(read.records.count > 0)
    #expect(zip(read.records, read.records.dropFirst()).allSatisfy { $0.seq < $1.seq })
  }

  @Test func droppingTheWriterWithoutFinishLosesNothing() throws {
    let path = temporaryPath()
    let queue = DispatchQueue(label: "held")
    queue.suspend()
    do {
      let writer = TraceWriter(path: path, bufferLimit: 1 << 20, onFailure: nil, queue: queue)
      writer.begin(header)
      writer.write(note(1))
    }
    queue.resume()
    queue.sync {}  // The queued flush, and the release of the writer, are done.
    let read = try TraceDocument.read(path: path)
    #expect(read.records.map(\.seq) == [1])
  }
}

@Suite struct MemoryTraceSinkTests {
  @Test func textIsWhatTheWriterWrites() throws {
    let path = temporaryPath()
    let writer = TraceWriter(path: path)
    let memory = MemoryTraceSink()
    let records = sampleRecords("golden")
    for sink in [writer, memory] as [any TraceSink] {
      sink.begin(header)
      for record in records { sink.write(record) }
      sink.finish()
    }
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(memory.text == written)
    #expect(memory.records == records)
    #expect(memory.isFinished)
  }
}
