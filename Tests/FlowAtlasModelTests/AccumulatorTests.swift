import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

@testable import FlowAtlasModel

@Suite("Merging runs")
struct AccumulatorTests {
  static func runs() -> [ReplayedRun] {
    (0..<6).map { index in
      var script = ReplayScript(
        app: index % 3 == 0 ? "Beta" : "Alpha", run: "run \(index % 4)", file: "f\(index)")
      script.add(.coordinatorStart(coordinator: "c", type: "C\(index % 2)", parent: nil))
      script.add(
        .setRoot(
          screen: screen("1", "S\(index % 3)", "t\(index)"), coordinator: "c", router: nil, background: nil))
      script.add(.userAction(screen: "1", action: "a\(index)", label: nil))
      script.add(
        .push(screen: screen("2", "S\((index + 1) % 3)"), coordinator: "c", router: nil, animated: nil))
      script.add(.dismiss(coordinator: "c", router: nil, screen: nil))
      return script.finish()
    }
  }

  static func model(_ runs: [ReplayedRun], split: Int) -> String {
    var total = ModelAccumulator()
    var part = ModelAccumulator()
    for (index, run) in runs.enumerated() {
      part.add(run)
      if (index + 1) % split == 0 {
        total.merge(part)
        part = ModelAccumulator()
      }
    }
    total.merge(part)
    return ModelExport.json(total.model())
  }

  @Test(arguments: [1, 2, 4])
  func theOrderAndSplitOfRunsDoNotChangeTheBytes(split: Int) {
    let runs = Self.runs()
    let reference = Self.model(runs, split: 1)
    var random = SeededRandom(seed: 7)
    #expect(Self.model(runs.reversed(), split: split) == reference)
    #expect(Self.model(runs.shuffled(using: &random), split: split) == reference, "\(random)")
  }

  @Test func slugsAreUniqueWithinAnAppAndFollowTheSortedNames() {
    var accumulator = ModelAccumulator()
    for (file, run) in [("b", "Login"), ("a", "login"), ("c", "../../x")] {
      var script = ReplayScript(app: "Index", run: run, file: file)
      script.add(.coordinatorStart(coordinator: "c", type: "Login", parent: nil))
      script.add(.setRoot(screen: screen("1", "Problems"), coordinator: "c", router: nil, background: nil))
      accumulator.add(script.finish())
    }
    let app = accumulator.model().apps[0]
    #expect(app.slug == "index-2")
    #expect(app.coordinators.map(\.slug) == ["login"])
    #expect(app.screens.map(\.slug) == ["problems-2"])
    #expect(app.runs.map(\.name) == ["../../x", "Login", "login"])
    #expect(app.runs.map(\.slug) == ["x", "login-2", "login-3"])
  }

  @Test func aRejectedFileKeepsItsDiagnosticsButAddsNoRun() {
    var replay = RunReplay(file: "bad.jsonl")
    replay.diagnostic(Diagnostic(code: .missingHeader, file: "bad.jsonl", line: 1, message: "no header"))
    replay.end(TraceSummary(file: "bad.jsonl", events: 0, lastLine: 3, rejected: true))
    var accumulator = ModelAccumulator()
    accumulator.add(replay.result)
    let model = accumulator.model()
    #expect(model.apps.isEmpty)
    #expect(model.diagnostics.map(\.code) == [.missingHeader])
  }
}
