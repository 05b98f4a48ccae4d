/// Gives each event its time `t` (seconds since the run began).
///
/// Injected so that tests and golden traces do not churn: leave it out and events carry no
/// time, or use ``ticking(step:)`` for times that depend only on the event's `seq`.
public struct RecordingClock: Sendable {
  private let time: @Sendable (Int) -> Double

  /// Creates a clock from a function of the event's `seq`.
  /// - Parameter time: Returns the seconds since the run began for the event numbered `seq`.
  package init(_ time: @escaping @Sendable (_ seq: Int) -> Double) {
    self.time = time
  }

  /// The real time elapsed since this clock was made.
  /// - Returns: A clock measuring from now.
  public static func elapsed() -> RecordingClock {
    let clock = ContinuousClock()
    let start = clock.now
    return RecordingClock { _ in
      let elapsed = clock.now - start
      return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
  }

  /// A deterministic clock: event `seq` happens at `seq × step` seconds.
  /// - Parameter step: Seconds between consecutive events.
  /// - Returns: The clock.
  package static func ticking(step: Double) -> RecordingClock {
    RecordingClock { seq in Double(seq) * step }
  }

  /// The time of the event numbered `seq`.
  /// - Parameter seq: The event's sequence number.
  /// - Returns: Seconds since the run began.
  package func time(ofEvent seq: Int) -> Double { time(seq) }
}
