import FlowAtlasModel
import FlowAtlasRender
import Foundation

/// `flowatlas-bench render [--runs N] [--worker PATH]`
///
/// 1. In-process SVG (``Graphviz/render(dot:format:)``) against `dot -Tsvg` on
///    the same DOT, small and large, per render wall time; `dot` includes its
///    process start, which is what a user running it pays.
/// 2. A site's worth of diagrams drawn by 1 worker process one after another,
///    then by 2 workers (``RenderPool``).
enum RenderBenchmark {
  static func run(_ arguments: [String]) -> Int32 {
    var runs = 20
    var worker = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("flowatlas").path
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--runs" where index + 1 < arguments.count: runs = Int(arguments[index + 1]) ?? runs
      case "--worker" where index + 1 < arguments.count: worker = arguments[index + 1]
      default:
        print("usage: flowatlas-bench render [--runs N] [--worker PATH-TO-flowatlas]")
        return 64
      }
      index += 2
    }
    do {
      try compareWithDot(runs: runs)
      try compareWorkers(worker: worker, rounds: max(3, runs / 5))
      return 0
    } catch {
      print("error: \(error.localizedDescription)")
      return 1
    }
  }

  // MARK: In-process against the dot command line

  static func compareWithDot(runs: Int) throws {
    let small = try DiagramBuilder.diagram(
      for: .appMap, of: SyntheticAppModel.make(coordinators: 3, screensPer: 4)
    ).dot
    let large = try DiagramBuilder.diagram(
      for: .appMap, of: SyntheticAppModel.make(coordinators: 15, screensPer: 10)
    ).dot
    print("In-process SVG vs dot -Tsvg (fastest of \(runs) renders, wall time)")
    // dot's own start (loading its plugins) on an empty graph: most of what the
    // in-process render saves on a small diagram.
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-bench-empty.dot")
    try "digraph empty {}\n".write(to: empty, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: empty) }
    let start = try measure(runs) { _ = try runDot(empty.path) }.fastest
    print("  dot start alone (empty graph): \(ms(start)) ms")
    for (name, dot) in [("small", small), ("large", large)] {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-bench-\(name).dot")
      try dot.write(to: file, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: file) }
      let nodes = dot.components(separatedBy: "\n").filter { $0.contains("[id=") && !$0.contains("->") }.count
      let edges = dot.components(separatedBy: "\n").filter { $0.contains(" -> ") }.count

      var ours: [UInt8] = []
      _ = try Graphviz.render(dot: dot, format: .svg)
      let inProcessTiming = try measure(runs) { ours = try Graphviz.render(dot: dot, format: .svg) }
      let cliTiming = try measure(runs) { _ = try runDot(file.path) }
      let (inProcess, inProcessMedian) = (inProcessTiming.fastest, inProcessTiming.median)
      let (cli, cliMedian) = (cliTiming.fastest, cliTiming.median)
      // SVG text is measured with Graphviz's built-in metrics: the same bytes as a dot that loads
      // no pango plugin, not as the default dot, which measures with this machine's fonts; but
      // for edge labels, which FlowAtlas places itself.
      let sameMetrics = try runDot(file.path, pluginFolder: try withoutPango())
      let labelled = dot.contains("xlabel=")
      let ratio = inProcess / cli
      print(
        "  \(name): \(nodes) nodes, \(edges) edges: in-process \(ms(inProcess)) ms, dot \(ms(cli)) ms, "
          + "ratio \(String(format: "%.3f", ratio)) (\(ratio <= 1.05 ? "within 5%" : "OVER 5%")); "
          + "bytes \(ours == sameMetrics ? "identical to dot without pango" : labelled ? "other than dot's (FlowAtlas places edge labels)" : "DIFFER from dot without pango")"
          + "; medians \(ms(inProcessMedian)) vs \(ms(cliMedian)) ms")
    }
  }

  /// A Graphviz plugin folder with only the core (SVG) and dot layout plugins: a `dot` that
  /// measures text with Graphviz's built-in metrics, as FlowAtlas's SVG does. Made once per run.
  static func withoutPango() throws -> String { try pluginFolderWithoutPango.get() }

  private static let pluginFolderWithoutPango = Result { try makePluginFolderWithoutPango() }

  private static func makePluginFolderWithoutPango() throws -> String {
    try ReferenceDot.pluginFolderWithoutPango(
      at: FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-bench-gv").path)
  }

  /// Runs `dot -Tsvg file` and returns its output; process start included.
  /// - Parameter pluginFolder: Graphviz's plugin folder (`GVBINDIR`), or nil for the default.
  static func runDot(_ path: String, pluginFolder: String? = nil) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try ReferenceDot.executable())
    process.arguments = ["-Tsvg", path]
    if let pluginFolder { process.environment = ReferenceDot.environment(["GVBINDIR": pluginFolder]) }
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkError("dot exited with \(process.terminationStatus)")
    }
    return Array(data)
  }

  // MARK: One worker against two

  static func compareWorkers(worker: String, rounds: Int) throws {
    guard FileManager.default.isExecutableFile(atPath: worker) else {
      throw BenchmarkError("no worker at \(worker): build the flowatlas product (or pass --worker)")
    }
    // A site's worth: three apps, each with its app map, hierarchy and every flow.
    var jobs: [RenderJob] = []
    for (coordinators, screens) in [(12, 10), (8, 8), (6, 12)] {
      let app = SyntheticAppModel.make(coordinators: coordinators, screensPer: screens)
      var subjects: [DiagramSubject] = [.appMap, .hierarchy]
      subjects += app.flows.map { .flow(coordinator: $0.coordinator) }
      for subject in subjects {
        jobs.append(RenderJob(dot: try DiagramBuilder.diagram(for: subject, of: app).dot, format: .svg))
      }
    }
    print(
      "Site of \(jobs.count) diagrams, SVG in worker processes (\(rounds) alternating rounds)"
    )
    // Rounds alternate 1 and 2 workers so that both see the same load from
    // whatever else runs on the machine; each pool starts its workers inside
    // the timing (what a site build pays).
    let clock = ContinuousClock()
    func timed(workers: Int) throws -> Double {
      let start = clock.now
      let pool = RenderPool(executable: worker, workers: workers)
      defer { pool.shutdown() }
      for result in pool.render(jobs) { _ = try result.get() }
      return (clock.now - start).seconds
    }
    // The control, interleaved with our rounds: the same jobs drawn by `dot`
    // processes one at a time vs two at a time, i.e. what the machine allows.
    let control = try DotControl(jobs: jobs)
    var one: [Double] = []
    var two: [Double] = []
    var ratios: [Double] = []
    var controlRatios: [Double] = []
    for _ in 0..<rounds {
      one.append(try timed(workers: 1))
      two.append(try timed(workers: 2))
      ratios.append(one.last! / two.last!)
      controlRatios.append(control.timed(parallel: 1) / control.timed(parallel: 2))
    }
    controlRatios.sort()
    let inProcess = try measure(rounds) {
      for job in jobs { _ = try Graphviz.render(dot: job.dot, format: job.format) }
    }
    ratios.sort()
    let speedup = ratios[ratios.count / 2]
    print(
      "  in-process one after another \(ms(inProcess.median)) ms (median); 1 worker \(ms(one.min()!)) ms, "
        + "2 workers \(ms(two.min()!)) ms (fastest); paired speedup median \(String(format: "%.2f", speedup))×, "
        + "best \(String(format: "%.2f", ratios.last!))× (\(speedup >= 1.7 ? "meets" : "BELOW") 1.7×)")
    var load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
    load = load.split(separator: " ").prefix(3).joined(separator: " ")
    print("  cores: \(ProcessInfo.processInfo.activeProcessorCount), load average: \(load)")
    print(
      "  control, same jobs with dot processes in the same rounds: 2 at a time vs 1, paired speedup median "
        + "\(String(format: "%.2f", controlRatios[controlRatios.count / 2]))× (what the machine allowed)")
  }

  // MARK: Measuring

  /// Seconds per call of `body` over `runs` calls. The machine is shared, so
  /// the fastest run is the one least disturbed by other load; the median is
  /// reported beside it.
  struct Timing {
    var fastest: Double
    var median: Double
  }

  static func measure(_ runs: Int, _ body: () throws -> Void) throws -> Timing {
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<max(1, runs) {
      let start = clock.now
      try body()
      samples.append((clock.now - start).seconds)
    }
    samples.sort()
    return Timing(fastest: samples[0], median: samples[samples.count / 2])
  }

  static func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
}

/// The same jobs drawn by `dot` processes, one or two at a time.
struct DotControl {
  let files: [String]
  let directory: URL

  init(jobs: [RenderJob]) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-bench-control")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var paths: [String] = []
    for (index, job) in jobs.enumerated() {
      let file = directory.appendingPathComponent("\(index).dot")
      try job.dot.write(to: file, atomically: true, encoding: .utf8)
      paths.append(file.path)
    }
    files = paths
  }

  func timed(parallel: Int) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    let files = self.files
    DispatchQueue.concurrentPerform(iterations: parallel) { lane in
      for (index, file) in files.enumerated() where index % parallel == lane {
        _ = try? RenderBenchmark.runDot(file)
      }
    }
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}

struct BenchmarkError: Error, LocalizedError {
  var errorDescription: String?
  init(_ message: String) { errorDescription = message }
}

extension Duration {
  fileprivate var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

/// A generated app like the render tests': flows of screens, about three
/// transitions out of each, mostly within the flow (deterministic).
enum SyntheticAppModel {
  static func make(coordinators: Int, screensPer: Int) -> AppModel {
    var state: UInt64 = 42
    func random(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    let names = (0..<coordinators).map { "Flow\($0)Coordinator" }
    let screenNames = (0..<coordinators * screensPer).map { "Screen\($0)" }
    let coordinatorTypes = names.enumerated().map { index, name in
      CoordinatorType(
        type: name, slug: Slug.make(name), starts: 1,
        children: index == 0 ? Array(names.dropFirst()).sorted() : [],
        parents: index == 0 ? [] : [names[0]], outputs: index == 0 ? [] : ["done"], leaks: 0)
    }
    let screens = screenNames.enumerated().map { index, name in
      ScreenType(type: name, slug: Slug.make(name), titles: [], owner: names[index / screensPer], visits: 1)
    }
    var transitions = [
      Transition(from: nil, to: screenNames[0], kind: .setRoot, coordinator: names[0], count: 1, triggers: [])
    ]
    var seen = Set<String>()
    for (index, from) in screenNames.enumerated() {
      for _ in 0..<3 {
        let sameFlow = random(4) != 0
        let target =
          sameFlow ? (index / screensPer) * screensPer + random(screensPer) : random(screenNames.count)
        let to = screenNames[target]
        guard to != from, seen.insert(from + ">" + to).inserted else { continue }
        transitions.append(
          Transition(
            from: from, to: to, kind: sameFlow ? .push : .present, coordinator: names[index / screensPer],
            count: 1 + random(5), triggers: ["go\(target)"]))
      }
    }
    transitions.sort(by: Transition.exportOrder)
    let flows = names.enumerated().map { index, name in
      let own = Set(screenNames[(index * screensPer)..<((index + 1) * screensPer)])
      return Flow(
        coordinator: name, slug: Slug.make(name), screens: own.sorted(),
        entries: transitions.filter { own.contains($0.to) && !own.contains($0.from ?? "") },
        internalTransitions: transitions.filter { own.contains($0.to) && own.contains($0.from ?? "") },
        exits: transitions.filter { !own.contains($0.to) && own.contains($0.from ?? "") },
        children: index == 0 ? Array(names.dropFirst()).sorted() : [], outputs: index == 0 ? [] : ["done"])
    }
    return AppModel(
      name: "Synthetic", slug: "synthetic", runs: [], coordinators: coordinatorTypes, screens: screens,
      transitions: transitions, flows: flows, diagnostics: [])
  }
}
