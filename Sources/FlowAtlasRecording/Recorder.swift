import FlowAtlasLock
import FlowAtlasTrace
import Foundation

/// Records one run: numbers events, names instances with stable ids, and writes
/// ``TraceRecord``s to a sink.
///
/// Thread-safe: navigation may be recorded from any thread. One lock guards the
/// sequence number, the id tables and the call to the sink, so the sink receives
/// records in `seq` order. The recorder never retains what it names: coordinators and
/// screens are remembered weakly, so recording cannot cause the leaks it shows.
public final class Recorder: Sendable {
  /// The header the run began with.
  public let header: TraceHeader

  private let sink: any TraceSink
  private let ids: RecordingIDs
  private let clock: RecordingClock?
  let state: Lock<RecorderState>
  /// What ``takeScreenshots(_:folder:capture:)`` asked for, as the main actor reads it.
  let screenshotSwitch = ScreenshotSwitch()
  /// What navigation controllers record late (``catchUpBeforeEachAction(for:_:)``).
  let lateChanges = LateChanges()

  /// Begins a run written to a trace file: writes `header` at once.
  /// - Parameters:
  ///   - header: The run's header (app, run, title, metadata).
  ///   - sink: The trace file's writer (buffered: it never blocks the app on the disk).
  ///   - clock: Gives each event its time `t`; `nil` (the default) writes no time, and
  ///     ``RecordingClock/elapsed()`` the seconds since the run began.
  public convenience init(header: TraceHeader, sink: TraceWriter, clock: RecordingClock? = nil) {
    self.init(header: header, sink: sink as any TraceSink, clock: clock)
  }

  /// Begins a run: writes `header` to `sink` at once.
  /// - Parameters:
  ///   - header: The run's header (app, run, title, metadata).
  ///   - sink: Where records go (a file, or memory in tests); the recorder calls it under its
  ///     lock, so it should not block.
  ///   - ids: How instances are named; ``RecordingIDs/sequential`` by default.
  ///   - clock: Gives each event its time `t`; `nil` (the default) writes no time.
  package init(
    header: TraceHeader, sink: any TraceSink, ids: RecordingIDs = .sequential,
    clock: RecordingClock? = nil
  ) {
    self.header = header
    self.sink = sink
    self.ids = ids
    self.clock = clock
    self.state = Lock(RecorderState(ids: ids))
    sink.begin(header)
  }

  /// A recorder released without ``finish()`` ends its run, so the sink is flushed.
  deinit {
    finish()
  }

  /// Records one event with the next `seq`; after ``finish()`` it is dropped. Not public: an app
  /// writes events only through the recording types (routers, coordinator hooks, ``note(_:)``),
  /// so that its traces keep the format's rules (ids introduced before use, screens as objects).
  func record(_ event: TraceEvent) {
    record { _ in event }
  }

  /// Ends the run and flushes the sink. Later events are dropped; a second call does nothing.
  ///
  /// A root given to ``follow(_:)`` that never reported its start is said, in the trace (a note
  /// the site shows in the journey) and on standard error: the run then recorded none of the
  /// coordinators' own events.
  public func finish() {
    let silent = state.withLock { $0.isFinished ? [] : $0.followedButSilent }
    for type in silent {
      let text =
        "FlowAtlas followed \(type), which never reported its start: call Recorder.started(self) first "
        + "thing in its start() (docs/own-coordinators.md)"
      record(.note(text: text))
      FileHandle.standardError.write(Data("FlowAtlas: warning: \(text)\n".utf8))
    }
    let wasOpen = state.withLock { state in
      defer { state.isFinished = true }
      return !state.isFinished
    }
    // Closed first: no screenshot is recorded after this, so every one recorded is on disk when
    // the flush returns.
    flushScreenshots()
    if wasOpen { sink.finish() }
  }

  /// Names every type the run records with the module that declares it (trace format revision 4,
  /// `module`): for an app whose modules share type names (`Settings.RootViewController` and
  /// `Profile.RootViewController` are two screens, where without it they are one). Diagrams then
  /// name every type `Module.Type`. Call it before the run records its first event.
  ///
  /// Without it, types are named within their modules (`Login.ViewController` for a type nested
  /// in `Login`), which is what an app of one module needs.
  public func recordModules() {
    state.withLock { $0.recordsModules = true }
  }

  /// Whether the run still records (``finish()`` was not called).
  package var isRecording: Bool { state.withLock { !$0.isFinished } }

  /// Notes a root given to ``follow(_:)``, to say at the end if it never reported its start.
  func noteFollowed(_ root: AnyObject) {
    let type = RecordedType(of: Swift.type(of: root)).name
    state.withLock { $0.followedRoots.append((ObjectIdentifier(root), type)) }
  }

  /// The number of events recorded so far (the last `seq`).
  package var eventCount: Int { state.withLock { $0.seq } }

  /// The id this run gives `object` (a coordinator), assigning the next one on first sight.
  /// - Parameter coordinator: The coordinator.
  /// - Returns: Its id.
  package func id(ofCoordinator coordinator: AnyObject) -> String {
    let reference = ObjectHandle(coordinator)
    return state.withLock { $0.coordinatorID(for: reference) }
  }

  /// A new router id from the id generator, for a router of its own (a modal flow, a tab).
  /// - Returns: The id.
  package func makeRouterID() -> String {
    state.withLock { state in
      state.routerCount += 1
      return ids.id(.router, state.routerCount)
    }
  }

  /// Builds an event under the lock (where ids are resolved) and records it.
  ///
  /// One lock per event keeps a recorded navigation cheap and its ids consistent with its
  /// `seq`. `build` returns `nil` to record nothing.
  func record(_ build: (inout RecorderState) -> TraceEvent?) {
    state.withLock { state in
      guard !state.isFinished, let event = build(&state) else { return }
      write(event, &state)
      // Coordinators released meanwhile with no deinit recorded (the app's own report none), so
      // that a flow freed when the person left it is no orphan: looked for at each lifecycle
      // event and every 16th event, never at the run's end, where the app's objects may be
      // released because the run ends.
      guard state.isReleaseCheckDue() else { return }
      for id in state.takeReleasedCoordinators() { write(.coordinatorDeinit(coordinator: id), &state) }
    }
  }

  private func write(_ event: TraceEvent, _ state: inout RecorderState) {
    state.seq += 1
    let seq = state.seq
    sink.write(TraceRecord(seq: seq, time: clock?.time(ofEvent: seq), event: event))
  }
}
