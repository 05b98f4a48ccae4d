/// Where replayed traces are kept between builds: what a ``ModelBuilder`` asks before it reads a
/// trace, and where a run's journey is kept instead of in memory. The model only asks; the
/// store, its files, its keys and what it does with a damaged entry are the build's
/// (`ReplayCache`, in FlowAtlasBuild).
package protocol ReplayStore: Sendable {
  /// The replay of `file` kept from an earlier build, if there is one for the bytes the file
  /// holds now, with the key it is kept under.
  func replayed(_ file: String) -> (run: ReplayedRun, key: String)?
  /// Keeps the replay of `run`, read from bytes with hash `contentHash`.
  /// - Returns: the key it is kept under.
  func file(_ run: ReplayedRun, contentHash: String) -> String
  /// The journey of `run`, kept under `key`.
  func journey(_ key: String, of run: Run) -> Journey
}
