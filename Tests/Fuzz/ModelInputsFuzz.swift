// libFuzzer entry for what people write by hand and FlowAtlas reads back: contracts (Mermaid and
// DOT) and model.json baselines. scripts/fuzz compiles it with Sources/FlowAtlasModel and
// Tests/FlowAtlasModelTests/ModelInputsInvariants.swift (swiftc -sanitize=fuzzer,address). The
// first byte chooses the reader, the rest is the file. A crash, a sanitizer report, a hang past
// -timeout or a broken promise stops the run and saves the input under
// Tests/Fuzz/model-inputs-crashes/, where the test suite replays it from then on.

@_cdecl("LLVMFuzzerTestOneInput")
public func modelInputsFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size > 0 else { return 0 }
  let problems = modelInputsViolations(data[0], Array(UnsafeBufferPointer(start: data + 1, count: size - 1)))
  precondition(problems.isEmpty, problems.joined(separator: "; "))
  return 0
}
