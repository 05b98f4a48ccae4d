import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import Testing

struct RecorderTests {
  /// Many tasks record at once: every event arrives, numbered 1…n without gaps or repeats,
  /// in `seq` order at the sink.
  @Test func concurrentRecordingKeepsSeqStrictlyIncreasingAndLosesNothing() async {
    let (recorder, sink) = makeRecorder()
    let tasks = 16
    let perTask = 500
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for index in 0..<perTask {
            if index.isMultiple(of: 2) {
              recorder.note("task \(task) event \(index)")
            } else {
              recorder.deeplink("app://\(task)/\(index)")
            }
          }
        }
      }
    }
    let records = sink.records
    #expect(records.count == tasks * perTask)
    #expect(records.map(\.seq) == Array(1...(tasks * perTask)))
    let notes = Set(
      records.compactMap { record -> String? in
        if case .note(let text) = record.event { return text }
        return nil
      })
    #expect(notes.count == tasks * perTask / 2)
    #expect(recorder.eventCount == tasks * perTask)
  }

  @Test func concurrentIdAssignmentGivesEachObjectOneId() async {
    let (recorder, _) = makeRecorder()
    final class Thing: Sendable {}
    let things = (0..<100).map { _ in Thing() }
    let ids = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask { things.map { recorder.id(ofCoordinator: $0) } }
      }
      return await group.reduce(into: [[String]]()) { $0.append($1) }
    }
    #expect(Set(ids).count == 1)
    #expect(Set(ids[0]).count == 100)
  }

  @Test func eventsAfterFinishAreDropped() {
    let (recorder, sink) = makeRecorder()
    recorder.note("kept")
    recorder.finish()
    recorder.note("dropped")
    recorder.finish()
    #expect(sink.events == [.note(text: "kept")])
    #expect(sink.isFinished)
  }

  @Test func aRecorderReleasedWithoutFinishEndsItsRun() {
    let sink = MemoryTraceSink()
    do {
      let recorder = Recorder(header: TraceHeader(app: "A", run: "r"), sink: sink)
      recorder.note("only")
    }
    #expect(sink.isFinished)
    #expect(sink.events == [.note(text: "only")])
  }

  @Test func anInjectedClockAndIdGeneratorAreUsed() {
    let sink = MemoryTraceSink()
    let recorder = Recorder(
      header: TraceHeader(app: "A", run: "r"), sink: sink,
      ids: RecordingIDs { kind, n in "\(kind)-\(n)" }, clock: .ticking(step: 0.5))
    let object = NSObjectLike()
    #expect(recorder.id(ofCoordinator: object) == "coordinator-1")
    #expect(recorder.id(ofCoordinator: object) == "coordinator-1")
    #expect(recorder.makeRouterID() == "router-1")
    recorder.note("a")
    recorder.note("b")
    #expect(sink.records.map(\.time) == [0.5, 1.0])
  }

  @Test func theElapsedClockStartsNearZeroAndNeverGoesBack() {
    let clock = RecordingClock.elapsed()
    let first = clock.time(ofEvent: 1)
    let second = clock.time(ofEvent: 2)
    #expect(first >= 0)
    #expect(second >= first)
  }

  @Test func sequentialIdsNameEachKind() {
    #expect(RecordingIDs.sequential.id(.coordinator, 3) == "c3")
    #expect(RecordingIDs.sequential.id(.screen, 1) == "s1")
    #expect(RecordingIDs.sequential.id(.router, 2) == "r2")
  }
}

private final class NSObjectLike {}
