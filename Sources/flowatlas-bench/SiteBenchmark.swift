import FlowAtlasBuild
import FlowAtlasModel
import FlowAtlasRender
import Foundation

/// `flowatlas-bench site`: the site's two goals, measured on the real `flowatlas build` binary.
///
/// - A full build takes at most 1.3× what Graphviz alone needs for the same diagrams: the
///   site's DOT (``DiagramBuilder`` with the site's links and default options, as
///   `GraphvizDiagrams` draws it) laid out by the `dot` CLI, as many processes as the build's
///   `--jobs`, via `xargs -P`, given the same text metrics (no pango plugin).
/// - An unchanged rebuild (same traces, same output folder) takes at most 10% of a full build.
/// - A rebuild after adding one trace (a copy of the corpus's first run under a new run name)
///   takes at most 0.15× a full build: only the diagrams whose DOT changed are drawn again.
///
/// Each round runs Graphviz alone, a full build (fresh output folder), Graphviz alone again
/// an unchanged rebuild and the rebuild with one more trace back to back; the build is compared with the mean of the two
/// Graphviz runs around it, so a drift in the machine's speed hits both sides alike.
/// Medians are reported.
enum SiteBenchmark {
  /// `site CORPUS [--flowatlas PATH] [--runs N] [--jobs N] [--work DIR] [--breakdown N] [--per-file 1]
  /// [--pango 1]`.
  ///
  /// `--pango 1` times Graphviz alone with its default pango plugin (which measures text with this
  /// machine's fonts) instead of with the build's built-in text metrics.
  ///
  /// `--runs 0` skips the rounds; `--breakdown N` times the in-process stages N times (medians).
  static func run(_ arguments: [String]) throws -> Int32 {
    let options = try Options(arguments)
    guard let corpus = options.positional.first else {
      throw BenchError.usage(
        "site needs CORPUS (a folder of traces; write one with flowatlas-bench generate)\n"
          + "usage: flowatlas-bench site CORPUS [--flowatlas PATH] [--runs N] [--jobs N] [--work DIR] "
          + "[--breakdown N] [--per-file 1] [--pango 1]")
    }
    let flowatlas = options.values["flowatlas"] ?? siblingExecutable("flowatlas")
    let runs = max(0, options.int("runs", default: 3))
    let jobs = max(1, options.int("jobs", default: 2))
    let work = options.values["work"] ?? NSTemporaryDirectory() + "flowatlas-bench-site"
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)

    let files = try TraceInputs.files(in: [corpus])
    let bytes = files.reduce(0) {
      $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0)
    }
    let clock = ContinuousClock()
    var model = NavigationModel(apps: [], diagnostics: [])
    let ingest = try clock.measure {
      model = try ModelBuilder(keepsJourneys: true, workers: jobs).build(files: files)
    }
    let events = model.apps.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.events } }
    let screens = model.apps.reduce(0) { $0 + $1.screens.count }
    say(
      "corpus: \(files.count) files, \(String(format: "%.1f", Double(bytes) / 1e6)) MB, \(events) events, "
        + "\(model.apps.count) apps, \(screens) screen types")

    var diagrams: [Diagram] = []
    let building = try clock.measure { diagrams = try siteDiagrams(of: model) }
    let dotFolder = "\(work)/dot"
    let list = try writeDOT(diagrams, into: dotFolder)
    say(
      "diagrams: \(diagrams.count), DOT \(String(format: "%.1f", Double(list.bytes) / 1e6)) MB "
        + "(in-process: ingest \(format(seconds(ingest))) s, DOT \(format(seconds(building))) s)")
    say("flowatlas: \(flowatlas), \(jobs) jobs, \(runs) rounds, work folder \(work)")

    var rounds: [Round] = []
    for index in 1...max(runs, 1) where runs > 0 {
      let round = try measureRound(
        corpus: corpus, flowatlas: flowatlas, jobs: jobs, work: work, dotFolder: dotFolder, list: list.path,
        perFileToo: options.values["per-file"] != nil, pango: options.values["pango"] != nil)
      say(
        "round \(index): full \(format(round.full.seconds)) s, rebuild \(format(round.rebuild.seconds)) s, "
          + "one more trace \(format(round.grown.seconds)) s, "
          + "graphviz alone \(format(round.graphvizBefore.seconds)) s before, \(format(round.graphviz.seconds)) s after"
          + (round.graphvizPerFile.map { " (xargs -n 1: \(format($0.seconds)) s)" } ?? "") + ", "
          + "peak RSS build \(megabytes(round.full.ownPeakKB)) MB / tree \(megabytes(round.full.treePeakKB)) MB"
      )
      rounds.append(round)
    }
    if !rounds.isEmpty { report(rounds) }
    if options.values["breakdown"] != nil {
      try SiteBreakdown(model: model, flowatlas: flowatlas, jobs: jobs, work: work).run(
        files: files, repeats: max(1, options.int("breakdown", default: 1)))
    }
    return 0
  }

  /// What one round measured.
  struct Round {
    var full: TimedChild.Outcome
    var rebuild: TimedChild.Outcome
    /// The rebuild after adding one trace to the corpus.
    var grown: TimedChild.Outcome
    /// Graphviz alone right after the build (the fastest of the batched runs when `--per-file`).
    var graphviz: TimedChild.Outcome
    /// Graphviz alone right before the build.
    var graphvizBefore: TimedChild.Outcome

    /// The build's denominator: the mean of the Graphviz runs before and after it.
    var bracketSeconds: Double { (graphvizBefore.seconds + graphviz.seconds) / 2 }
    /// One `dot` process per diagram (`--per-file 1`): pays process start-up per diagram, the pool does not.
    var graphvizPerFile: TimedChild.Outcome?
  }

  /// Every diagram the site draws, as the site asks for it: the app map, the hierarchy, each
  /// flow and each journey, linked for the site, with the renderer's default options.
  static func siteDiagrams(of model: NavigationModel) throws -> [Diagram] {
    var diagrams: [Diagram] = []
    for app in model.apps {
      for subject in DiagramSubject.all(of: app) {
        diagrams.append(try DiagramBuilder.diagram(for: subject, of: app, links: .site))
      }
    }
    return diagrams
  }

  /// Writes one `.dot` file per diagram and a NUL-separated list of them for `xargs -0`,
  /// largest first so that two processes finish together (the best case for Graphviz alone).
  static func writeDOT(_ diagrams: [Diagram], into folder: String) throws -> (
    path: String, bytes: Int
  ) {
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var written: [(path: String, size: Int)] = []
    for (index, diagram) in diagrams.enumerated() {
      let path = String(format: "%@/%05d.dot", folder, index)
      let data = Data(diagram.dot.utf8)
      try data.write(to: URL(fileURLWithPath: path))
      written.append((path, data.count))
    }
    let ordered = written.sorted { $0.size != $1.size ? $0.size > $1.size : $0.path < $1.path }
    let list = "\(folder).list"
    try Data(ordered.map { $0.path + "\u{0}" }.joined().utf8).write(to: URL(fileURLWithPath: list))
    return (list, written.reduce(0) { $0 + $1.size })
  }

  static func measureRound(
    corpus: String, flowatlas: String, jobs: Int, work: String, dotFolder: String, list: String,
    perFileToo: Bool, pango: Bool
  ) throws -> Round {
    let site = "\(work)/site"
    try? FileManager.default.removeItem(atPath: site)
    let build = TimedChild(
      executable: flowatlas, arguments: ["build", corpus, "--output", site, "--jobs", "\(jobs)"],
      errors: "\(work)/build.log")
    // Graphviz alone runs right before and right after the build: this VM's speed drifts by
    // tens of percent within a minute, and the pair brackets the build.
    let before = try graphviz(
      list: list, dotFolder: dotFolder, jobs: jobs, batch: 8, work: work, pango: pango)
    let full = try checked(build.run(), "flowatlas build (full)", log: "\(work)/build.log")
    let batched = try graphviz(
      list: list, dotFolder: dotFolder, jobs: jobs, batch: 8, work: work, pango: pango)
    let rebuild = try checked(build.run(), "flowatlas build (rebuild)", log: "\(work)/build.log")
    let grow = TimedChild(
      executable: flowatlas,
      arguments: [
        "build", corpus, try addedTrace(corpus: corpus, work: work), "--output", site, "--jobs", "\(jobs)",
      ],
      errors: "\(work)/build.log")
    let grown = try checked(grow.run(), "flowatlas build (one more trace)", log: "\(work)/build.log")
    let perFile =
      perFileToo
      ? try graphviz(list: list, dotFolder: dotFolder, jobs: jobs, batch: 1, work: work, pango: pango) : nil
    return Round(
      full: full, rebuild: rebuild, grown: grown,
      graphviz: perFile.map { $0.seconds < batched.seconds ? $0 : batched } ?? batched,
      graphvizBefore: before, graphvizPerFile: perFile)
  }

  /// A trace for the corpus's app that it does not have yet: its first file with the run
  /// renamed in the header (`work/added/added-run.jsonl`).
  static func addedTrace(corpus: String, work: String) throws -> String {
    let folder = "\(work)/added"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return try renamedTrace(from: corpus, run: "added-run", into: folder)
  }

  /// The corpus's first trace with its header's `run` renamed to `run`, written as
  /// `folder/run.jsonl`: a run of the app the corpus does not have.
  /// - Returns: the new trace's path.
  static func renamedTrace(from corpus: String, run: String, into folder: String) throws -> String {
    guard let first = try TraceInputs.files(in: [corpus]).first,
      let data = FileManager.default.contents(atPath: first),
      let newline = data.firstIndex(of: UInt8(ascii: "\n")),
      var header = try JSONSerialization.jsonObject(with: data[..<newline]) as? [String: Any]
    else { throw BenchError.usage("\(corpus): no trace to copy") }
    header["run"] = run
    var trace = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
    trace.append(data[newline...])
    let path = "\(folder)/\(run).jsonl"
    try trace.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// `xargs -0 -P jobs -n batch dot -Tsvg -O` over the list: each `x.dot` becomes `x.dot.svg`.
  /// - Parameter pango: whether `dot` has its pango plugin, or (the default) measures text with
  ///   Graphviz's built-in tables as the build's SVG does.
  static func graphviz(
    list: String, dotFolder: String, jobs: Int, batch: Int, work: String, pango: Bool
  ) throws -> TimedChild.Outcome {
    let svgs = (try? FileManager.default.contentsOfDirectory(atPath: dotFolder)) ?? []
    for name in svgs where name.hasSuffix(".svg") {
      try? FileManager.default.removeItem(atPath: "\(dotFolder)/\(name)")
    }
    // Given the same text metrics as the build: a dot whose plugin folder has no pango, so that it
    // estimates label widths from Graphviz's built-in tables as FlowAtlas's SVG does.
    let plugins = pango ? [] : ["GVBINDIR=\(try RenderBenchmark.withoutPango())"]
    let xargs = TimedChild(
      executable: "env",
      arguments: plugins + ["xargs", "-0", "-P", "\(jobs)", "-n", "\(batch)", "dot", "-Tsvg", "-O"],
      input: list, errors: "\(work)/dot.log")
    let outcome = try checked(xargs.run(), "xargs dot -Tsvg", log: "\(work)/dot.log")
    let drawn = ((try? FileManager.default.contentsOfDirectory(atPath: dotFolder)) ?? []).filter {
      $0.hasSuffix(".svg")
    }
    let expected = ((try? FileManager.default.contentsOfDirectory(atPath: dotFolder)) ?? []).filter {
      $0.hasSuffix(".dot")
    }
    guard drawn.count == expected.count else {
      throw BenchError.usage("dot drew \(drawn.count) of \(expected.count) diagrams; see \(work)/dot.log")
    }
    return outcome
  }

  static func checked(_ outcome: TimedChild.Outcome, _ what: String, log: String) throws
    -> TimedChild.Outcome
  {
    guard outcome.status == 0 else {
      throw BenchError.usage("\(what) failed with status \(outcome.status); see \(log)")
    }
    return outcome
  }

  private static func report(_ rounds: [Round]) {
    let full = median(rounds.map(\.full.seconds))
    let rebuild = median(rounds.map(\.rebuild.seconds))
    let graphviz = median(rounds.map(\.bracketSeconds))
    let perFile = rounds.compactMap(\.graphvizPerFile?.seconds)
    let buildRatio = median(rounds.map { $0.full.seconds / $0.bracketSeconds })
    let rebuildRatio = median(rounds.map { $0.rebuild.seconds / $0.full.seconds })
    let grown = median(rounds.map(\.grown.seconds))
    let grownRatio = median(rounds.map { $0.grown.seconds / $0.full.seconds })
    say("")
    say("| measure (median of \(rounds.count)) | value | goal | met |")
    say("|---|---:|---:|---|")
    say("| full build, flowatlas build | \(format(full)) s | | |")
    say(
      "| Graphviz alone, dot -Tsvg × jobs (mean of the runs before and after each build) | \(format(graphviz)) s | | |"
    )
    if !perFile.isEmpty { say("| Graphviz alone, one dot per diagram | \(format(median(perFile))) s | | |") }
    say(
      "| full build / Graphviz alone | \(format(buildRatio))× | ≤ 1.3× | \(buildRatio <= 1.3 ? "yes" : "no") |"
    )
    say("| unchanged rebuild | \(format(rebuild)) s | | |")
    say(
      "| rebuild / full build | \(format(rebuildRatio * 100))% | ≤ 10% | \(rebuildRatio <= 0.10 ? "yes" : "no") |"
    )
    say("| rebuild after adding one trace | \(format(grown)) s | | |")
    say(
      "| that rebuild / full build | \(format(grownRatio))× | ≤ 0.15× | \(grownRatio <= 0.15 ? "yes" : "no") |"
    )
    say("| peak RSS, build process | \(megabytes(rounds.map(\.full.ownPeakKB).max() ?? 0)) MB | | |")
    say(
      "| peak RSS, largest process of the build tree | \(megabytes(rounds.map(\.full.treePeakKB).max() ?? 0)) MB | | |"
    )
    say("| peak RSS, rebuild | \(megabytes(rounds.map(\.rebuild.ownPeakKB).max() ?? 0)) MB | | |")
    func cpu(_ outcome: TimedChild.Outcome) -> Double { outcome.userSeconds + outcome.systemSeconds }
    let buildCPU = rounds.map { cpu($0.full) }
    let graphvizCPU = rounds.map { (cpu($0.graphvizBefore) + cpu($0.graphviz)) / 2 }
    say("| CPU of full build (user + sys, incl. workers) | \(format(median(buildCPU))) s | | |")
    say(
      "| CPU of Graphviz alone (user + sys, mean of the runs before and after) | \(format(median(graphvizCPU))) s | | |"
    )
    say(
      "| CPU of full build / CPU of Graphviz alone | \(format(median(zip(buildCPU, graphvizCPU).map { $0 / $1 })))× | | |"
    )
  }

  /// Prints a line at once, unbuffered, so that progress shows while the rounds run even when the
  /// output goes to a file.
  static func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

  /// `name` next to this benchmark's executable (both are built into `.build/release`).
  static func siblingExecutable(_ name: String) -> String {
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return me.appendingPathComponent(name).path
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func format(_ value: Double) -> String { String(format: "%.2f", value) }

  static func megabytes(_ kilobytes: Int) -> String { String(format: "%.0f", Double(kilobytes) / 1024) }
}
