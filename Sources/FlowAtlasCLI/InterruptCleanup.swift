import FlowAtlasLock
import FlowAtlasSite
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into a clean end: what the command would leave beside its
/// output (a staging folder, a temporary file, the build's lock) is removed, then the signal
/// takes its default course (the exit status still says which signal ended the process).
///
/// The handler only writes the signal's number into a pipe, which is async-signal-safe; a thread
/// of its own reads it and runs ``Interruption/interrupt()``, free to remove whole folders, which a
/// handler may not (it may not allocate). SIGKILL cannot be caught: what it leaves is removed by
/// the next command that writes there.
enum InterruptCleanup {
  /// The pipe's write end, for the handler; -1 until ``install()`` has made it.
  nonisolated(unsafe) private static var wakeUp: Int32 = -1

  private static let installed = Lock(false)

  /// Catches SIGINT, SIGTERM and SIGHUP, except one this process was started ignoring (as
  /// `nohup` starts it). The pipe and its thread are made once, however often it is called.
  static func install() {
    let first = installed.withLock { installed in
      defer { installed = true }
      return !installed
    }
    if first {
      // Both globals the handler touches are made now: a handler may not run an initializer.
      _ = Interruption.signalCaught
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { return }
      _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
      let reading = ends[0]
      let thread = Thread { Self.waitForASignal(reading) }
      thread.start()
      // Set before any handler is installed, so that the handler never sees it half-made.
      wakeUp = ends[1]
    }
    catchStopSignals(with: handler)
  }

  /// Gives SIGINT, SIGTERM and SIGHUP to `handler`, except one this process was started ignoring
  /// (as `nohup` starts it), and lets them reach this thread (and the threads it starts from now
  /// on): a process may start us with them blocked, as SwiftPM's command plugins start their
  /// tools, and a blocked signal waits for ever.
  static func catchStopSignals(with handler: @convention(c) (Int32) -> Void) {
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      let previous = signal(signalNumber, handler)
      if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        signal(signalNumber, SIG_IGN)
      }
    }
    var signals = sigset_t()
    sigemptyset(&signals)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signalNumber) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// The thread's body: the first signal's clean-up, then that signal's default action.
  private static func waitForASignal(_ descriptor: Int32) -> Never {
    var number: UInt8 = 0
    while read(descriptor, &number, 1) != 1 {}
    Interruption.interrupt()
    let signalNumber = Int32(number)
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
    // Not reached: the signal's default action ends the process.
    Interruption.waitForTheEnd()
  }

  private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
    var number = UInt8(truncatingIfNeeded: signalNumber)
    // First: nothing commits from here on, even before the thread has run.
    Interruption.signalCaught = signalNumber
    let saved = errno
    _ = write(InterruptCleanup.wakeUp, &number, 1)
    errno = saved
  }
}
