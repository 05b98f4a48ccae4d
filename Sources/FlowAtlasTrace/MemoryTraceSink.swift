import FlowAtlasLock

/// A ``TraceSink`` that keeps what it is given in memory: for tests and golden files.
///
/// ``text`` is the trace exactly as ``TraceWriter`` would write it, so a golden file
/// compared with it checks the bytes a real run produces.
package final class MemoryTraceSink: TraceSink {
  private struct State {
    var header: TraceHeader?
    var records: [TraceRecord] = []
    var finished = false
  }

  private let state = Lock(State())

  package init() {}

  /// The header, once ``begin(_:)`` was called.
  package var header: TraceHeader? { state.withLock { $0.header } }
  /// The records written so far, in the order they came.
  package var records: [TraceRecord] { state.withLock { $0.records } }
  /// The events of ``records``, without their numbers.
  package var events: [TraceEvent] { state.withLock { $0.records.map(\.event) } }
  /// True once ``finish()`` was called.
  package var isFinished: Bool { state.withLock { $0.finished } }

  /// The trace file's text: the header line and one line per record (empty before `begin`).
  package var text: String {
    state.withLock { state in
      guard let header = state.header else { return "" }
      return TraceRecordEncoder().document(header: header, records: state.records)
    }
  }

  package func begin(_ header: TraceHeader) {
    state.withLock { state in
      if state.header == nil { state.header = header }
    }
  }

  package func write(_ record: TraceRecord) {
    state.withLock { $0.records.append(record) }
  }

  package func finish() {
    state.withLock { $0.finished = true }
  }
}
