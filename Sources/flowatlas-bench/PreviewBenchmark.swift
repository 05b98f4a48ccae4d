import FlowAtlasBuild
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasRender
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `flowatlas-bench preview`: how soon `flowatlas preview` shows a new trace, and what it costs at
/// rest, on the `one-app` corpus (``GoalsBenchmark/corpus(_:in:)``), watching with inotify and by
/// polling (`--poll`):
///
/// - from a trace renamed into the watched folder (as a test runner moves a finished trace in) to
///   its journey page on disk (looked for every millisecond), and to the preview's `build N` line;
///   that is the settle time (250 ms of quiet) plus the incremental rebuild, which the line times;
/// - the preview's CPU time (user + system, from `/proc/PID/stat`, its builds not counted) while
///   nothing changes for `--idle` seconds (60 by default), and the builds it ran meanwhile (none).
enum PreviewBenchmark {
  /// `preview [--rounds N] [--idle SECONDS] [--jobs N] [--work DIR] [--flowatlas PATH]`.
  static func run(_ arguments: [String]) throws -> Int32 {
    let options = try Options(arguments)
    let flowatlas = options.values["flowatlas"] ?? SiteBenchmark.siblingExecutable("flowatlas")
    let rounds = max(1, options.int("rounds", default: 5))
    let idle = max(1, options.int("idle", default: 60))
    let jobs = max(1, options.int("jobs", default: 2))
    let work = options.values["work"] ?? NSTemporaryDirectory() + "flowatlas-bench-goals"
    let corpus = try GoalsBenchmark.corpus("one-app", in: work)
    SiteBenchmark.say(
      "flowatlas: \(flowatlas), \(jobs) jobs, \(rounds) traces added, \(idle) s idle, work \(work)")
    var rows: [String] = []
    for polling in [false, true] {
      let folder = "\(work)/preview-\(polling ? "polling" : "inotify")"
      try? FileManager.default.removeItem(atPath: folder)
      try FileManager.default.createDirectory(atPath: "\(folder)/incoming", withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: corpus, toPath: "\(folder)/traces")
      let preview = try RunningPreview(
        flowatlas,
        ["\(folder)/traces", "--output", "\(folder)/site", "--jobs", "\(jobs)"] + (polling ? ["--poll"] : []))
      defer { preview.stop() }
      _ = try preview.line(startingWith: "build 1: ", within: 600)
      var toPage: [Double] = []
      var toLine: [Double] = []
      var builds: [Double] = []
      for round in 1...rounds {
        let (trace, page) = try newTrace(
          from: corpus, run: "preview-\(polling ? "poll" : "notify")-\(round)", into: "\(folder)/incoming")
        let target = "\(folder)/traces/\(URL(fileURLWithPath: trace).lastPathComponent)"
        let start = DispatchTime.now().uptimeNanoseconds
        guard rename(trace, target) == 0 else { throw BenchError.usage("cannot move \(trace) in") }
        let pagePath = "\(folder)/site/\(page)"
        while access(pagePath, F_OK) != 0 {
          guard DispatchTime.now().uptimeNanoseconds - start < 300_000_000_000 else {
            throw BenchError.usage("\(pagePath) never appeared; see \(preview.log)")
          }
          usleep(1_000)
        }
        toPage.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        let line = try preview.line(startingWith: "build \(round + 1): ", within: 300)
        toLine.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        builds.append(Double(line.split(separator: " ").dropFirst(5).first ?? "") ?? 0)
        SiteBenchmark.say(
          "\(polling ? "polling" : "inotify") round \(round): page on disk after \(f(toPage.last!)) s, "
            + "\(line)")
      }
      let before = try cpuSeconds(of: preview.pid)
      let linesBefore = preview.lines.count
      sleep(UInt32(idle))
      let spent = try cpuSeconds(of: preview.pid) - before
      let idleBuilds = preview.lines.count - linesBefore
      let name = polling ? "--poll (every 250 ms)" : "inotify"
      rows.append(
        "| \(name) | \(f(SiteBenchmark.median(toPage))) s (\(toPage.map(f).joined(separator: ", "))) | "
          + "\(f(SiteBenchmark.median(toLine))) s | \(f(SiteBenchmark.median(builds))) s | "
          + "\(String(format: "%.3f", spent)) s in \(idle) s (\(String(format: "%.3f", spent / Double(idle) * 100))%) | "
          + "\(idleBuilds) |")
    }
    SiteBenchmark.say("")
    SiteBenchmark.say(
      "| watching | new trace → its page on disk (median; rounds) | → `build N` line | the rebuild itself | "
        + "CPU at rest | builds at rest |")
    SiteBenchmark.say("|---|---:|---:|---:|---:|---:|")
    for row in rows { SiteBenchmark.say(row) }
    return 0
  }

  /// A trace of the corpus's app that it does not have: its first trace with the run renamed,
  /// written into `folder`.
  /// - Returns: the trace's path, and its journey page's path in the site.
  static func newTrace(from corpus: String, run: String, into folder: String) throws -> (String, String) {
    let path = try SiteBenchmark.renamedTrace(from: corpus, run: run, into: folder)
    let model = try ModelBuilder(keepsJourneys: false, workers: 1).build(files: [path])
    guard let app = model.apps.first, let journey = app.runs.first else {
      throw BenchError.usage("\(path): no run in it")
    }
    return (path, "\(app.slug)/journey-\(journey.slug).html")
  }

  /// The user and system time `pid` has used, its reaped children's not counted: fields 14 and
  /// 15 of `/proc/PID/stat`, in clock ticks.
  static func cpuSeconds(of pid: pid_t) throws -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { throw BenchError.usage("cannot read /proc/\(pid)/stat") }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      throw BenchError.usage("/proc/\(pid)/stat: \(stat)")
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  static func f(_ value: Double) -> String { SiteBenchmark.format(value) }
}

/// A `flowatlas preview` the benchmark runs; its standard output read as it comes, its standard
/// error kept in a log file.
final class RunningPreview: Sendable {
  let pid: pid_t
  let log: String
  private let output = Lock<[String]>([])
  private let arrived = DispatchSemaphore(value: 0)

  init(_ flowatlas: String, _ arguments: [String]) throws {
    guard let (ours, theirs) = ChildProcess.socketPair() else { throw BenchError.usage("no socket pair") }
    log = NSTemporaryDirectory() + "flowatlas-bench-preview-\(getpid()).log"
    let spawned = ChildProcess.spawn(
      flowatlas, arguments: ["preview"] + arguments,
      environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
      actions: [
        .open("/dev/null", as: 0, flags: O_RDONLY), .duplicate(theirs, as: 1),
        .open(log, as: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644),
      ])
    close(theirs)
    switch spawned {
    case .success(let started): pid = started
    case .failure(let error): throw BenchError.usage("cannot start \(flowatlas): \(error)")
    }
    Thread { [self] in
      let handle = FileHandle(fileDescriptor: ours, closeOnDealloc: true)
      var partial = ""
      while true {
        let data = handle.availableData
        partial += String(decoding: data, as: UTF8.self)
        while let end = partial.firstIndex(of: "\n") {
          let line = String(partial[..<end])
          output.withLock { $0.append(line) }
          partial.removeSubrange(...end)
        }
        arrived.signal()
        if data.isEmpty { return }
      }
    }.start()
  }

  var lines: [String] { output.withLock { $0 } }

  /// The first line starting with `prefix`, waiting for it at most `seconds`.
  func line(startingWith prefix: String, within seconds: Double) throws -> String {
    let deadline = DispatchTime.now() + seconds
    while true {
      if let found = lines.first(where: { $0.hasPrefix(prefix) }) { return found }
      guard arrived.wait(timeout: deadline) == .success else {
        throw BenchError.usage("no '\(prefix)' from the preview; see \(log)")
      }
    }
  }

  func stop() {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}
