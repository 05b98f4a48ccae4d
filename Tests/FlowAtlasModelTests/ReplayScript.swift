import FlowAtlasTrace
import FlowAtlasTraceReader

@testable import FlowAtlasModel

/// Feeds a ``RunReplay`` the way ``TraceReader`` would: header, records with line numbers, end.
struct ReplayScript {
  var replay: RunReplay
  var line = 1
  var events = 0

  init(app: String = "App", run: String = "run", file: String = "run.jsonl", keepsJourney: Bool = true) {
    replay = RunReplay(file: file, keepsJourney: keepsJourney)
    replay.header(TraceHeader(app: app, run: run))
  }

  /// Adds one event on the next line.
  mutating func add(_ event: TraceEvent) {
    line += 1
    events += 1
    replay.record(TraceRecord(seq: line, event: event, line: line))
  }

  /// Adds a reader diagnostic for the next line (the reader reports before it delivers the line).
  mutating func readerProblem(_ code: Diagnostic.Code) {
    replay.diagnostic(Diagnostic(code: code, file: replay.file, line: line + 1, message: "reader"))
  }

  mutating func finish() -> ReplayedRun {
    replay.end(TraceSummary(file: replay.file, events: events, lastLine: line, rejected: false))
    return replay.result
  }

  /// The model of this one run.
  mutating func model() -> AppModel {
    var accumulator = ModelAccumulator()
    accumulator.add(finish())
    return accumulator.model().apps[0]
  }
}

/// A screen mention as the reader delivers it: always resolved.
func screen(_ id: String, _ type: String, _ title: String? = nil) -> ScreenMention {
  .introduce(Screen(id: id, type: type, title: title))
}

/// The app's transitions as `from>to:kind:coordinator*count[triggers]` lines, for short expectations.
func edges(_ app: AppModel) -> [String] {
  app.transitions.map { transition in
    var text = "\(transition.from ?? "-")>\(transition.to):\(transition.kind.rawValue)"
    text += ":\(transition.coordinator ?? "-")*\(transition.count)"
    if !transition.triggers.isEmpty { text += "[\(transition.triggers.joined(separator: ","))]" }
    return text
  }
}
