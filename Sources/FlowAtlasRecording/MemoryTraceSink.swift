import FlowAtlasTrace
import Synchronization

/// A trace sink that keeps everything in memory: for tests and for code that inspects a
/// recorded run without a file.
public final class MemoryTraceSink: TraceSink {
  private struct Contents {
    var header: TraceHeader?
    var records: [TraceRecord] = []
    var isFinished = false
  }

  private let contents = Mutex(Contents())

  /// Creates an empty sink.
  public init() {}

  public func begin(_ header: TraceHeader) {
    contents.withLock { $0.header = header }
  }

  public func write(_ record: TraceRecord) {
    contents.withLock { $0.records.append(record) }
  }

  public func finish() {
    contents.withLock { $0.isFinished = true }
  }

  /// The header, once the run began.
  public var header: TraceHeader? { contents.withLock { $0.header } }

  /// Every record written, in order.
  public var records: [TraceRecord] { contents.withLock { $0.records } }

  /// The events of ``records``, without their numbers.
  public var events: [TraceEvent] { contents.withLock { $0.records.map(\.event) } }

  /// Whether the run ended.
  public var isFinished: Bool { contents.withLock { $0.isFinished } }
}
