import FlowAtlasLock
import Foundation

/// What a command undoes when a signal (SIGINT, SIGTERM, SIGHUP) stops it, so that it leaves its
/// output as it was and nothing beside it: a staging folder and its lock, a temporary file, the
/// build's lock.
///
/// A signal handler may only make the few calls that are async-signal-safe: it could unlink a
/// file it was told of, but not remove a folder of thousands of pages, and a staging folder is
/// one (once, a signal during the exchange left a whole copy of the site beside it). So the
/// command line's handler only wakes a thread of its own, which calls ``interrupt()`` and then
/// lets the signal end the process; meanwhile the command's other threads go on. What commits an
/// output (the exchange of two folders, a file renamed into place) runs in
/// ``committing(forgetting:_:)``: an interruption either waits for it to finish, or comes first,
/// and then it never runs.
package enum Interruption {
  /// A clean-up noted with ``onInterrupt(_:)``.
  package struct Registration: Sendable {
    fileprivate let number: Int
  }

  private struct State {
    var interrupted = false
    var next = 0
    var cleanups: [Int: @Sendable () -> Void] = [:]
  }

  private static let state = Lock(State())

  /// Set by the command line's signal handler, which may only store a word: a signal came, and
  /// the thread that calls ``interrupt()`` may not have run yet. From then on nothing commits.
  nonisolated(unsafe) package static var signalCaught: Int32 = 0

  /// Notes `cleanup`, to run once if the command is interrupted before ``forget(_:)``.
  package static func onInterrupt(_ cleanup: @escaping @Sendable () -> Void) -> Registration {
    state.withLock { state in
      state.next += 1
      state.cleanups[state.next] = cleanup
      return Registration(number: state.next)
    }
  }

  /// Stops noting a clean-up: what it would undo is in place, or gone.
  package static func forget(_ registration: Registration?) {
    guard let registration else { return }
    state.withLock { _ = $0.cleanups.removeValue(forKey: registration.number) }
  }

  /// True once a signal has asked the command to stop, even before its clean-up has begun.
  package static var isInterrupted: Bool { state.withLock { $0.interrupted } || signalCaught != 0 }

  /// Runs `body`, which puts an output in place, unless the command has been interrupted: then
  /// it waits for the end instead (``waitForTheEnd()``), and `body` never runs. An interruption
  /// that comes while `body` runs waits for it. When `body` returns, `registration` is
  /// forgotten in the same step (what it would undo is in place); when it throws, it is kept.
  /// `body` must not call this type (its lock is held).
  package static func committing<Success: Sendable, Failure: Error>(
    forgetting registration: Registration?, _ body: () throws(Failure) -> Success
  ) throws(Failure) -> Success {
    let outcome = state.withLock { state -> Result<Success, Failure>? in
      guard !state.interrupted, signalCaught == 0 else { return nil }
      let outcome = Result { () throws(Failure) -> Success in try body() }
      if let registration, case .success = outcome { state.cleanups[registration.number] = nil }
      return outcome
    }
    guard let outcome else { waitForTheEnd() }
    return try outcome.get()
  }

  /// Marks the command interrupted and runs every clean-up noted, the latest first (a staging
  /// folder goes before the build's lock), on the caller's thread. Called once, by the thread
  /// the command line's signal handler wakes; the signal then ends the process.
  package static func interrupt() {
    let cleanups = state.withLock { state in
      state.interrupted = true
      defer { state.cleanups = [:] }
      return state.cleanups
    }
    for number in cleanups.keys.sorted(by: >) { cleanups[number]!() }
  }

  /// Never returns: for a thread that finds the command interrupted, while ``interrupt()``
  /// cleans up on another and the signal then ends the process. It must neither go on writing
  /// nor exit with a status of its own.
  package static func waitForTheEnd() -> Never {
    while true { pause() }
  }
}
