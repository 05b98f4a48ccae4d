import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP ask `flowatlas preview` to stop, rather than end it where it stands
/// (as ``InterruptCleanup`` ends the other commands): the handler ends the build running (SIGTERM,
/// then SIGCONT in case it is stopped) and wakes the watcher, and the preview, once that build is
/// gone, removes what it left and ends by the same signal (``end()``).
///
/// The handler does only what a signal handler may (`kill`, `write`) with what was stored before:
/// the flags live in memory allocated once, and every read of them goes through it.
enum StopSignal {
  /// [the signal received (0: none), the running build's pid (0: none), the watcher's wake descriptor]
  nonisolated(unsafe) private static let cells: UnsafeMutablePointer<Int32> = {
    let cells = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
    cells.initialize(repeating: 0, count: 3)
    cells[2] = -1
    return cells
  }()

  /// The signal that asked to stop; 0 while none has.
  static var received: Int32 { cells[0] }

  /// Catches SIGINT, SIGTERM and SIGHUP, except one this process was started ignoring.
  /// - Parameter wake: written to when a signal comes, to end the watcher's wait.
  static func install(waking wake: Int32) {
    cells[2] = wake
    InterruptCleanup.catchStopSignals(with: handler)
  }

  /// Asks to stop as `signalNumber` would, from the program itself (the process that started the
  /// preview is gone).
  static func ask(_ signalNumber: Int32) {
    cells[0] = signalNumber
    if cells[1] > 0 { stopBuild(cells[1]) }
  }

  /// Notes the build now running (0: none), so that a signal ends it; one that came before it
  /// started ends it now.
  static func running(_ pid: pid_t) {
    cells[1] = pid
    if pid > 0, received != 0 { stopBuild(pid) }
  }

  /// Ends the process by the signal that asked it to stop, as the shell expects of a command
  /// stopped by one.
  static func end() -> Never {
    let signalNumber = received
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
    exit(128 + signalNumber)
  }

  private static func stopBuild(_ pid: pid_t) {
    kill(pid, SIGTERM)
    kill(pid, SIGCONT)
  }

  private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
    StopSignal.cells[0] = signalNumber
    if StopSignal.cells[1] > 0 { StopSignal.stopBuild(StopSignal.cells[1]) }
    if StopSignal.cells[2] >= 0 { FileWatcher.wake(StopSignal.cells[2]) }
  }
}
