import Dispatch
import FlowAtlasBytes
import FlowAtlasLock

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a ``TraceWriter`` stopped writing: its file and the system's reason.
public struct TraceWriteFailure: Hashable, Sendable, CustomStringConvertible {
  /// The trace file the writer was writing.
  public var path: String
  /// The system's words for what went wrong, for example "No space left on device".
  public var reason: String

  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String {
    "cannot write trace \(path): \(reason); the run's remaining events are dropped. "
      + "Check that the folder exists and the disk has room"
  }
}

/// Writes a trace file without ever taking the app down: a ``TraceSink`` for real runs.
///
/// Records are encoded on the caller's thread into a bounded buffer; a serial background
/// queue does the file I/O, so the caller never waits on the disk (except in ``finish()``,
/// which waits for the last flush). When the buffer is full, or after the file failed, records
/// are dropped and counted instead of blocking or growing without bound. An I/O failure is
/// reported once, through `onFailure` and ``failure``, never thrown into the app.
///
/// The file holds the header first and then one event per line with `seq` strictly
/// increasing: a record whose `seq` does not increase, or that comes before ``begin(_:)`` or
/// after ``finish()``, is dropped and counted.
public final class TraceWriter: TraceSink {
  /// The default bound on bytes waiting for the disk: 4 MiB, tens of thousands of events.
  public static let defaultBufferLimit = 4 << 20

  /// The file being written.
  public let path: String
  private let bufferLimit: Int
  private let onFailure: (@Sendable (TraceWriteFailure) -> Void)?
  private let queue: DispatchQueue
  private let state = Lock(State())
  /// The file, touched only by the I/O queue (and by `deinit`, when no work is queued).
  private let file = Lock(File())

  private struct State {
    var pending: [UInt8] = []
    var began = false
    var finished = false
    var lastSeq: Int?
    var dropped = 0
    var failure: TraceWriteFailure?
    var flushScheduled = false
    var promptFlushScheduled = false

    /// When the I/O queue should next drain, marking that flush as queued.
    ///
    /// Flushes are coalesced: the first bytes after a drain schedule one a little later
    /// (``TraceWriter/flushDelay``), so a burst of navigation costs one hand-off to the queue,
    /// not one per event; once ``TraceWriter/promptFlushBytes`` are waiting, one runs at once.
    mutating func scheduleFlush() -> Flush {
      if pending.count >= TraceWriter.promptFlushBytes, !promptFlushScheduled {
        promptFlushScheduled = true
        flushScheduled = true
        return .now
      }
      guard !flushScheduled else { return .none }
      flushScheduled = true
      return .later
    }
  }

  private enum Flush { case none, later, now }

  /// How long bytes may wait in memory before the I/O queue writes them (unless more than
  /// ``promptFlushBytes`` are waiting, or the run finishes).
  static let flushDelay = DispatchTimeInterval.milliseconds(50)
  /// Waiting bytes that make the I/O queue write at once.
  static let promptFlushBytes = 256 << 10

  /// Queues a drain. The queue holds the writer weakly: a writer the app lets go is flushed
  /// at once by `deinit`, not kept alive until a delayed flush fires.
  private func schedule(_ flush: Flush) {
    switch flush {
    case .none: break
    case .later: queue.asyncAfter(deadline: .now() + Self.flushDelay) { [weak self] in self?.drain() }
    case .now: queue.async { [weak self] in self?.drain() }
    }
  }

  private struct File {
    var descriptor: Int32 = -1
    var opened = false
    var headerWritten = false
    var spare: [UInt8] = []
  }

  /// - Parameters:
  ///   - path: The trace file to create (or replace). It is opened on the background queue,
  ///     so a bad path is reported through `onFailure`, not thrown.
  ///   - bufferLimit: Bytes that may wait for the disk before records are dropped.
  ///   - onFailure: Called once, on the I/O queue, when the file cannot be opened or written.
  public convenience init(
    path: String, bufferLimit: Int = TraceWriter.defaultBufferLimit,
    onFailure: (@Sendable (TraceWriteFailure) -> Void)? = nil
  ) {
    self.init(
      path: path, bufferLimit: bufferLimit, onFailure: onFailure,
      queue: DispatchQueue(label: "FlowAtlas.TraceWriter", qos: .utility))
  }

  /// The designated initializer; tests pass a suspended queue to hold the disk still.
  init(
    path: String, bufferLimit: Int, onFailure: (@Sendable (TraceWriteFailure) -> Void)?,
    queue: DispatchQueue
  ) {
    self.path = path
    self.bufferLimit = max(0, bufferLimit)
    self.onFailure = onFailure
    self.queue = queue
  }

  deinit {
    // Queued flushes hold the writer only weakly: write what is still waiting, on this thread.
    drain()
    file.withLock { file in
      if file.descriptor >= 0 { close(file.descriptor) }
      file.descriptor = -1
    }
  }

  /// The failure that stopped the writer, if any.
  public var failure: TraceWriteFailure? { state.withLock { $0.failure } }

  /// Records dropped so far: buffer full, out of order, outside begin…finish, or lost to a failure.
  public var droppedCount: Int { state.withLock { $0.dropped } }

  /// Writes the header line (the first call only; later calls are ignored).
  package func begin(_ header: TraceHeader) {
    var line: [UInt8] = []
    TraceRecordEncoder().encode(header, into: &line)
    let flush = state.withLock { state -> Flush in
      guard !state.began, !state.finished else { return .none }
      state.began = true
      // The header always fits: without it the file would not be a trace.
      line.append(contentsOf: state.pending)
      state.pending = line
      return state.scheduleFlush()
    }
    schedule(flush)
  }

  /// Queues one event line; drops and counts it when it cannot be written in order.
  ///
  /// The line is encoded straight into the waiting buffer, under the lock: an app records from
  /// one thread (the main actor), where a line of its own cost an allocation and a copy per
  /// event; threads recording at once wait on each other for the encoding of a line.
  package func write(_ record: TraceRecord) {
    let flush = state.withLock { state -> Flush in
      let inOrder = state.lastSeq.map { record.seq > $0 } ?? true
      guard state.began, !state.finished, state.failure == nil, inOrder, state.pending.count < bufferLimit
      else {
        state.dropped += 1
        return .none
      }
      let start = state.pending.count
      TraceRecordEncoder().encode(record, into: &state.pending)
      guard state.pending.count <= bufferLimit else {
        // Past the bound: the line goes, counted, as one that did not fit before.
        state.pending.removeSubrange(start...)
        state.dropped += 1
        return .none
      }
      state.lastSeq = record.seq
      return state.scheduleFlush()
    }
    schedule(flush)
  }

  /// Ends the run: writes everything queued, closes the file, and waits for both.
  ///
  /// The one call that waits on the disk. Do not call it from `onFailure`, which runs on the
  /// writer's own queue. Records written afterwards are dropped and counted.
  package func finish() {
    state.withLock { $0.finished = true }
    queue.sync {
      drain()
      file.withLock { file in
        if file.descriptor >= 0 { close(file.descriptor) }
        file.descriptor = -1
      }
    }
  }

  /// Writes queued bytes until none are left. Runs on the I/O queue (or in `deinit`).
  private func drain() {
    while true {
      var chunk = file.withLock { file in
        var spare = file.spare
        file.spare = []
        spare.removeAll(keepingCapacity: true)
        return spare
      }
      let empty = state.withLock { state -> Bool in
        swap(&chunk, &state.pending)
        if chunk.isEmpty {
          state.flushScheduled = false
          state.promptFlushScheduled = false
        }
        return chunk.isEmpty
      }
      if empty { return }
      if let failure = file.withLock({ file in write(chunk, to: &file) }) {
        let lost = chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let first = state.withLock { state -> Bool in
          state.dropped += lost
          guard state.failure == nil else { return false }
          state.failure = failure
          state.dropped += state.pending.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
          state.pending = []
          return true
        }
        if first { onFailure?(failure) }
      }
      file.withLock { $0.spare = chunk }
    }
  }

  /// Writes `bytes` to the file, opening it first; the failure, if any. Counts the header out.
  private func write(_ bytes: [UInt8], to file: inout File) -> TraceWriteFailure? {
    if !file.opened {
      file.opened = true
      file.descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      if file.descriptor < 0 { return failure(errno, headerLost: &file) }
    }
    guard file.descriptor >= 0 else { return nil }  // Failed before: already reported.
    let failed = FileDescriptorIO.writeAll(file.descriptor, bytes)
    if failed != 0 { return failure(failed, headerLost: &file) }
    file.headerWritten = true
    return nil
  }

  private func failure(_ code: Int32, headerLost file: inout File) -> TraceWriteFailure {
    let reason = String(cString: strerror(code))
    if file.descriptor >= 0 { close(file.descriptor) }
    file.descriptor = -1
    if !file.headerWritten {
      // The header is a line of the lost bytes but not a record: do not count it as dropped.
      file.headerWritten = true
      state.withLock { $0.dropped -= 1 }
    }
    return TraceWriteFailure(path: path, reason: reason)
  }
}
