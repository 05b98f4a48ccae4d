import FlowAtlasLock
import Foundation

/// Where a build can be killed on purpose, for the fault-injection test: with
/// `FLOWATLAS_KILL_AT=N` in the environment the process sends itself SIGKILL at the Nth point
/// it reaches (every file the site writes, and each step of replacing the folder), as a power
/// cut or `kill -9` would stop it. Unset, a point costs one comparison.
enum FaultPoint {
  private static let target: Int? = ProcessInfo.processInfo.environment["FLOWATLAS_KILL_AT"].flatMap(Int.init)
  private static let reached = Lock(0)

  /// Counts a point; at the chosen one the process dies at once, with no clean-up.
  static func pass() {
    guard let target else { return }
    let count = reached.withLock { count in
      count += 1
      return count
    }
    if count == target { kill(getpid(), SIGKILL) }
  }
}
