import FlowAtlasModel
import Foundation

/// Which of the previous build's pages a rebuild keeps: an app's whole folder when what its
/// pages are made from is unchanged
/// (``AppPagesCache/key(app:digests:comparisons:folder:siblings:notes:title:identity:)``),
/// else each run's journey pages whose ``JourneyKeys`` key is unchanged; in either case only
/// when every file is still the one the previous build wrote.
extension PreviousSite {
  /// What a rebuild keeps of an app folder or of one journey: the files to put in place, the
  /// cached diagrams they show, and the record to write for them.
  package struct Kept<Record> {
    /// The files, by path in the site, with what the manifest says of each.
    package var files: [(path: String, file: WrittenFile)]
    /// The diagram cache's files to keep beside them (``DiagramCache/path(of:)``).
    package var diagrams: [String]
    package var record: Record
  }

  /// The previous build's pages of the app in `folder`, when they were made from what `key`
  /// names and every page is intact; nil otherwise (the app is then built again). A cached
  /// diagram of theirs that is gone is left out of the record: the pages stand, the next change
  /// to the app draws it again.
  package func keptApp(_ folder: String, key: String) -> Kept<AppPagesCache.Record>? {
    guard var record = apps[folder], record.key == key, let files = intactFiles(of: folder) else {
      return nil
    }
    var diagrams: [String] = []
    for entry in record.diagrams.keys.sorted() {
      let path = DiagramCache.path(of: entry)
      if holdsRegularFile(path) { diagrams.append(path) } else { record.diagrams[entry] = nil }
    }
    return Kept(files: files, diagrams: diagrams, record: record)
  }

  /// The previous build's pages of `run`'s journey in the app folder `folder`, when they were
  /// made from what `key` names (``JourneyKeys/key(_:)``) and are intact: `names` are its files,
  /// pages first then its diagram's, and the first `pages` of them must be there. Its diagram's
  /// cache entry is kept with them when it is still there.
  package func keptJourney(
    _ run: Run, in folder: String, key: String?, names: [String], pages: Int
  ) -> Kept<(journey: AppPagesCache.Journey, diagram: (key: String, hash: String)?)>? {
    guard let record = apps[folder], let journey = record.journey(run, key: key) else { return nil }
    // The pages, and the diagram's file when the pages show one ("Open as SVG").
    let required = pages + (journey.diagram == nil ? 0 : 1)
    guard let files = intactFiles(names, required: required, of: folder) else { return nil }
    var diagram: (key: String, hash: String)?
    var diagrams: [String] = []
    if let entry = journey.diagram, let hash = record.diagrams[entry] {
      let path = DiagramCache.path(of: entry)
      if holdsRegularFile(path) {
        diagram = (entry, hash)
        diagrams = [path]
      }
    }
    return Kept(files: files, diagrams: diagrams, record: (journey, diagram))
  }
}
