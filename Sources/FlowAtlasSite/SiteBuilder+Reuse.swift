import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
import Foundation

/// What a rebuild keeps of the previous build, put in place: an unchanged app's pages, the
/// journeys of unchanged runs. What is still good is decided in FlowAtlasBuild
/// (``PreviousSite/keptApp(_:key:)``, ``PreviousSite/keptJourney(_:in:key:names:pages:)``).
extension SiteBuilder {
  /// The journeys of an app a rebuild keeps: their record entries, their diagrams' cache
  /// entries (key → hash) and the page names it need not make.
  struct KeptJourneys {
    var journeys: [String: AppPagesCache.Journey] = [:]
    var diagrams: [String: String] = [:]
    var pages: Set<String> = []
  }

  /// Puts into `staging` the journey pages (and diagram files) of each run of an app being
  /// built again that the previous build made from the same inputs and left intact.
  func keepJourneys(
    of app: AppModel, keys: JourneyKeys, folder: String, previous: PreviousSite,
    into staging: OutputFolder.Staging
  ) throws(SiteError) -> KeptJourneys {
    var kept = KeptJourneys()
    for run in app.runs {
      let names = AppPages.journeyFiles(run)
      guard
        let found = previous.keptJourney(
          run, in: folder, key: keys.key(run), names: names, pages: AppPages.journeyParts(run))
      else { continue }
      try place(found, from: previous, into: staging)
      if let diagram = found.record.diagram { kept.diagrams[diagram.key] = diagram.hash }
      kept.journeys[run.slug] = found.record.journey
      kept.pages.formUnion(names.dropLast())
    }
    return kept
  }

  /// Puts the previous build's pages of the app in `folder`, and the cached diagrams they were
  /// made with, into the new site, when they were made from what `key` names and every page is
  /// still what that build wrote.
  /// - Returns: the app's record for the new site, or nil when it cannot be kept (then nothing
  ///   was put in place, and the app is built again).
  func reuse(
    _ folder: String, key: String, from previous: PreviousSite, into staging: OutputFolder.Staging
  ) throws(SiteError) -> AppPagesCache.Record? {
    guard let found = previous.keptApp(folder, key: key) else { return nil }
    try place(found, from: previous, into: staging)
    return found.record
  }

  /// Hard-links what the previous build left into the new site.
  private func place<Record>(
    _ kept: PreviousSite.Kept<Record>, from previous: PreviousSite, into staging: OutputFolder.Staging
  ) throws(SiteError) {
    for file in kept.files {
      try staging.reuse(file.path, from: previous.url.appendingPathComponent(file.path), entry: file.file)
    }
    for path in kept.diagrams { try staging.place(path, linking: previous.url.appendingPathComponent(path)) }
  }
}

extension AppPages {
  /// What each run's journey pages are made from (``JourneyKeys``): the run, and this app's
  /// sidebar as written.
  /// - Parameters:
  ///   - title: the site's title.
  ///   - identity: the diagram provider's cache identity.
  ///   - appDigest: the app's model's hash, for a provider that draws a journey from more of it
  ///     than its run (``DiagramProvider/drawsJourneysFromTheirRunAlone``); nil otherwise.
  func journeyKeys(title: String, identity: String, appDigest: String?) -> JourneyKeys {
    JourneyKeys(
      app: app, folder: folder, sidebar: Fingerprint.fast128(sidebarBytes), title: title,
      identity: identity, appDigest: appDigest, namesakes: namesakes)
  }
}
