import Foundation
import Synchronization

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
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = (argv + [nil]).withUnsafeBufferPointer { buffer in
      posix_spawnp(
        &pid, executable, &actions, nil, UnsafeMutablePointer(mutating: buffer.baseAddress!), environ)
    }
    guard spawned == 0 else {
      throw BenchError.usage("cannot start \(executable): \(String(cString: strerror(spawned)))")
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
  private let peak = Atomic<Int>(0)
  private let running = Atomic<Bool>(true)
  private let finished = DispatchSemaphore(value: 0)

  init(pid: pid_t) { self.pid = pid }

  func start() {
    let thread = Thread { [self] in
      while running.load(ordering: .relaxed) {
        if let value = Self.highWaterMarkKB(of: pid) { peak.max(value, ordering: .relaxed) }
        usleep(10_000)
      }
      finished.signal()
    }
    thread.start()
  }

  /// Stops sampling and returns the peak seen, KiB.
  func stop() -> Int {
    running.store(false, ordering: .relaxed)
    finished.wait()
    return peak.load(ordering: .relaxed)
  }

  static func highWaterMarkKB(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
    return nil
  }
}
