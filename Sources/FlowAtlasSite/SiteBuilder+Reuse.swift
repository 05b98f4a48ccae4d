import FlowAtlasModel
import Foundation

/// What a rebuild keeps of the previous build: an unchanged app's pages, the journeys of unchanged runs.
extension SiteBuilder {
  /// The journeys of an app a rebuild keeps: their record entries, their diagrams' cache
  /// entries (key → hash) and the page names it need not make.
  struct KeptJourneys {
    var journeys: [String: AppPagesCache.Journey] = [:]
    var diagrams: [String: String] = [:]
    var pages: Set<String> = []
  }

  /// Puts into `staging` the journey pages (and diagram files) of each run of an app being built
  /// again whose journey key is the one `record` has and whose files are still what the previous
  /// build wrote, with their diagrams' cache entries.
  func keepJourneys(
    of app: AppModel, keys: JourneyKeys, record: AppPagesCache.Record, folder: String,
    previous: (site: URL, manifest: SiteManifest, identities: [String: String]),
    into staging: OutputFolder.Staging
  ) throws(SiteError) -> KeptJourneys {
    var kept = KeptJourneys()
    for run in app.runs {
      guard let journey = record.journeys[run.slug], let key = keys.key(run), journey.key == key else {
        continue
      }
      let names = JourneyKeys.files(run)
      // The pages, and the diagram's file when the pages show one ("Open as SVG").
      let required = AppPages.journeyParts(run) + (journey.diagram == nil ? 0 : 1)
      guard
        let files = AppPagesCache.intactFiles(
          names, required: required, of: folder, in: previous.site, manifest: previous.manifest,
          identities: previous.identities)
      else { continue }
      for file in files {
        try staging.reuse(file.path, from: previous.site.appendingPathComponent(file.path), entry: file.entry)
      }
      if let diagram = journey.diagram, let hash = record.diagrams[diagram] {
        let path = DiagramCache.path(of: diagram)
        let original = previous.site.appendingPathComponent(path)
        var info = stat()
        if lstat(original.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
          try staging.place(path, linking: original)
          kept.diagrams[diagram] = hash
        }
      }
      kept.journeys[run.slug] = journey
      kept.pages.formUnion(names.dropLast())
    }
    return kept
  }

  /// Puts the previous build's pages of the app in `folder`, and the cached diagrams they were
  /// made with, into the new site, when every page is still what that build wrote.
  /// - Returns: the app's record for the new site, or nil when a page changed (then nothing
  ///   was put in place, and the app is built again).
  func reuse(
    _ folder: String, record: AppPagesCache.Record,
    from previous: (site: URL, manifest: SiteManifest, identities: [String: String]),
    into staging: OutputFolder.Staging
  ) throws(SiteError) -> AppPagesCache.Record? {
    guard
      let files = AppPagesCache.intactFiles(
        of: folder, in: previous.site, manifest: previous.manifest, identities: previous.identities)
    else { return nil }
    for file in files {
      try staging.reuse(file.path, from: previous.site.appendingPathComponent(file.path), entry: file.entry)
    }
    var kept = record
    for key in record.diagrams.keys.sorted() {
      let path = DiagramCache.path(of: key)
      var info = stat()
      let original = previous.site.appendingPathComponent(path)
      guard lstat(original.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        // Gone from the cache: the pages stand, the next change to this app draws it again.
        kept.diagrams[key] = nil
        continue
      }
      try staging.place(path, linking: original)
    }
    return kept
  }
}
