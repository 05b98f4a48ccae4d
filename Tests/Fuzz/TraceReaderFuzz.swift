// libFuzzer entry for the trace reader: scripts/fuzz compiles it with Sources/FlowAtlasTrace and
// Tests/FlowAtlasTraceReaderTests/TraceReaderInvariants.swift (swiftc -sanitize=fuzzer,address). A
// crash, a sanitizer report, a hang past -timeout, or a broken promise stops the run and saves
// the input under Tests/Fuzz/crashes/, where the test suite replays it from then on.

@_cdecl("LLVMFuzzerTestOneInput")
public func traceReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let problems = traceReaderViolations(Array(UnsafeBufferPointer(start: data, count: size)))
  precondition(problems.isEmpty, problems.joined(separator: "; "))
  return 0
}
