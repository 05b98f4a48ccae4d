import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
import Foundation

/// What a rebuild keeps of the previous build: an unchanged app's pages, the journeys of
/// unchanged runs. What is still good is decided in FlowAtlasBuild (``AppPagesCache``,
/// ``JourneyKeys``, ``PreviousSite``); here it is put in place.
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
    previous: PreviousSite, into staging: OutputFolder.Staging
  ) throws(SiteError) -> KeptJourneys {
    var kept = KeptJourneys()
    for run in app.runs {
      guard let journey = record.journey(run, key: keys.key(run)) else { continue }
      let names = AppPages.journeyFiles(run)
      // The pages, and the diagram's file when the pages show one ("Open as SVG").
      let required = AppPages.journeyParts(run) + (journey.diagram == nil ? 0 : 1)
      guard let files = previous.intactFiles(names, required: required, of: folder) else { continue }
      for file in files {
        try staging.reuse(file.path, from: previous.url.appendingPathComponent(file.path), entry: file.file)
      }
      if let diagram = journey.diagram, let hash = record.diagrams[diagram] {
        let path = DiagramCache.path(of: diagram)
        if previous.holdsRegularFile(path) {
          try staging.place(path, linking: previous.url.appendingPathComponent(path))
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
    _ folder: String, record: AppPagesCache.Record, from previous: PreviousSite,
    into staging: OutputFolder.Staging
  ) throws(SiteError) -> AppPagesCache.Record? {
    guard let files = previous.intactFiles(of: folder) else { return nil }
    for file in files {
      try staging.reuse(file.path, from: previous.url.appendingPathComponent(file.path), entry: file.file)
    }
    var kept = record
    for key in record.diagrams.keys.sorted() {
      let path = DiagramCache.path(of: key)
      guard previous.holdsRegularFile(path) else {
        // Gone from the cache: the pages stand, the next change to this app draws it again.
        kept.diagrams[key] = nil
        continue
      }
      try staging.place(path, linking: previous.url.appendingPathComponent(path))
    }
    return kept
  }
}

extension AppPages {
  /// What each run's journey pages are made from (``JourneyKeys``): the run, and this app's
  /// frame (the template, the assets, the sidebar as written).
  /// - Parameters:
  ///   - title: the site's title.
  ///   - identity: the diagram provider's cache identity.
  ///   - appDigest: the app's model's hash, for a provider that draws a journey from more of it
  ///     than its run (``DiagramProvider/drawsJourneysFromTheirRunAlone``); nil otherwise.
  func journeyKeys(title: String, identity: String, appDigest: String?) -> JourneyKeys {
    JourneyKeys(
      app: app, folder: folder, frame: SiteBuilder.frame + [Fingerprint.fast128(sidebarBytes)], title: title,
      identity: identity, appDigest: appDigest)
  }
}
