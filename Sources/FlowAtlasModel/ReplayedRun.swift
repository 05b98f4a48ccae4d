import FlowAtlasTrace
import FlowAtlasTraceReader

/// What replaying one trace file gave: its run (unless the file was rejected)
/// and its diagnostics, ready to be added to a ``ModelAccumulator``.
package struct ReplayedRun: Sendable {
  /// The trace's path as the reader was given it.
  package let file: String
  /// The app the run belongs to; nil when the file was rejected (no usable header).
  package internal(set) var app: String?
  /// The run, with an empty slug (slugs are handed out once all runs are known).
  package var run: Run? { tally.runs.first }
  /// Every diagnostic of the file, the reader's and the replay's, in line order.
  package var diagnostics: [Diagnostic] { tally.diagnostics }

  package var tally: AppTally
  /// The run's transitions, each key once (kept out of ``tally`` so that adding
  /// the run to an app hashes each key once, not twice).
  package var transitions: [(TransitionKey, TransitionTally)]

  package init(
    file: String, app: String?, tally: AppTally, transitions: [(TransitionKey, TransitionTally)] = []
  ) {
    self.file = file
    self.app = app
    self.tally = tally
    self.transitions = transitions
  }

  /// Names the store's entry the run was read from or filed as, and leaves its journey there.
  package mutating func leaveJourney(in store: any JourneyStore, under key: String) {
    guard !tally.runs.isEmpty else { return }
    tally.runs[0].leaveJourney(in: store, under: key)
  }
}
