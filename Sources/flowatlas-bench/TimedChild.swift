import FlowAtlasLock
import FlowAtlasRender
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One child process run to completion and measured from the outside: wall time, exit status,
/// and peak resident memory, both of the child itself and of its whole process tree.
///
/// Foundation's `Process` reaps its child itself, so its resource usage is lost; this spawns
/// with `posix_spawnp` and reaps with `wait4` to keep it.
struct TimedChild {
  /// How the child ended and what it cost.
  struct Outcome {
    var status: Int32
    var seconds: Double
    /// `wait4`'s `ru_maxrss`: the largest resident set of the child or any descendant it reaped
    /// (for `flowatlas build`: the build process or one of its render workers), KiB.
    var treePeakKB: Int
    /// The child's own `VmHWM`, sampled from `/proc` every 10 ms while it ran, KiB.
    var ownPeakKB: Int
    var userSeconds: Double
    var systemSeconds: Double
  }

  var executable: String
  var arguments: [String]
  /// Files for standard input, output and error; nil means `/dev/null`.
  var input: String? = nil
  var output: String? = nil
  var errors: String? = nil

  /// Runs the child and waits for it.
  /// - Returns: its outcome; the status is the exit status, or 128 + signal.
  /// - Throws: ``BenchError/usage(_:)`` when it cannot be started.
  func run() throws -> Outcome {
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = ChildProcess.spawn(
      executable, arguments: arguments,
      environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
      actions: [
        .open(input ?? "/dev/null", as: 0, flags: O_RDONLY),
        .open(output ?? "/dev/null", as: 1, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644),
        .open(errors ?? "/dev/null", as: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644),
      ], searchesPath: true)
    let pid: pid_t
    switch spawned {
    case .success(let started): pid = started
    case .failure(let error): throw BenchError.usage("cannot start \(executable): \(error)")
    }
    let sampler = PeakSampler(pid: pid)
    sampler.start()
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let ownPeak = sampler.stop()
    let signal = status & 0x7F
    return Outcome(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, seconds: seconds,
      treePeakKB: usage.ru_maxrss, ownPeakKB: ownPeak,
      userSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6,
      systemSeconds: Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6)
  }
}

/// Reads a running process's `VmHWM` (its peak resident set so far) until stopped.
/// `VmHWM` only grows, so the last value read before the process exits is its peak.
final class PeakSampler: Sendable {
  private let pid: pid_t
  private let peak = Lock(0)
  private let running = Lock(true)
  private let finished = DispatchSemaphore(value: 0)

  init(pid: pid_t) { self.pid = pid }

  func start() {
    let thread = Thread { [self] in
      while running.withLock({ $0 }) {
        if let value = Self.highWaterMarkKB(of: pid) { peak.withLock { $0 = max($0, value) } }
        usleep(10_000)
      }
      finished.signal()
    }
    thread.start()
  }

  /// Stops sampling and returns the peak seen, KiB.
  func stop() -> Int {
    running.withLock { $0 = false }
    finished.wait()
    return peak.withLock { $0 }
  }

  static func highWaterMarkKB(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
    return nil
  }
}
