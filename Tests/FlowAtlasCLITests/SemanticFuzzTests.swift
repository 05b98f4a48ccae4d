import FlowAtlasLock
import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasCLI

/// The semantic fuzzer: random traces that mean something (``SemanticTraces``) through every
/// command, in this process, each output checked against the promises that hold whatever the
/// traces: every command succeeds, the same traces give the same bytes (twice, and with one
/// worker or two), every file a command writes is inside its output folder and nothing is left
/// beside it, a rebuild of the same traces is up to date, and a check against the traces' own
/// model finds nothing.
///
/// The suite runs one seed (a smoke); `scripts/fuzz SECONDS` runs new seeds for that long
/// (`FLOWATLAS_SEMANTIC_FUZZ_SECONDS`), each under a bound of ``bound``, and a failure names
/// the seed that replays it (`FLOWATLAS_TEST_SEED`).
@Suite struct SemanticFuzzTests {
  /// How long one seed may take before the fuzzer calls it a hang.
  static let bound: TimeInterval = 300

  /// Runs `arguments` in this process. - Returns: its status and standard error.
  static func run(_ arguments: [String]) -> (status: Int32, err: String) {
    let captured = CapturedConsole()
    let status = FlowAtlasCommand.main(arguments, console: captured.console, executable: builtExecutable)
    return (status, captured.err)
  }

  /// The files under `folder` (but FlowAtlas's record of this disk's file identities), and
  /// any that is not a plain file or folder inside it.
  static func files(_ folder: String) -> (bytes: [String: Data], escapes: [String]) {
    let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    var escapes: [String] = []
    let bytes = regularFiles(under: folder) { $0.hasSuffix(".flowatlas-cache/identities") }
    for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
      var info = stat()
      let full = folder + "/" + path
      guard lstat(full, &info) == 0 else { continue }
      let kind = info.st_mode & S_IFMT
      let real = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
      if (kind != S_IFREG && kind != S_IFDIR) || !real.hasPrefix(root + "/") { escapes.append(path) }
    }
    return (bytes, escapes)
  }

  /// Every promise, for the corpus of `seed`. - Returns: each one broken, said.
  static func check(seed: UInt64) throws -> [String] {
    var generator = SemanticTraces(random: SeededRandom(seed: seed))
    let corpus = generator.corpus()
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = folder.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    for trace in corpus { _ = try writeTrace(trace.lines, named: trace.name, in: traces) }
    let out = folder.appendingPathComponent("out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    var broken: [String] = []
    func expect(_ arguments: [String], status: Int32 = 0) {
      let result = run(arguments)
      if result.status != status {
        broken.append("\(arguments.joined(separator: " ")): exit \(result.status): \(result.err.prefix(600))")
      }
    }
    let tracesPath = traces.path
    // The model, twice: the same bytes.
    expect(["model", tracesPath, "--output", out + "/model-1.json"])
    expect(["model", tracesPath, "--output", out + "/model-2.json"])
    if FileManager.default.contents(atPath: out + "/model-1.json")
      != FileManager.default.contents(atPath: out + "/model-2.json")
    {
      broken.append("model: two runs wrote different bytes")
    }
    // The site with one worker and with two: the same bytes, every file inside it.
    for jobs in ["1", "2"] {
      expect(["build", tracesPath, "--output", out + "/site-\(jobs)", "--jobs", jobs])
    }
    let (one, two) = (files(out + "/site-1"), files(out + "/site-2"))
    let pages = { (site: [String: Data]) in site.filter { !$0.key.hasPrefix(".flowatlas-cache") } }
    if pages(one.bytes) != pages(two.bytes) {
      let differ = Set(pages(one.bytes).keys).symmetricDifference(pages(two.bytes).keys).sorted().prefix(5)
      broken.append("build: --jobs 1 and 2 wrote different sites \(Array(differ))")
    }
    if !(one.escapes + two.escapes).isEmpty { broken.append("build: not plain files inside: \(one.escapes)") }
    if one.bytes.isEmpty { broken.append("build: an empty site") }
    // Built again from the same traces: up to date, and unchanged. (Its record of the inputs may
    // change: a trace written moments before the first build examined it is compared by its bytes
    // then, and recorded by its times once they prove something.)
    let again = run(["build", tracesPath, "--output", out + "/site-1", "--jobs", "1"])
    if again.status != 0 || !again.err.contains("is up to date")
      || pages(files(out + "/site-1").bytes) != pages(one.bytes)
    {
      broken.append("build: a rebuild of the same traces was not up to date: \(again.err.prefix(300))")
    }
    // The catalog, inside its folder.
    expect(["docc", tracesPath, "--output", out + "/Navigation.docc", "--jobs", "1"])
    if !files(out + "/Navigation.docc").escapes.isEmpty { broken.append("docc: not plain files inside") }
    // Each app's diagrams through `render`, and its review against itself.
    var asked: Set = ["model-1.json", "model-2.json", "site-1", "site-2", "Navigation.docc"]
    for (index, app) in Set(corpus.map(\.app)).sorted().enumerated() {
      for (diagram, format) in [("app", "mermaid"), ("hierarchy", "svg"), ("app", "svg")] {
        let file = "\(index)-\(diagram).\(format)"
        asked.insert(file)
        expect([
          "render", tracesPath, "--app", app, "--diagram", diagram, "--format", format, "--output",
          out + "/" + file,
        ])
      }
      asked.insert("\(index)-review.md")
      expect([
        "diff", out + "/model-1.json", tracesPath, "--old-app", app, "--new-app", app, "--output",
        out + "/\(index)-review.md",
      ])
    }
    expect(["check", tracesPath, "--baseline", out + "/model-1.json"])
    // Nothing beside any output: only what was asked for.
    let beside = Set((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [])
    if beside != asked { broken.append("left beside the outputs: \(beside.subtracting(asked).sorted())") }
    return broken.map { "FLOWATLAS_TEST_SEED=\(seed): \($0)" }
  }

  @Test func randomTracesThatMeanSomethingKeepEveryPromise() throws {
    let seconds = ProcessInfo.processInfo.environment["FLOWATLAS_SEMANTIC_FUZZ_SECONDS"].flatMap(Double.init)
    guard let seconds else {
      // The smoke: one seed (FLOWATLAS_TEST_SEED replays another).
      for problem in try Self.check(seed: SeededRandom(seed: 47).seed) { Issue.record("\(problem)") }
      return
    }
    let end = Date().addingTimeInterval(seconds)
    var seed = UInt64(Date().timeIntervalSince1970)
    var seeds = 0
    while Date() < end {
      seed &+= 1
      let current = seed
      let problems = Lock<[String]?>(nil)
      let done = DispatchSemaphore(value: 0)
      Thread {
        problems.withLock {
          $0 = (try? Self.check(seed: current)) ?? ["FLOWATLAS_TEST_SEED=\(current): setup failed"]
        }
        done.signal()
      }.start()
      guard done.wait(timeout: .now() + Self.bound) == .success else {
        Issue.record("FLOWATLAS_TEST_SEED=\(current): no answer within \(Int(Self.bound)) s")
        return
      }
      for problem in problems.withLock({ $0 }) ?? [] { Issue.record("\(problem)") }
      seeds += 1
    }
    print("semantic fuzz: \(seeds) corpora kept every promise in \(Int(seconds)) s")
  }
}
