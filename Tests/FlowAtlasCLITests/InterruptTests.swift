import Foundation
import Testing

/// A signal during a command (issue "Hardening, round 2", item 16): `model|render|diff
/// --output FILE` keeps the old FILE and leaves no `.FILE.flowatlas-<pid>-<n>` beside it; a
/// build leaves its previous site and, after the next build, nothing beside it.
///
/// The command stops itself at a fault point (`FLOWATLAS_STOP_AT`), where `waitpid` with
/// `WUNTRACED` sees it; SIGTERM then SIGCONT end it there: no sleep decides the timing.
@Suite(.serialized) struct InterruptTests {
  /// Runs `arguments`, stopped at fault point `point`, then ended by `signalNumber`.
  /// - Returns: the signal that ended it (0 when it exited instead).
  static func interrupted(_ arguments: [String], at point: Int, by signalNumber: Int32) throws -> Int32 {
    let child = try ConcurrentBuildTests.start(arguments, environment: ["FLOWATLAS_STOP_AT": "\(point)"])
    defer { close(child.err) }
    var status: Int32 = 0
    #expect(waitpid(child.pid, &status, WUNTRACED) == child.pid)
    #expect(status & 0xFF == 0x7F, "it stopped at point \(point)")
    kill(child.pid, signalNumber)
    kill(child.pid, SIGCONT)
    while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
    return status & 0x7F
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func aSignalDuringAnOutputLeavesTheOldFileAndNothingBeside(signalNumber: Int32) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let output = folder.appendingPathComponent("model.json").path
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: output))
    for command in [["model", trace], ["render", trace, "--diagram", "app", "--format", "mermaid"]] {
      let ended = try Self.interrupted(command + ["--output", output], at: 1, by: signalNumber)
      #expect(ended == signalNumber, "\(command[0]) ended by its signal")
      #expect(try String(contentsOfFile: output, encoding: .utf8) == "old\n")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
          "buy.jsonl", "model.json",
        ])
    }
  }

  /// What a `kill -9` left (it cannot be caught) goes with the next write of that output.
  @Test func aTemporaryOutputOfAProcessNowGoneIsRemovedByTheNextWrite() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let output = folder.appendingPathComponent("model.json").path
    // No process has this pid (pid_max is at most 2^22 on Linux, 99,999 on macOS).
    let abandoned = folder.appendingPathComponent(".model.json.flowatlas-2147483646-12345").path
    try Data("half".utf8).write(to: URL(fileURLWithPath: abandoned))
    // One of a process still running (this one) is left alone.
    let running = folder.appendingPathComponent(".model.json.flowatlas-\(getpid())-1").path
    try Data("mine".utf8).write(to: URL(fileURLWithPath: running))
    #expect(await flowatlas("model", trace, "--output", output).status == 0)
    #expect(!FileManager.default.fileExists(atPath: abandoned))
    #expect(FileManager.default.fileExists(atPath: running))
  }

  @Test func aSignalDuringABuildLeavesThePreviousSiteAndItsLockGoes() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (old, new) = try oldAndNewTraces(in: folder)
    let work = folder.appendingPathComponent("work").path
    let site = work + "/site"
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    #expect(try await runFlowatlas(["build", old, "--output", site, "--jobs", "1"]).reason == .exit)
    let snapshot = { (path: String) in regularFiles(under: path) { $0.hasPrefix(".flowatlas-cache") } }
    let before = snapshot(site)
    let ended = try Self.interrupted(["build", new, "--output", site, "--jobs", "1"], at: 3, by: SIGTERM)
    #expect(ended == SIGTERM)
    #expect(snapshot(site) == before)
    let beside = try FileManager.default.contentsOfDirectory(atPath: work)
    #expect(!beside.contains { $0.hasSuffix(".flowatlas-build.lock") }, "\(beside)")
    #expect(try await runFlowatlas(["build", new, "--output", site, "--jobs", "1"]).reason == .exit)
    #expect(try FileManager.default.contentsOfDirectory(atPath: work) == ["site"])
  }
}

/// A signal at every point of writing a site or a DocC catalog, the folder exchange and the old
/// folder's removal included (issue #47, item 3: a signal during the exchange left a whole copy
/// of the site, or of the catalog inside the team's own, beside it): the output is the old one
/// or the new one, whole, and nothing is beside it, as soon as the process has ended.
///
/// Each case takes every fourth point, in a folder of its own, so that they run side by side.
struct InterruptAtEveryPointTests {
  /// Runs `arguments`, stopped at fault point `point`, then sends SIGTERM.
  /// - Returns: the signal that ended it, or nil when it ended before reaching the point.
  static func terminated(_ arguments: [String], at point: Int, environment: [String: String] = [:]) throws
    -> Int32?
  {
    let child = try ConcurrentBuildTests.start(
      arguments, environment: environment.merging(["FLOWATLAS_STOP_AT": "\(point)"]) { $1 })
    defer { close(child.err) }
    var status: Int32 = 0
    while waitpid(child.pid, &status, WUNTRACED) < 0 && errno == EINTR {}
    guard status & 0xFF == 0x7F else { return nil }  // it exited: the point was never reached
    kill(child.pid, SIGTERM)
    kill(child.pid, SIGCONT)
    while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
    return status & 0x7F
  }

  static func copy(_ from: String, _ to: String) throws {
    try? FileManager.default.removeItem(atPath: to)
    try FileManager.default.copyItem(atPath: from, toPath: to)
  }

  /// Each command, the site's also with the fallback's two renames (`FLOWATLAS_TWO_RENAMES`).
  static let ways = [("build", false), ("build", true), ("docc", false)]

  @Test(arguments: Self.ways, 1...FaultInjectionTests.stride)
  func aSignalAnywhereLeavesAWholeOutputAndNothingBeside(
    way: (command: String, twoRenames: Bool), firstPoint: Int
  )
    async throws
  {
    let command = way.command
    let environment = way.twoRenames ? ["FLOWATLAS_TWO_RENAMES": "1"] : [:]
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (old, new) = try oldAndNewTraces(in: folder)
    // A site in a folder of its own; a catalog inside the team's own catalog, beside its article.
    let work = folder.appendingPathComponent(command == "build" ? "work" : "MyApp.docc").path
    let output = work + (command == "build" ? "/site" : "/Navigation")
    let mine = command == "build" ? [String]() : ["MyApp.md"]
    let pristine = folder.appendingPathComponent("pristine").path
    let expected = folder.appendingPathComponent("expected").path
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    try Data("# MyApp\n".utf8).write(to: URL(fileURLWithPath: work + "/MyApp.md"))
    if command == "build" { try FileManager.default.removeItem(atPath: work + "/MyApp.md") }
    let run = { (traces: String, into: String) in
      try await runFlowatlas([command, traces, "--output", into, "--jobs", "1"]).reason
    }
    #expect(try await run(old, output) == .exit)
    try Data("docs.example.com\n".utf8).write(to: URL(fileURLWithPath: output + "/CNAME"))
    try Self.copy(output, pristine)
    try Self.copy(output, expected)
    #expect(try await run(new, expected) == .exit)
    let snapshot = { (path: String) in regularFiles(under: path) { $0.hasPrefix(".flowatlas-cache") } }
    let (before, after) = (snapshot(pristine), snapshot(expected))
    #expect(before != after && after["CNAME"] != nil)

    var point = firstPoint
    var interrupted = 0
    while point < 500 {
      try Self.copy(pristine, output)
      let arguments = [command, new, "--output", output, "--jobs", "1"]
      guard let ended = try Self.terminated(arguments, at: point, environment: environment) else { break }
      interrupted += 1
      #expect(ended == SIGTERM, "point \(point): ended by signal \(ended)")
      let now = snapshot(output)
      #expect(now == before || now == after, "point \(point): the output is neither old nor new")
      let beside = try FileManager.default.contentsOfDirectory(atPath: work).sorted()
      #expect(
        beside == (mine + [(output as NSString).lastPathComponent]).sorted(),
        "point \(point): left beside: \(beside)")
      point += FaultInjectionTests.stride
    }
    #expect(interrupted >= 4)
  }
}
