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
