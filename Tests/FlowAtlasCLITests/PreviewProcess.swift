import FlowAtlasLock
import Foundation
import Testing

@testable import FlowAtlasRender

/// A `flowatlas preview` run by a test: the built binary, as a child of the test, whose standard
/// output (a line per finished build) is read as it comes. Nothing here sleeps: a test waits for
/// a line, or for a state `/proc` shows, each with a deadline.
final class PreviewProcess: Sendable {
  let pid: pid_t
  private let output = Lock<
    (lines: [String], partial: String, errors: String, ended: Bool, errorsEnded: Bool)
  >(
    ([], "", "", false, false))
  private let arrived = DispatchSemaphore(value: 0)

  /// Starts `flowatlas preview` with `arguments`, `environment` added to the test's.
  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    // Close-on-exec from birth (sockets, as the render workers' are): another test's child must
    // not hold these open.
    let out = try #require(ChildProcess.socketPair())
    let err = try #require(ChildProcess.socketPair())
    let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let spawned = ChildProcess.spawn(
      builtExecutable, arguments: ["preview"] + arguments,
      environment: merged.map { "\($0.key)=\($0.value)" },
      actions: [
        .open("/dev/null", as: 0, flags: O_RDONLY), .duplicate(out.1, as: 1), .duplicate(err.1, as: 2),
      ])
    close(out.1)
    close(err.1)
    pid = try spawned.get()
    read(out.0, isOutput: true)
    read(err.0, isOutput: false)
  }

  private func read(_ descriptor: Int32, isOutput: Bool) {
    Thread { [self] in
      let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      while true {
        let data = handle.availableData
        let text = String(decoding: data, as: UTF8.self)
        output.withLock { output in
          if !isOutput {
            output.errors += text
            if data.isEmpty { output.errorsEnded = true }
            return
          }
          output.partial += text
          while let end = output.partial.firstIndex(of: "\n") {
            output.lines.append(String(output.partial[..<end]))
            output.partial.removeSubrange(...end)
          }
          if data.isEmpty { output.ended = true }
        }
        arrived.signal()
        if data.isEmpty { return }
      }
    }.start()
  }

  /// Every line it printed on standard output so far.
  var lines: [String] { output.withLock { $0.lines } }
  /// What it printed on standard error so far.
  var errors: String { output.withLock { $0.errors } }

  /// The first line starting with `prefix`, once printed, within `seconds`; nil if none came.
  func line(startingWith prefix: String, within seconds: Double = 180) -> String? {
    let deadline = DispatchTime.now() + seconds
    while true {
      let (found, ended) = output.withLock { output in
        (output.lines.first { $0.hasPrefix(prefix) }, output.ended)
      }
      if let found { return found }
      if ended || arrived.wait(timeout: deadline) == .timedOut { return nil }
    }
  }

  /// The line of build `number`, which must say it exited 0; the test fails with the preview's
  /// messages otherwise.
  func build(_ number: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let found = try #require(
      line(startingWith: "build \(number): "), "no build \(number); it said:\n\(errors)",
      sourceLocation: sourceLocation)
    #expect(
      found.hasPrefix("build \(number): exit 0 "), "\(found)\n\(errors)", sourceLocation: sourceLocation)
    return found
  }

  /// The build it is running, once that build has stopped itself (`FLOWATLAS_STOP_AT`), as `/proc`
  /// shows it: a child of the preview in state T. Looked for every 10 ms, for at most 180 s.
  func stoppedBuild() throws -> pid_t {
    let deadline = DispatchTime.now().uptimeNanoseconds + 180_000_000_000
    while DispatchTime.now().uptimeNanoseconds < deadline {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let child = Int32(name),
          let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
        else { continue }
        // "pid (name) state ppid …", the name in parentheses possibly holding spaces.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 2, fields[0] == "T", Int32(fields[1]) == pid { return child }
      }
      usleep(10_000)
    }
    throw PreviewProcessError(description: "no build of the preview stopped; it said:\n\(errors)")
  }

  /// Sends `signalNumber` and waits for the preview to end.
  /// - Returns: the signal that ended it, or 0 when it exited.
  func stop(with signalNumber: Int32 = SIGTERM) -> Int32 {
    kill(pid, signalNumber)
    return wait()
  }

  /// Waits for the preview to end: the signal that ended it, or 0 when it exited. Then waits
  /// (within 30 s) until what it wrote has been read to its end: a process that has ended may have
  /// written its last words the readers have not taken yet.
  func wait() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let deadline = DispatchTime.now() + 30
    while !output.withLock({ $0.ended && $0.errorsEnded }), arrived.wait(timeout: deadline) == .success {}
    return status & 0x7F
  }
}

struct PreviewProcessError: Error, CustomStringConvertible {
  var description: String
}
