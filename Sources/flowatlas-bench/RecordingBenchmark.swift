import FlowAtlasLock
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTrace
import Foundation

/// `flowatlas-bench recording`: what recording costs per navigation event.
///
/// Push/pop pairs on a headless ``StackRouter``, bare and wrapped in a ``RecordingRouter``
/// seen from a coordinator (the way apps use it): with sinks that do no I/O, and with the
/// real ``TraceWriter`` writing a file (the time counted is the caller's; the disk is written
/// on the writer's queue). Reports the best of several rounds as ns/event, as a markdown table.
@MainActor
enum RecordingBenchmark {
  /// A sink that only counts: the cost measured is recording's own.
  final class DiscardingSink: TraceSink {
    let count = Lock(0)
    func begin(_ header: TraceHeader) {}
    func write(_ record: TraceRecord) { count.withLock { $0 += 1 } }
    func finish() {}
  }

  final class BenchScreen: Presentable {
    let screenTitle: String?
    init(_ index: Int) { screenTitle = "Screen \(index)" }
  }

  final class BenchCoordinator: Coordinator {}

  /// Runs the benchmark and prints its table.
  /// - Parameter arguments: `[--events N] [--rounds N] [--sink bare|discarding|memory|writer]`;
  ///   `--sink` measures that one alone (the others' rows are left out), for instruction counts
  ///   under callgrind (`scripts/bench-recording-instructions`).
  /// - Returns: The process exit code.
  static func run(_ arguments: [String]) -> Int32 {
    var events = 1_000_000
    var rounds = 5
    var only: String?
    let sinks = ["bare", "discarding", "memory", "writer"]
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--events": events = remaining.popFirst().flatMap { Int($0) } ?? -1
      case "--rounds": rounds = remaining.popFirst().flatMap { Int($0) } ?? -1
      case "--sink":
        only = remaining.popFirst()
        if !sinks.contains(only ?? "") { events = -1 }
      default: events = -1
      }
      if events < 2 || rounds < 1 {
        print(
          "usage: flowatlas-bench recording [--events N (even, >= 2)] [--rounds N] [--sink \(sinks.joined(separator: "|"))]"
        )
        return 64
      }
    }
    /// The rounds of `sink`: none when another one is measured alone.
    func roundsOf(_ sink: String) -> Int { only == nil || only == sink ? rounds : 0 }
    let pairs = events / 2
    let screens = (0..<64).map { BenchScreen($0) }

    let bare = best(of: roundsOf("bare")) { measure(pairs: pairs, screens: screens) { _ in StackRouter() } }
    let discarding = best(of: roundsOf("discarding")) {
      measure(pairs: pairs, screens: screens) { router in
        recorded(router, sink: DiscardingSink())
      }
    }
    let memory = best(of: roundsOf("memory")) {
      measure(pairs: pairs, screens: screens) { router in
        recorded(router, sink: MemoryTraceSink())
      }
    }
    // The real file writer: the time counted is the caller's (encoding and handing the bytes
    // to the writer's queue); the disk is written on the writer's own queue meanwhile.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flowatlas-bench-recording.jsonl"
    ).path
    var dropped = 0
    let file = best(of: roundsOf("writer")) {
      let writer = TraceWriter(path: path, bufferLimit: 256 << 20)
      let result = measure(pairs: pairs, screens: screens) { router in recorded(router, sink: writer) }
      dropped = max(dropped, writer.droppedCount)
      if let failure = writer.failure { print("TraceWriter failed: \(failure)") }
      return result
    }
    try? FileManager.default.removeItem(atPath: path)

    func row(_ name: String, _ nanoseconds: Double) -> String {
      // No ratio when the bare router was not measured (`--sink` another).
      let ratio = bare > 0 ? format(nanoseconds / bare) + "×" : "—"
      return "| \(name) | \(pairs * 2) | \(format(nanoseconds)) | \(ratio) |"
    }
    print("| router | events | ns/event | vs bare |")
    print("|---|---:|---:|---:|")
    for (sink, name, nanoseconds) in [
      ("bare", "StackRouter (bare)", bare), ("discarding", "RecordingRouter, discarding sink", discarding),
      ("memory", "RecordingRouter, in-memory sink", memory),
      ("writer", "RecordingRouter, TraceWriter to a file", file),
    ] where roundsOf(sink) > 0 {
      print(row(name, nanoseconds))
    }
    print("")
    print("best of \(rounds) rounds; push/pop pairs over 64 screens, attributed to a coordinator")
    print("TraceWriter dropped \(dropped) records (its buffer bound was never the limit when 0)")
    return 0
  }

  /// Wraps a fresh stack router for recording, seen from a coordinator.
  private static func recorded(
    _ stack: StackRouter, sink: any TraceSink
  ) -> (any RouterProtocol, Recorder) {
    let recorder = Recorder(header: TraceHeader(app: "Bench", run: "recording"), sink: sink)
    let router = RecordingRouter(wrapping: stack, recorder: recorder)
    return (router, recorder)
  }

  /// Times `pairs` push/pop pairs on the router `make` builds; returns ns per event.
  private static func measure(
    pairs: Int, screens: [BenchScreen], make: (StackRouter) -> StackRouter
  ) -> Double {
    let router = make(StackRouter())
    router.setRoot(screens[0])
    return time(pairs: pairs) { index in
      router.push(screens[index & 63], animated: false)
      router.pop(animated: false)
    } check: {
      router.stack.count == 1
    }
  }

  private static func measure(
    pairs: Int, screens: [BenchScreen],
    make: (StackRouter) -> (any RouterProtocol, Recorder)
  ) -> Double {
    let (recording, recorder) = make(StackRouter())
    let coordinator = BenchCoordinator(router: recording)
    let router = coordinator.router
    router.setRoot(screens[0])
    let result = time(pairs: pairs) { index in
      router.push(screens[index & 63], animated: false)
      router.pop(animated: false)
    } check: {
      recorder.eventCount == pairs * 2 + 1
    }
    recorder.finish()
    return result
  }

  private static func time(
    pairs: Int, _ body: (Int) -> Void, check: () -> Bool
  ) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<pairs { body(index) }
    let elapsed = clock.now - start
    precondition(check(), "the benchmark did not do the work it measured")
    let nanoseconds =
      Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) * 1e-9
    return nanoseconds / Double(pairs * 2)
  }

  private static func best(of rounds: Int, _ run: () -> Double) -> Double {
    (0..<rounds).map { _ in run() }.min() ?? 0
  }

  private static func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
