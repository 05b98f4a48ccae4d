import Foundation
import Testing

@testable import FlowAtlasRender

/// Two builds into one folder at once (issue "Hardening, round 2", item 5): the second waits
/// for the first and builds over its site, so the folder is what one build made.
///
/// The first build is held mid-way by `FLOWATLAS_STOP_AT` (it stops itself; `waitpid` with
/// `WUNTRACED` returns when it has), so the overlap is certain, with no sleep.
@Suite(.serialized) struct ConcurrentBuildTests {
  /// Starts the built `flowatlas` with `arguments`; its stderr goes to the returned descriptor
  /// (read end of a pipe), stdout to /dev/null.
  static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    pid: pid_t, err: Int32
  ) {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let spawned = ChildProcess.spawn(
      builtExecutable, arguments: arguments, environment: merged.map { "\($0.key)=\($0.value)" },
      actions: [.open("/dev/null", as: 1, flags: O_WRONLY), .duplicate(ends[1], as: 2)])
    close(ends[1])
    let pid = try spawned.get()
    return (pid, ends[0])
  }

  /// Reads `descriptor` until its text contains `needle` (true) or it ends (false).
  static func text(of descriptor: Int32, until needle: String) -> (found: Bool, text: String) {
    var text = ""
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    while !text.contains(needle) {
      let data = handle.availableData  // empty only at the end
      guard !data.isEmpty else { return (false, text) }
      text += String(decoding: data, as: UTF8.self)
    }
    return (true, text)
  }

  /// Waits for `pid` to end; its exit status, or -signal.
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : -(status & 0x7F)
  }

  @Test(arguments: [2, 6])
  func aSecondBuildWaitsForTheFirstAndTheFolderIsOneBuilds(stopAt: Int) async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (old, new) = try oldAndNewTraces(in: folder)
    let work = folder.appendingPathComponent("work").path
    let site = work + "/site"
    let expected = folder.appendingPathComponent("expected").path
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    #expect(try await runFlowatlas(["build", new, "--output", expected, "--jobs", "1"]).reason == .exit)

    // The first build (of the old traces) stops itself part-way through writing its site.
    let first = try Self.start(
      ["build", old, "--output", site, "--jobs", "1"], environment: ["FLOWATLAS_STOP_AT": "\(stopAt)"])
    defer { close(first.err) }
    var status: Int32 = 0
    #expect(waitpid(first.pid, &status, WUNTRACED) == first.pid)
    #expect(status & 0xFF == 0x7F, "the first build stopped itself")

    // The second (of the new traces) says it waits, and does.
    let second = try Self.start(["build", new, "--output", site, "--jobs", "1"])
    defer { close(second.err) }
    let told = Self.text(of: second.err, until: "waiting for another build")
    #expect(told.found, "the second build did not wait: \(told.text)")
    kill(first.pid, SIGCONT)
    #expect(Self.wait(first.pid) == 0)
    #expect(Self.wait(second.pid) == 0, "\(Self.text(of: second.err, until: "\u{0}").text)")

    // The folder is the second build's site, and nothing is left beside it.
    let snapshot = { (path: String) in regularFiles(under: path) { $0.hasPrefix(".flowatlas-cache") } }
    #expect(snapshot(site) == snapshot(expected))
    #expect(try FileManager.default.contentsOfDirectory(atPath: work) == ["site"])
  }
}
