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
    let sinks = ["bare", "discarding", "memory", "writer", "screenshots"]
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
    // Screenshots (#45): what the recorder adds, given a capture that returns a picture at once
    // (a device's drawing of its window and PNG encoding are UIKit's, and cannot run here).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flowatlas-bench-screenshots-\(getpid())"
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let picture = benchPicture()
    let firstOfEach = best(of: roundsOf("screenshots")) {
      measure(pairs: pairs, screens: screens, extraEvents: 1) { router in
        let (recording, recorder) = recorded(router, sink: DiscardingSink())
        recorder.takeScreenshots(.firstOfEachType, folder: folder) { _ in picture }
        return (recording, recorder)
      }
    }
    // Every showing pictured: the recorder hashes each picture and writes each distinct one once.
    let everyPairs = max(1, min(pairs, 2_000))
    let everyTime = best(of: roundsOf("screenshots")) {
      measure(pairs: everyPairs, screens: screens, extraEvents: everyPairs * 2 + 1) { router in
        let (recording, recorder) = recorded(router, sink: DiscardingSink())
        recorder.takeScreenshots(.everyTime, folder: folder) { _ in picture }
        return (recording, recorder)
      }
    }
    if roundsOf("screenshots") > 0 {
      print(row("RecordingRouter, discarding sink, screenshots of the first of each type", firstOfEach))
      print(
        "| RecordingRouter, discarding sink, a screenshot at every showing (\(picture.bytes.count >> 10) KB PNG) "
          + "| \(everyPairs * 2) | \(format(everyTime)) | \(bare > 0 ? format(everyTime / bare) + "×" : "—") |"
      )
    }
    print("")
    print("best of \(rounds) rounds; push/pop pairs over 64 screens, attributed to a coordinator")
    print("TraceWriter dropped \(dropped) records (its buffer bound was never the limit when 0)")
    print(
      "screenshots: the capture returns a prepared picture; a device's drawing and encoding of its window are not counted"
    )
    return 0
  }

  /// A screenshot of a phone's size (1179 × 2556), as large as one of a real screen compressed:
  /// bands of colour and noise, so its bytes are not one repeated value.
  private static func benchPicture() -> Screenshot {
    var bytes = [UInt8](repeating: 0, count: 600 << 10)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for index in bytes.indices {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
    }
    bytes.replaceSubrange(0..<8, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    return Screenshot(png: bytes, width: 1179, height: 2556)
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

  /// - Parameter extraEvents: the `screen.image` events the run records besides the router's.
  private static func measure(
    pairs: Int, screens: [BenchScreen], extraEvents: Int = 0,
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
      recorder.eventCount == pairs * 2 + 1 + extraEvents
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
