// The reader's promises for any input, checked by the fuzzer (scripts/fuzz compiles this file
// into it) and by TraceReaderFuzzRegressionTests on every input the fuzzer ever stopped on.
import FlowAtlasTrace
import FlowAtlasTraceReader

/// What an input broke of the reader's promises: nothing, for any bytes.
/// - Parameter bytes: Any bytes, as a trace file.
/// - Returns: one sentence per broken promise.
func traceReaderViolations(_ bytes: [UInt8]) -> [String] {
  var problems: [String] = []
  var document = TraceDocument()
  TraceReader.read(bytes: bytes, path: "fuzz.jsonl", into: &document)
  if document.summary == nil { problems.append("the read did not end with a summary") }
  var lines = 1
  for byte in bytes where byte == 0x0A { lines += 1 }
  var seen = Set<Int>()
  for diagnostic in document.diagnostics {
    if diagnostic.file != "fuzz.jsonl" { problems.append("a diagnostic names another file") }
    if !(1...lines).contains(diagnostic.line) {
      problems.append("a diagnostic names line \(diagnostic.line)")
    }
    if !seen.insert(diagnostic.line).inserted {
      problems.append("two diagnostics for line \(diagnostic.line)")
    }
  }
  // What the reader took without a word must encode and read back to the same events.
  if let header = document.header, document.diagnostics.isEmpty {
    let text = TraceRecordEncoder().document(header: header, records: document.records)
    var again = TraceDocument()
    TraceReader.read(bytes: Array(text.utf8), path: "fuzz.jsonl", into: &again)
    if again.records.map(\.event) != document.records.map(\.event) {
      problems.append("a round trip changed events")
    }
  }
  return problems
}
