import FlowAtlasLock
import Foundation

/// Where a build can be killed on purpose, for the fault-injection test: with
/// `FLOWATLAS_KILL_AT=N` in the environment the process sends itself SIGKILL at the Nth point
/// it reaches (every file the site writes, and each step of replacing the folder), as a power
/// cut or `kill -9` would stop it. Unset, a point costs one comparison.
package enum FaultPoint {
  private static let target: Int? = ProcessInfo.processInfo.environment["FLOWATLAS_KILL_AT"].flatMap(Int.init)
  /// With `FLOWATLAS_STOP_AT=N` the process stops itself (SIGSTOP) at the Nth point instead,
  /// until it is sent SIGCONT: the concurrency tests hold a build there while another starts.
  private static let stop: Int? = ProcessInfo.processInfo.environment["FLOWATLAS_STOP_AT"].flatMap(Int.init)
  private static let reached = Lock(0)

  /// Counts a point; at the chosen one the process dies at once, with no clean-up.
  package static func pass() {
    guard target != nil || stop != nil else { return }
    let count = reached.withLock { count in
      count += 1
      return count
    }
    if count == target { kill(getpid(), SIGKILL) }
    if count == stop { kill(getpid(), SIGSTOP) }
  }
}
