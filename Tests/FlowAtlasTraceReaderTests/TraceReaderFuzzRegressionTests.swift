import Foundation
import Testing

/// Every input the fuzzer (scripts/fuzz) ever stopped on is kept in Tests/Fuzz/crashes/ and
/// replayed here, with the examples' traces as a floor, through the same checks.
struct TraceReaderFuzzRegressionTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var inputs: [String] {
    let crashes = root.appendingPathComponent("Tests/Fuzz/crashes").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: crashes)) ?? []
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { crashes + "/" + $0 }
  }

  @Test func everyInputTheFuzzerStoppedOnKeepsThePromises() throws {
    for path in Self.inputs {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      #expect(traceReaderViolations(bytes).isEmpty, "\(path)")
    }
  }

  @Test func theSeedCorpusKeepsThePromises() throws {
    let examples = Self.root.appendingPathComponent("examples").path
    let traces = (FileManager.default.subpaths(atPath: examples) ?? []).filter { $0.hasSuffix(".jsonl") }
    #expect(traces.count > 10)
    for trace in traces {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: examples + "/" + trace)))
      #expect(traceReaderViolations(bytes).isEmpty, "\(trace)")
      // Cut anywhere, a trace still keeps them (a writer killed mid-line).
      for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 7)) {
        #expect(traceReaderViolations(Array(bytes[..<cut])).isEmpty, "\(trace) cut at \(cut)")
      }
    }
  }
}
