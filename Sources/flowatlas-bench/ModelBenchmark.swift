import FlowAtlasBuild
import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `flowatlas-bench generate` and `flowatlas-bench model`: synthetic traces, and
/// model building timed side by side with `jq -c .` over the same files.
enum ModelBenchmark {
  /// `generate [--shape S] --apps N --coordinators N --events N --files N --out DIR --seed S`.
  ///
  /// `--shape` gives the defaults of a corpus shape (``CorpusShape``); the other options override them.
  static func generate(_ arguments: [String]) throws -> Int32 {
    let options = try Options(arguments)
    let shape = try CorpusShape(named: options.values["shape"] ?? "many-apps")
    let apps = options.int("apps", default: shape.apps)
    let coordinators = options.int("coordinators", default: shape.coordinators)
    let events = options.int("events", default: shape.events)
    let files = max(1, options.int("files", default: shape.files))
    let seed = UInt64(options.int("seed", default: Int(shape.seed)))
    guard let out = options.values["out"] else { throw BenchError.usage("generate needs --out DIR") }
    let bytes = try writeCorpus(
      apps: apps, coordinators: coordinators, screensPerFlow: shape.screensPerFlow,
      maxDepth: shape.maxDepth, longNames: shape.longNames, events: events, files: files, seed: seed,
      into: out)
    print("wrote \(files) traces, about \(events) events, \(bytes / 1_000_000) MB to \(out)")
    return 0
  }

  /// Writes `shape` into `out`.
  /// - Returns: the bytes written.
  static func writeCorpus(_ shape: CorpusShape, into out: String) throws -> Int {
    try writeCorpus(
      apps: shape.apps, coordinators: shape.coordinators, screensPerFlow: shape.screensPerFlow,
      maxDepth: shape.maxDepth, longNames: shape.longNames, events: shape.events, files: shape.files,
      seed: shape.seed, into: out)
  }

  /// Writes a seeded corpus: `files` traces of about `events / files` events each, dealt to
  /// `apps` synthetic apps of `coordinators` coordinator types, as `<out>/<App>/run-NNNNN.jsonl`.
  /// - Returns: the bytes written.
  static func writeCorpus(
    apps: Int, coordinators: Int, screensPerFlow: ClosedRange<Int> = 2...4, maxDepth: Int = .max,
    longNames: Bool = false, events: Int, files: Int, seed: UInt64, into out: String
  ) throws -> Int {
    var random = SeededRandom(seed: seed)
    let models = (0..<max(1, apps)).map {
      SyntheticApp(
        name: "SyntheticApp\($0 + 1)", coordinatorCount: coordinators, screensPerFlow: screensPerFlow,
        maxDepth: maxDepth, longNames: longNames, random: &random)
    }
    var bytes = 0
    for file in 0..<files {
      let app = models[file % models.count]
      let folder = "\(out)/\(app.name)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let share = events / files + (file < events % files ? 1 : 0)
      let name = String(format: "run-%05d", file + 1)
      let trace = app.trace(run: name, events: share, random: &random)
      try Data(trace).write(to: URL(fileURLWithPath: "\(folder)/\(name).jsonl"))
      bytes += trace.count
    }
    return bytes
  }

  /// `model DIR [--workers N]`: times the model (without and with journeys) and `jq -c .`.
  static func model(_ arguments: [String]) throws -> Int32 {
    let options = try Options(arguments)
    guard let folder = options.positional.first else { throw BenchError.usage("model needs DIR") }
    let files = try TraceInputs.files(in: [folder])
    let bytes = files.reduce(0) {
      $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0)
    }
    let workers = options.int("workers", default: ProcessInfo.processInfo.activeProcessorCount)
    print("\(files.count) files, \(String(format: "%.1f", Double(bytes) / 1e6)) MB, \(workers) workers")

    var model = NavigationModel(apps: [], diagnostics: [])
    let light = try measure {
      model = try ModelBuilder(keepsJourneys: false, workers: workers).build(files: files)
    }
    let lightPeak = peakResidentKB()
    let events = model.apps.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.events } }
    let full = try measure {
      model = try ModelBuilder(keepsJourneys: true, workers: workers).build(files: files)
    }
    let fullPeak = peakResidentKB()
    let reader = try measure {
      for file in files {
        var consumer = NoConsumer()
        try TraceReader(path: file).read(into: &consumer)
      }
    }
    let export = try measure { _ = ModelExport.json(model) }
    let jqCPUBefore = childrenCPUSeconds()
    var jq = try measure { try runJQ(files) }
    jq.cpu = childrenCPUSeconds() - jqCPUBefore
    let jqPeak = childrenPeakResidentKB()

    print("events: \(events), diagnostics: \(model.diagnostics.count)")
    report("model (no journeys)", light, events: events, bytes: bytes, peakKB: lightPeak)
    report("model (journeys)", full, events: events, bytes: bytes, peakKB: fullPeak)
    report("reader alone, 1 thread", reader, events: events, bytes: bytes, peakKB: nil)
    print(String(format: "model.json export: %.0f ms", export.wall * 1000))
    report("jq -c .", jq, events: events, bytes: bytes, peakKB: jqPeak)
    print(
      String(
        format: "ratio jq / model, no journeys: %.1fx wall, %.1fx CPU", jq.wall / light.wall,
        jq.cpu / light.cpu))
    print(
      String(
        format: "ratio jq / model, journeys:    %.1fx wall, %.1fx CPU", jq.wall / full.wall, jq.cpu / full.cpu
      ))
    return 0
  }

  /// Wall and CPU seconds of one run of `body` (CPU of this process, all threads).
  struct Timing {
    var wall: Double
    var cpu: Double
  }

  private static func measure(_ body: () throws -> Void) throws -> Timing {
    let clock = ContinuousClock()
    let cpu = processCPUSeconds()
    let wall = try clock.measure(body)
    return Timing(wall: seconds(wall), cpu: processCPUSeconds() - cpu)
  }

  private static func runJQ(_ files: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/jq")
    process.arguments = ["-c", "."] + files
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError.usage("jq failed: \(process.terminationStatus)")
    }
  }

  private static func report(_ name: String, _ timing: Timing, events: Int, bytes: Int, peakKB: Int?) {
    let peak = peakKB.map { String(format: "peak RSS %6.1f MB", Double($0) / 1024) } ?? ""
    print(
      String(
        format: "%@ %7.3f s wall %7.3f s CPU %10.0f events/s %7.1f MB/s  %@",
        name.padding(toLength: 24, withPad: " ", startingAt: 0) as NSString, timing.wall, timing.cpu,
        Double(events) / timing.wall, Double(bytes) / 1e6 / timing.wall, peak as NSString))
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// CPU seconds this process used so far (user and system, all threads).
  static func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// This process's peak resident set (VmHWM), in KiB.
  static func peakResidentKB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
  }

  /// What `getrusage(RUSAGE_CHILDREN)` says of the children waited for.
  static func childrenUsage() -> rusage {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    return usage
  }

  /// CPU seconds used by the children waited for (user and system).
  static func childrenCPUSeconds() -> Double {
    let usage = childrenUsage()
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  /// The largest peak resident set of the children waited for (jq), in KiB.
  static func childrenPeakResidentKB() -> Int {
    childrenUsage().ru_maxrss
  }
}

/// Reads and drops everything: the trace reader's own share of the model's time.
struct NoConsumer: TraceConsumer {
  mutating func header(_ header: TraceHeader) {}
  mutating func record(_ record: TraceRecord) {}
  mutating func diagnostic(_ diagnostic: Diagnostic) {}
  mutating func end(_ summary: TraceSummary) {}
}

/// Bench command-line errors: what was wrong with the arguments.
enum BenchError: Error, LocalizedError {
  case usage(String)

  var errorDescription: String? {
    switch self {
    case .usage(let text):
      "\(text)\nusage: flowatlas-bench reader ... (see its own help)\n       flowatlas-bench generate --apps N --coordinators N --events N --files N --out DIR --seed S\n       flowatlas-bench model DIR [--workers N]"
    }
  }
}

/// `--name value` pairs and positional arguments.
/// The corpora the benchmarks run on, by name.
struct CorpusShape {
  var apps: Int
  var coordinators: Int
  var events: Int
  var files: Int
  var seed: UInt64
  var screensPerFlow: ClosedRange<Int> = 2...4
  var maxDepth = Int.max
  /// Type names as long as a big team's (`CheckoutPaymentMethodSelectionFlow3Coordinator`).
  var longNames = false

  /// `many-apps`: 3 apps of 12 coordinator types, 1M events in 300 runs (the reader and model
  /// suites' corpus). `one-app`: what a real team has, one app of 25 flows with 40 runs of 1,500
  /// events (the site goals). `one-app-1m`: the same app with 1M events in 200 runs (the model
  /// and memory goals). `big-app`: an app of 100 flows and about 500 screens (5 a flow), in
  /// 400 short runs (the big app's map). `long-names`: one-app with type names of 35 to 75
  /// characters. `few-long-runs`: one-app's events in 4 runs of 15,000 (journeys of many pages).
  init(named name: String) throws {
    switch name {
    case "many-apps": (apps, coordinators, events, files, seed) = (3, 12, 1_000_000, 300, 1)
    case "one-app": (apps, coordinators, events, files, seed) = (1, 25, 60_000, 40, 1)
    case "one-app-1m": (apps, coordinators, events, files, seed) = (1, 25, 1_000_000, 200, 2)
    case "big-app":
      (apps, coordinators, events, files, seed) = (1, 100, 400_000, 400, 3)
      screensPerFlow = 4...6
      maxDepth = 4
    case "long-names":
      (apps, coordinators, events, files, seed) = (1, 25, 60_000, 40, 1)
      longNames = true
    case "few-long-runs": (apps, coordinators, events, files, seed) = (1, 25, 60_000, 4, 5)
    default:
      throw BenchError.usage(
        "--shape \(name): give many-apps, one-app, one-app-1m, big-app, long-names or few-long-runs")
    }
  }
}

struct Options {
  var values: [String: String] = [:]
  var positional: [String] = []

  init(_ arguments: [String]) throws {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument.hasPrefix("--") {
        guard index + 1 < arguments.count else { throw BenchError.usage("\(argument) needs a value") }
        values[String(argument.dropFirst(2))] = arguments[index + 1]
        index += 2
      } else {
        positional.append(argument)
        index += 1
      }
    }
  }

  func int(_ name: String, default value: Int) -> Int { values[name].flatMap { Int($0) } ?? value }
}

extension ModelBenchmark {
  /// `replay DIR`: the reader alone and reader plus replay, on one thread, over files
  /// held in memory (no disk), best of three: what the model adds to reading.
  static func replay(_ arguments: [String]) throws -> Int32 {
    let options = try Options(arguments)
    guard let folder = options.positional.first else { throw BenchError.usage("replay needs DIR") }
    let files = try TraceInputs.files(in: [folder])
    let traces = try files.map { ($0, [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0)))) }
    var events = 0
    // `--mode reader|replay` runs one side once, for `perf stat -e instructions` on a busy machine.
    let mode = options.values["mode"]
    // CPU time, not wall time: the machine may be shared, and this is one thread.
    func best(_ body: () -> Void) -> Double {
      (0..<(mode == nil ? 3 : 1)).map { _ in
        let start = processCPUSeconds()
        body()
        return processCPUSeconds() - start
      }.min()!
    }
    let reading =
      mode == "replay"
      ? 0
      : best {
        for (file, bytes) in traces {
          var consumer = NoConsumer()
          TraceReader.read(bytes: bytes, path: file, into: &consumer)
        }
      }
    let replaying =
      mode == "reader"
      ? 0
      : best {
        var accumulator = ModelAccumulator()
        for (file, bytes) in traces {
          var replay = RunReplay(file: file, keepsJourney: false)
          TraceReader.read(bytes: bytes, path: file, into: &replay)
          accumulator.add(replay.result)
        }
        events = accumulator.model().apps.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.events } }
      }
    print(
      String(format: "reader alone:      %.3f s (%.0f ns/event)", reading, reading * 1e9 / Double(events)))
    print(
      String(format: "reader + replay:   %.3f s (%.0f ns/event)", replaying, replaying * 1e9 / Double(events))
    )
    print(String(format: "replay share:      %.0f ns/event", (replaying - reading) * 1e9 / Double(events)))
    return 0
  }
}
