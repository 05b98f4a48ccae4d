import FlowAtlasLock
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files that must not outlive an interrupted command: a temporary output not yet renamed into
/// place, the build's lock. On SIGINT, SIGTERM or SIGHUP each is unlinked, then the signal
/// takes its default course (the exit status still says which signal ended the process).
///
/// The handler does only what a signal handler may (`unlink`, `signal`, `raise`) over paths
/// kept as C strings made beforehand; a slot is cleared when its file is in place or gone.
/// SIGKILL cannot be caught: what it leaves is removed by the next command that writes there.
enum InterruptCleanup {
  private static let capacity = 8
  /// Each slot a path to unlink, or nil. Written under ``lock``; read by the handler as is.
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    return slots
  }()
  private static let lock = Lock(())

  /// Catches SIGINT, SIGTERM and SIGHUP, except one this process was started ignoring (as
  /// `nohup` starts it).
  static func install() {
    // Made now, not on the handler's first use: initializing a `static let` allocates and
    // takes a lock, which a signal handler must never do.
    _ = slots
    _ = capacity
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      let previous = signal(signalNumber, handler)
      if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        signal(signalNumber, SIG_IGN)
      }
    }
  }

  /// Notes `path` for removal on an interruption.
  /// - Returns: its slot, for ``forget(_:)``; nil when every slot is taken (nothing is noted).
  static func remember(_ path: String) -> Int? {
    return lock.withLock { _ in
      guard let free = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
      // Never freed: the handler may be reading it. A command notes a handful at most.
      slots[free] = strdup(path)
      return free
    }
  }

  /// Stops noting the path in `slot`: its file is in place, or removed.
  static func forget(_ slot: Int?) {
    guard let slot else { return }
    lock.withLock { _ in slots[slot] = nil }
  }

  private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
    for index in 0..<InterruptCleanup.capacity {
      if let path = InterruptCleanup.slots[index] { unlink(path) }
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
  }
}
