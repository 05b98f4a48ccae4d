import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
import Foundation

/// `flowatlas-bench goals`: every speed goal in one run, each ratio taken against its peer in the
/// same round, medians of `--rounds` rounds (3 by default), on seeded corpora it writes itself:
///
/// - full `flowatlas build` / Graphviz alone (the site's DOT laid out by `dot -Tsvg` without its
///   pango plugin, `--jobs` at a time), on each of `--shapes` (``CorpusShape``; by default
///   `one-app`, `many-apps` and `big-app`; `long-names` and `few-long-runs` when named): goal ≤ 1.10×;
/// - the rebuild after one more trace / that full build, on each shape: goal ≤ 0.15×;
/// - `flowatlas model` / `jq -c .` on the same files, both writing a file, on `one-app-1m`:
///   goal ≤ 0.10×;
/// - full build / `dot -Tsvg` with pango, the obvious alternative, on `one-app`: reported;
/// - peak RSS of a full build of `one-app-1m`: goal ≤ 70 MB;
/// - `--jobs 1` and `--jobs 2` builds of `one-app`: the same bytes.
enum GoalsBenchmark {
  /// `goals [--rounds N] [--jobs N] [--shapes one-app,many-apps,big-app] [--work DIR] [--flowatlas PATH]`.
  static func run(_ arguments: [String]) throws -> Int32 {
    let options = try Options(arguments)
    let flowatlas = options.values["flowatlas"] ?? SiteBenchmark.siblingExecutable("flowatlas")
    let rounds = max(1, options.int("rounds", default: 3))
    let jobs = max(1, options.int("jobs", default: 2))
    let work = options.values["work"] ?? NSTemporaryDirectory() + "flowatlas-bench-goals"
    // The build and rebuild goals hold for apps of several shapes (``CorpusShape``): one app of
    // 25 flows, three apps of a million events, a big app of about 100 flows and 500 screens (and,
    // when named, one-app with long type names, and one-app's events in four long runs).
    var shapes: [String] = []
    for shape in (options.values["shapes"] ?? "one-app,many-apps,big-app").split(separator: ",")
    where !shapes.contains(String(shape)) {
      shapes.append(String(shape))
    }
    guard shapes.first == "one-app" else { throw BenchError.usage("--shapes must begin with one-app") }
    let big = try corpus("one-app-1m", in: work)
    // First, while this process is small: a child started by `posix_spawn` shares this process's
    // memory until it runs `flowatlas`, and Linux counts this process's peak as the child's
    // (`ru_maxrss`), which the shapes' models, made below, raise to hundreds of megabytes.
    let memory = try checkedBuild(flowatlas, big, output: "\(work)/big-site", jobs: jobs, work: work)
    SiteBenchmark.say("flowatlas: \(flowatlas), \(jobs) jobs, \(rounds) rounds, work folder \(work)")
    var corpora: [(shape: String, traces: String, work: String, dot: String, list: String)] = []
    for shape in shapes {
      let traces = try corpus(shape, in: work)
      let siteWork = "\(work)/site-\(shape)"
      try FileManager.default.createDirectory(atPath: siteWork, withIntermediateDirectories: true)
      let model = try ModelBuilder(keepsJourneys: true, workers: jobs).build(
        files: try TraceInputs.files(in: [traces]))
      let diagrams = try SiteBenchmark.siteDiagrams(of: model)
      let list = try SiteBenchmark.writeDOT(diagrams, into: "\(siteWork)/dot")
      corpora.append((shape, traces, siteWork, "\(siteWork)/dot", list.path))
      SiteBenchmark.say(
        "\(shape): \(diagrams.count) diagrams, \(try TraceInputs.files(in: [traces]).count) traces")
    }
    let oneApp = corpora[0].traces

    var byShape: [String: [Round]] = [:]
    for index in 1...rounds {
      let (modelRun, jq) = try modelRound(big, flowatlas: flowatlas, work: work)
      for corpus in corpora {
        let site = try SiteBenchmark.measureRound(
          corpus: corpus.traces, flowatlas: flowatlas, jobs: jobs, work: corpus.work, dotFolder: corpus.dot,
          list: corpus.list, perFileToo: false, pango: false)
        let pango =
          corpus.shape == "one-app"
          ? try SiteBenchmark.graphviz(
            list: corpus.list, dotFolder: corpus.dot, jobs: jobs, batch: 8, work: corpus.work, pango: true
          ).seconds : .nan
        let round = Round(site: site, pango: pango, model: modelRun, jq: jq)
        SiteBenchmark.say(
          "round \(index), \(corpus.shape): build \(f(site.full.seconds)) s / graphviz alone "
            + "\(f(site.bracketSeconds)) s = \(f(round.buildRatio))×; one more trace \(f(site.grown.seconds)) s = "
            + "\(f(round.grownRatio))×; model \(f(modelRun)) s / jq \(f(jq)) s = \(f(round.modelRatio))×"
            + (pango.isNaN ? "" : "; dot with pango \(f(pango)) s"))
        byShape[corpus.shape, default: []].append(round)
      }
    }
    let one = try checkedBuild(flowatlas, oneApp, output: "\(work)/jobs-1", jobs: 1, work: work)
    let two = try checkedBuild(flowatlas, oneApp, output: "\(work)/jobs-2", jobs: 2, work: work)
    let sameBytes = try digest(of: "\(work)/jobs-1") == digest(of: "\(work)/jobs-2")
    _ = (one, two)

    func median(_ values: [Double]) -> Double { SiteBenchmark.median(values) }
    // The model and pango rows, measured beside one-app's rounds.
    let measured = byShape["one-app"] ?? []
    var rows: [(String, String, String, Bool?)] = []
    for shape in shapes {
      let rounds = byShape[shape] ?? []
      let (build, grown) = (median(rounds.map(\.buildRatio)), median(rounds.map(\.grownRatio)))
      rows.append(
        ("full build / Graphviz alone (no pango), \(shape)", "\(f(build))×", "≤ 1.10×", build <= 1.10))
      rows.append(
        ("rebuild after one more trace / full build, \(shape)", "\(f(grown))×", "≤ 0.15×", grown <= 0.15))
    }
    rows += [
      (
        "flowatlas model / jq -c ., one-app-1m", "\(f(median(measured.map(\.modelRatio))))×", "≤ 0.10×",
        median(measured.map(\.modelRatio)) <= 0.10
      ),
      (
        "full build / dot -Tsvg with pango, one-app",
        "\(f(median(measured.map { $0.site.full.seconds / $0.pango })))×",
        "(about 0.8×)", nil
      ),
      (
        "peak RSS, full build of one-app-1m (build process)",
        "\(SiteBenchmark.megabytes(memory.ownPeakKB)) MB",
        "≤ 70 MB", memory.ownPeakKB <= 70 * 1024
      ),
      (
        "peak RSS, largest process of that build (itself or a render worker)",
        "\(SiteBenchmark.megabytes(memory.treePeakKB)) MB", "", nil
      ),
      (
        "--jobs 1 and --jobs 2 give the same bytes, one-app", sameBytes ? "same" : "different", "same",
        sameBytes
      ),
    ]
    SiteBenchmark.say("")
    SiteBenchmark.say("| goal (median of \(rounds) rounds) | now | goal | met |")
    SiteBenchmark.say("|---|---:|---:|---|")
    for (name, now, goal, met) in rows {
      SiteBenchmark.say("| \(name) | \(now) | \(goal) | \(met.map { $0 ? "yes" : "no" } ?? "") |")
    }
    return 0
  }

  /// What one round measured.
  struct Round {
    var site: SiteBenchmark.Round
    /// `dot -Tsvg` with pango over the same DOT, seconds.
    var pango: Double
    var model: Double
    var jq: Double

    var buildRatio: Double { site.full.seconds / site.bracketSeconds }
    var grownRatio: Double { site.grown.seconds / site.full.seconds }
    var modelRatio: Double { model / jq }
  }

  /// The corpus of `shape` under `work`, written unless a complete one is there.
  static func corpus(_ shape: String, in work: String) throws -> String {
    let folder = "\(work)/\(shape)"
    let done = "\(folder)/.complete"
    if !FileManager.default.fileExists(atPath: done) {
      try? FileManager.default.removeItem(atPath: folder)
      let bytes = try ModelBenchmark.writeCorpus(try CorpusShape(named: shape), into: "\(folder)/traces")
      try Data().write(to: URL(fileURLWithPath: done))
      SiteBenchmark.say("wrote the \(shape) corpus: \(bytes / 1_000_000) MB")
    }
    return "\(folder)/traces"
  }

  /// `jq -c .` then `flowatlas model` on the same files, each writing a file of its own.
  /// - Returns: their wall times, seconds.
  static func modelRound(_ corpus: String, flowatlas: String, work: String) throws -> (
    model: Double, jq: Double
  ) {
    let files = try TraceInputs.files(in: [corpus])
    let jq = try TimedChild(
      executable: "jq", arguments: ["-c", "."] + files, output: "\(work)/jq.out", errors: "\(work)/jq.log"
    ).run()
    guard jq.status == 0 else {
      throw BenchError.usage("jq failed with status \(jq.status); see \(work)/jq.log")
    }
    let model = try TimedChild(
      executable: flowatlas, arguments: ["model", corpus, "--output", "\(work)/model.json"],
      errors: "\(work)/model.log"
    ).run()
    guard model.status == 0 else {
      throw BenchError.usage("flowatlas model failed with status \(model.status); see \(work)/model.log")
    }
    return (model.seconds, jq.seconds)
  }

  /// A full build of `corpus` into a fresh `output`.
  static func checkedBuild(_ flowatlas: String, _ corpus: String, output: String, jobs: Int, work: String)
    throws
    -> TimedChild.Outcome
  {
    try? FileManager.default.removeItem(atPath: output)
    let outcome = try TimedChild(
      executable: flowatlas, arguments: ["build", corpus, "--output", output, "--jobs", "\(jobs)"],
      errors: "\(work)/build.log"
    ).run()
    return try SiteBenchmark.checked(outcome, "flowatlas build \(corpus)", log: "\(work)/build.log")
  }

  /// A hash of every file of a site and its path, FlowAtlas's own folder aside (which inode and
  /// time each file has is the disk's business, not the site's bytes).
  static func digest(of site: String) throws -> String {
    var lines: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: site)
    while let path = enumerator?.nextObject() as? String {
      guard !path.hasPrefix(".flowatlas-cache") else { continue }
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: "\(site)/\(path)", isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(site)/\(path)")))
      lines.append("\(path) \(Fingerprint.fast128(bytes))")
    }
    return Fingerprint.sha256(lines.sorted().joined(separator: "\n"))
  }

  static func f(_ value: Double) -> String { SiteBenchmark.format(value) }
}
