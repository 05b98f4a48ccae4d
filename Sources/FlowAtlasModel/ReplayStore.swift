/// Where replayed traces are kept between builds: what a ``ModelBuilder`` asks before it reads a
/// trace, and where a run's journey is left instead of in the model (``Run/journey`` is then
/// nil; whoever keeps the store hands it out as a ``JourneyStore``). The model only asks; the
/// store, its files, its keys and what it does with a damaged entry are the build's
/// (`ReplayCache`, in FlowAtlasBuild).
package protocol ReplayStore: Sendable {
  /// The replay of `file` kept from an earlier build, if there is one for the bytes the file
  /// holds now, with the key it is kept under.
  func replayed(_ file: String) -> (run: ReplayedRun, key: String)?
  /// Keeps the replay of `run`, read from bytes with hash `contentHash`.
  /// - Returns: the key it is kept under.
  func file(_ run: ReplayedRun, contentHash: String) -> String
}

/// Where a model's journeys are read: what every page, article, diagram and check that shows
/// a run's steps is handed, next to the model.
///
/// A model built in memory holds its runs' journeys (``HeldJourneys``); one built with a
/// ``ReplayStore`` leaves them there, so that memory grows with runs, not with events, and the
/// store hands them out.
package protocol JourneyStore: Sendable {
  /// The journey of `run`, a run of the model this store came with.
  func journey(of run: Run) -> Journey
}

/// The journeys a model's runs hold (``Run/journey``): a model built without a ``ReplayStore``,
/// or imported.
package struct HeldJourneys: JourneyStore {
  package init() {}

  /// The run's own journey (empty when the model was built without journeys).
  /// - Precondition: the run holds its journey: one left in a ``ReplayStore`` is read from it.
  package func journey(of run: Run) -> Journey {
    guard let journey = run.journey else {
      preconditionFailure("the journey of \(run.file) was left in a replay store: read it from there")
    }
    return journey
  }
}
