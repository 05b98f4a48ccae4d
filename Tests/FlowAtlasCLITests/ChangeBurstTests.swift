import Testing

@testable import FlowAtlasCLI

/// When a burst of changes is built: once quiet for the settle time, never later than the
/// longest wait after its first change. Times are given, so nothing here waits.
@Suite struct ChangeBurstTests {
  static let millisecond: UInt64 = 1_000_000

  @Test func aHundredTracesWrittenInABurstAreOneBuild() {
    var burst = ChangeBurst()
    var builds = 0
    var now: UInt64 = 1_000 * Self.millisecond
    for index in 0..<100 {
      burst.note(["/traces/\(index).jsonl"], at: now)
      now += 3 * Self.millisecond
      if burst.isDue(at: now) { builds += 1 }
    }
    #expect(builds == 0)
    #expect(burst.waitMilliseconds(at: now) == 247)
    now += 250 * Self.millisecond
    #expect(burst.isDue(at: now))
    #expect(burst.take().count == 100)
    #expect(burst.isEmpty && burst.waitMilliseconds(at: now) == -1)
  }

  @Test func aTraceWrittenLineByLineIsBuiltEverySecond() {
    var burst = ChangeBurst()
    var due: [UInt64] = []
    for tick in 0..<30 {
      let now = UInt64(tick) * 100 * Self.millisecond
      burst.note(["/traces/long.jsonl"], at: now)
      if burst.isDue(at: now) {
        due.append(now / Self.millisecond)
        _ = burst.take()
        burst.note(["/traces/long.jsonl"], at: now)
      }
    }
    #expect(due == [1_000, 2_000])
  }

  @Test func nothingNotedIsNoChange() {
    var burst = ChangeBurst()
    burst.note([], at: 5)
    #expect(burst.isEmpty && burst.due == nil && !burst.isDue(at: .max))
  }
}
