import FlowAtlasBytes
import FlowAtlasRender
import FlowAtlasSite
import Foundation

/// One `flowatlas build` that `flowatlas preview` runs, as a child process: what it reads, keeps
/// and writes, and what it prints, are `build`'s own; what it prints on standard error goes on to
/// the preview's as it comes, and its warnings and errors are kept for the pages to show.
///
/// A child, not a call: a signal can end a build half-way while the preview, still running,
/// removes what that build left beside the site, and no build's memory or state outlives it.
struct PreviewBuild {
  /// How a build ended.
  struct Outcome {
    /// Its exit status (``ExitStatus``), or 128 + the signal that ended it.
    var status: Int32
    /// The lines it printed that are warnings or errors, as printed.
    var problems: [String]
  }

  /// The program and its arguments (`build`, then the preview's own options and inputs).
  var executable: String
  var arguments: [String]

  /// Runs the build to its end (or until a stop signal ends it, ``StopSignal``).
  /// - Parameter console: where its messages go, line by line.
  func run(console: Console) -> Outcome {
    guard let (ours, theirs) = ChildProcess.socketPair() else {
      return failure(
        "cannot make a socket for the build's messages (\(String(cString: strerror(errno))))", console)
    }
    let spawned = ChildProcess.spawn(
      executable, arguments: arguments,
      environment: ProcessInfo.processInfo.environment.filter { $0.key != SitePreview.environmentKey }
        .map { "\($0.key)=\($0.value)" } + ["\(SitePreview.environmentKey)=1"],
      actions: [
        .open("/dev/null", as: 0, flags: O_RDONLY), .open("/dev/null", as: 1, flags: O_WRONLY),
        .duplicate(theirs, as: 2),
      ])
    close(theirs)
    let pid: pid_t
    switch spawned {
    case .success(let started): pid = started
    case .failure(let error):
      close(ours)
      return failure("cannot start \(Printable.path(executable)) build (\(error))", console)
    }
    StopSignal.running(pid)
    // Until every holder of its standard error (the build, its render workers) is gone.
    let problems = Self.passOn(ours, to: console)
    close(ours)
    // Its standard error ended: it has exited, and its pid is not free until it is reaped. A
    // signal from now on must not reach the process that pid may next be.
    StopSignal.running(0)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return Outcome(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, problems: problems)
  }

  /// Passes on what `descriptor` gives, a whole line at a time, until it ends.
  /// - Returns: the lines that are warnings or errors.
  private static func passOn(_ descriptor: Int32, to console: Console) -> [String] {
    var problems: [String] = []
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    func emit(_ line: ArraySlice<UInt8>) {
      let text = String(decoding: line, as: UTF8.self)
      console.err(text + "\n")
      if text.contains(": warning: ") || text.contains(": error: ") { problems.append(text) }
    }
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      pending += chunk[..<count]
      while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        emit(pending[..<end])
        pending.removeSubrange(...end)
      }
    }
    if !pending.isEmpty { emit(pending[...]) }
    return problems
  }

  private func failure(_ message: String, _ console: Console) -> Outcome {
    let line = "flowatlas: error: \(message)"
    console.err(line + "\n")
    return Outcome(status: ExitStatus.inputOutput.rawValue, problems: [line])
  }
}
