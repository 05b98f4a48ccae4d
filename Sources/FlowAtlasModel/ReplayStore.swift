/// Where replayed traces are kept between builds: what a ``ModelBuilder`` asks before it reads a
/// trace, and where a run's journey is left instead of in the model (the run then reads it from
/// the store: ``Run/journey``). The model only asks; the store, its files, its keys and what it
/// does with a damaged entry are the build's (`ReplayCache`, in FlowAtlasBuild).
package protocol ReplayStore: JourneyStore {
  /// The replay of `file` kept from an earlier build, if there is one for the bytes the file
  /// holds now; its run's journey is left in the store, under the key its run names
  /// (``Run/replayKey``).
  func replayed(_ file: String) -> ReplayedRun?
  /// Keeps the replay of `run`, read from bytes with hash `contentHash`.
  /// - Returns: the key it is kept under.
  func file(_ run: ReplayedRun, contentHash: String) -> String
}

/// Where runs' journeys are kept out of memory: a run left in one (``Run/leaveJourney(in:under:)``)
/// reads its journey from it on each use.
package protocol JourneyStore: AnyObject, Sendable {
  /// The journey of `run`, a run whose journey this store keeps.
  func journey(of run: Run) -> Journey
}
