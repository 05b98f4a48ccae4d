// The promises of the readers of what people write by hand (contracts, model.json baselines)
// for any input, checked by the fuzzer (scripts/fuzz compiles this file into it) and by
// ModelInputsFuzzRegressionTests on every input the fuzzer ever stopped on.
#if canImport(FlowAtlasModel)
  @testable import FlowAtlasModel
#endif

/// What an input broke of the readers' promises: nothing, for any bytes. A crash or a hang is
/// the fuzzer's to catch; this checks what a reader hands back.
/// - Parameters:
///   - selector: which reader: a Mermaid contract (0), a DOT contract (1), a `model.json` (2),
///     modulo 3.
///   - bytes: the file.
/// - Returns: one sentence per broken promise.
func modelInputsViolations(_ selector: UInt8, _ bytes: [UInt8]) -> [String] {
  var problems: [String] = []
  let lines = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
  switch selector % 3 {
  case 0, 1:
    let file = selector % 3 == 0 ? "c.mmd" : "c.dot"
    do {
      let contract = try NavigationContract(
        text: String(decoding: bytes, as: UTF8.self), file: file, coordinator: "C")
      if !contract.edges.allSatisfy({ (1...lines).contains($0.line) }) {
        problems.append("an edge names a line the file does not have")
      }
    } catch {
      if error.file != file { problems.append("an error names another file") }
      if let line = error.line, !(1...lines).contains(line) { problems.append("an error names line \(line)") }
    }
  default:
    do {
      let model = try ModelImport.model(from: bytes, file: "model.json")
      for app in model.apps {
        if app.transitions.contains(where: { $0.count < 0 }) { problems.append("a negative count was read") }
      }
    } catch {}
    _ = ModelImport.places(in: bytes, file: "model.json")
  }
  return problems
}
