import FlowAtlasLock
import FlowAtlasTestSupport
import Foundation

@testable import FlowAtlasCLI

/// A console that keeps what a command printed, for assertions.
final class CapturedConsole: Sendable {
  private let output = Lock<(out: String, err: String)>(("", ""))

  var out: String { output.withLock { $0.out } }
  var err: String { output.withLock { $0.err } }

  var console: Console {
    Console(
      out: { text in self.output.withLock { $0.out += text } },
      err: { text in self.output.withLock { $0.err += text } })
  }
}

/// Runs `flowatlas` in-process with `arguments`, off the main actor (a build is synchronous work).
func flowatlas(_ arguments: String...) async -> (status: Int32, out: String, err: String) {
  await flowatlas(arguments)
}

/// `flowatlas` with arguments in a list.
func flowatlas(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
  let captured = CapturedConsole()
  let status = FlowAtlasCommand.main(arguments, console: captured.console, executable: builtExecutable)
  return (status, captured.out, captured.err)
}

/// The `flowatlas` binary SwiftPM built next to the test bundle (render workers run it).
let builtExecutable: String = {
  let tests = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  var folder = tests.deletingLastPathComponent()
  while folder.path != "/" {
    let candidate = folder.appendingPathComponent("flowatlas").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    folder = folder.deletingLastPathComponent()
  }
  return "flowatlas"
}()

/// A fresh folder under the process's scratch folder (removed as the tests end, or by the caller).
func temporaryFolder() throws -> URL {
  try Scratch.folder("flowatlas-cli")
}

/// Writes `lines` as a trace file named `name` in `folder` and returns its path.
func writeTrace(_ lines: [String], named name: String, in folder: URL) throws -> String {
  let url = folder.appendingPathComponent(name)
  try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
  return url.path
}

/// A small valid trace: an app coordinator showing a list, pushing a detail on a tap.
let shopTrace = [
  #"{"flowatlas":"trace","version":1,"app":"Shop","run":"buy","title":"Buy one product"}"#,
  #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"ShopCoordinator"}"#,
  #"{"seq":2,"event":"router.setRoot","coordinator":"c1","screen":{"id":"s1","type":"ProductListViewController","title":"Products"}}"#,
  #"{"seq":3,"event":"user.action","screen":"s1","action":"selectProduct","label":"Blue mug"}"#,
  #"{"seq":4,"event":"router.push","coordinator":"c1","screen":{"id":"s2","type":"ProductDetailViewController","title":"Blue mug"}}"#,
  #"{"seq":5,"event":"router.pop","coordinator":"c1","screen":"s2"}"#,
]

/// Runs the built `flowatlas` program as a child process, with `environment` added to this
/// one's: for what only a real process shows (a kill, its own environment read at start).
/// - Parameter wrapper: a program that runs it, with its arguments (`prlimit --fsize=…`,
///   `setpriv --reuid=…`), or none.
/// - Returns: how it ended, its exit status (or signal) and what it printed to standard error.
func runFlowatlas(_ arguments: [String], environment: [String: String] = [:], wrapper: [String] = [])
  async throws -> (reason: Process.TerminationReason, status: Int32, err: String)
{
  try await onAThreadOfItsOwn {
    try runFlowatlasWaiting(arguments, environment: environment, wrapper: wrapper)
  }
}

/// ``runFlowatlas(_:environment:wrapper:)``, blocking the calling thread until the program ends.
func runFlowatlasWaiting(_ arguments: [String], environment: [String: String] = [:], wrapper: [String] = [])
  throws
  -> (reason: Process.TerminationReason, status: Int32, err: String)
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: wrapper.first ?? builtExecutable)
  process.arguments = wrapper.isEmpty ? arguments : wrapper.dropFirst() + [builtExecutable] + arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
  try process.run()
  let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationReason, process.terminationStatus, text)
}

/// Work that blocks, started at once on a thread of its own; its result is awaited later.
final class ThreadOfItsOwn<T: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Written once by the thread, before `done` is signalled; read only after.
  private var result: Result<T, any Error>?

  init(_ body: @escaping @Sendable () throws -> T) {
    Thread {
      self.result = Result { try body() }
      self.done.signal()
    }.start()
  }

  /// What the work returned, once it has (waiting on a thread of its own, too).
  var value: T {
    get async throws {
      try await onAThreadOfItsOwn {
        self.done.wait()
        self.done.signal()
        return try self.result!.get()
      }
    }
  }
}

/// Runs `body`, which blocks (waiting for a process, a pipe, a FIFO's other end), on a thread of
/// its own rather than on one of the few threads Swift Testing runs tests on (as many as cores):
/// while it waits, those run other tests instead of leaving a core idle.
func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// The Shop trace in `folder/old/old.jsonl`, and in `folder/new/new.jsonl` the same run with its
/// coordinator renamed, which changes every page of its site: a previous build and the next.
func oldAndNewTraces(in folder: URL) throws -> (old: String, new: String) {
  for name in ["old", "new"] {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
  }
  let old = try writeTrace(shopTrace, named: "old.jsonl", in: folder.appendingPathComponent("old"))
  var changed = shopTrace
  changed[1] = changed[1].replacingOccurrences(of: "ShopCoordinator", with: "StoreCoordinator")
  return (old, try writeTrace(changed, named: "new.jsonl", in: folder.appendingPathComponent("new")))
}

/// The regular files under `folder` by relative path, with their bytes, but those `skipping`
/// names (symlinks and folders are not files here).
func regularFiles(under folder: String, skipping: (String) -> Bool = { _ in false }) -> [String: Data] {
  var files: [String: Data] = [:]
  for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] where !skipping(path) {
    var info = stat()
    guard lstat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
    files[path] = FileManager.default.contents(atPath: folder + "/" + path)
  }
  return files
}
