/// The changes `flowatlas preview` has seen and not built yet, and when they are due.
///
/// A change is built once the inputs have been quiet for ``settle`` (a UI test writing a trace, a
/// hundred traces copied in: one build), but never later than ``longest`` after the first change
/// of the burst (a trace written line by line for minutes is still shown as it grows). Times are
/// nanoseconds of a monotonic clock, given by the caller, so tests decide them.
struct ChangeBurst {
  /// How long the inputs must be quiet.
  var settle: UInt64 = 250_000_000
  /// The longest a change waits once seen.
  var longest: UInt64 = 1_000_000_000
  private(set) var first: UInt64?
  private(set) var last: UInt64?
  /// The paths that changed, in the order first seen.
  private(set) var paths: [String] = []

  var isEmpty: Bool { first == nil }

  /// Notes `changed` (paths), seen at `now`; nothing seen is no change.
  mutating func note(_ changed: [String], at now: UInt64) {
    guard !changed.isEmpty else { return }
    if first == nil { first = now }
    last = now
    for path in changed where !paths.contains(path) { paths.append(path) }
  }

  /// When the burst is due: quiet for ``settle``, or ``longest`` after its first change; nil when
  /// nothing waits.
  var due: UInt64? {
    guard let first, let last else { return nil }
    return min(last + settle, first + longest)
  }

  func isDue(at now: UInt64) -> Bool { due.map { now >= $0 } ?? false }

  /// How long to wait for more changes, in milliseconds (-1: until one comes).
  func waitMilliseconds(at now: UInt64) -> Int32 {
    guard let due else { return -1 }
    return due <= now ? 0 : Int32(clamping: (due - now + 999_999) / 1_000_000)
  }

  /// The paths of the burst, which is then over.
  mutating func take() -> [String] {
    defer { self = ChangeBurst(settle: settle, longest: longest) }
    return paths
  }
}
