import Dispatch
import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTrace
import Foundation

/// Builds the static HTML site of a navigation model: a landing page listing the apps,
/// and per app an overview, a page per flow, a page per journey and a problems page.
///
/// The site opens from disk (no server, no network). The build is atomic: it is written
/// into a temporary sibling folder and moved into place, so a failed build leaves the
/// previous site as it was. The same model gives the same bytes.
///
/// Diagrams stream in from the provider and each page is built and written as soon as its
/// diagrams are there (``PageScheduler``), so pages are made while the rest is being laid out
/// and the site is never held in memory whole.
package struct SiteBuilder: Sendable {
  package let model: NavigationModel
  package let diagrams: any DiagramProvider
  /// A folder of hand-written notes, `<CoordinatorType>.md` per flow.
  package let notes: URL?
  package let options: SiteOptions
  /// The replays the model was built from, kept in the site (`.flowatlas-cache/runs/`) so that
  /// the next build replays only the traces that changed; nil keeps none.
  package let replays: ReplayCache?
  /// The version to compare each app with (`build --baseline`), by the app's name: such an app
  /// gets a Changes page, linked from its overview, and its changed flows are marked.
  package var baselines: [String: AppModel] = [:]
  /// Flows' intended navigation (`build --contract`): each flow with one shows its coverage.
  package var contracts: [NavigationContract] = []
  /// The pictures' thumbnails made for this build, by the sha256 of their picture; a picture that
  /// has one (`CheckedPicture.hasThumbnail`) and is not here keeps the previous site's.
  package var thumbnails: [String: [UInt8]] = [:]
  /// The copies the build wrote of the pictures as it checked them (`ScreenPictures.copies`): a
  /// picture whose `path` is one of them is copied into the site without being hashed again.
  package var pictureCopies: Set<String> = []
  /// The libraries that decoded the pictures, with their releases (`libspng 0.7.3, …`): the site's record
  /// of decodes (``PictureRecord``) is trusted only by a build that decodes with the same. Empty,
  /// the site keeps no record (a rebuild then decodes its pictures again).
  package var pictureDecoder = ""
  /// Where an entry of the previous site's caches that is there but cannot be used is noted
  /// (it is made again either way); nil notes nothing.
  package var cacheReport: CacheReport?

  /// - Parameters:
  ///   - model: what the reader derived from the traces.
  ///   - diagrams: draws the SVG diagrams (the Graphviz renderer, or a fake in tests).
  ///   - notes: a folder of Markdown notes, `<CoordinatorType>.md` per flow; nil for none.
  ///   - options: the site's title and cache choice.
  ///   - replays: the ``ReplayCache`` the model was built with (its folder is
  ///     ``replayFolder(of:)``), to keep for the next build.
  package init(
    model: NavigationModel, diagrams: any DiagramProvider,
    notes: URL? = nil, options: SiteOptions = SiteOptions(), replays: ReplayCache? = nil
  ) {
    self.replays = replays
    self.model = model
    self.diagrams = diagrams
    self.notes = notes
    self.options = options
  }

  /// Writes the site into `output`, replacing the site a previous build wrote there.
  ///
  /// - Parameter output: the site folder; it must be new, empty, or a previous FlowAtlas site
  ///   (it has a `.flowatlas-site` marker). Its parent folder is created if needed.
  /// - Returns: what was written and how many diagrams were drawn or reused.
  /// - Throws: ``SiteError`` (a foreign folder, an unsafe diagram, a failing provider, unreadable
  ///   notes, a write failure). Nothing in `output` has changed when it throws.
  @discardableResult
  package func build(into output: URL) throws -> SiteSummary {
    // First, on every path: a build killed earlier may have left a site set aside (put back
    // here) or staging folders (removed), and an unchanged site returns below.
    Self.tidy(output)
    let previousManifest = try OutputFolder.check(output)
    let noteFiles = try NotesFolder(url: notes)
    let folders = try Self.folders(for: model.apps)
    for app in model.apps { try Self.validate(app) }
    try Self.checkSize(of: model)
    let appDigests = SiteFingerprint.digests(of: model.apps)
    let comparisons = SiteFingerprint.Comparisons(of: model.apps, baselines: baselines, contracts: contracts)
    // Each flow's note as its pages show it, by app index: rendered once, for the fingerprint and
    // the pages alike.
    var notesHTML: [[String: String]] = []
    for app in model.apps {
      var html: [String: String] = [:]
      for flow in app.flows {
        if let note = try noteFiles.html(for: flow.coordinator) { html[flow.coordinator] = note }
      }
      notesHTML.append(html)
    }
    let fingerprint = SiteFingerprint.value(
      title: options.title, identity: diagrams.cacheIdentity, model: model,
      appDigests: appDigests, notes: { notesHTML[$0][$1] }, comparisons: comparisons)
    let pages = Self.pages(of: model, folders: folders, baselines: baselines)
    if options.incremental,
      SiteFingerprint.isUpToDate(
        output, recorded: previousManifest?.fingerprint, fingerprint: fingerprint,
        files: pages + Self.sharedFiles)
    {
      return SiteSummary(
        pages: pages, diagramsDrawn: 0, diagramsReused: 0, unchanged: true, skippedNotes: noteFiles.skipped)
    }
    let staging = try OutputFolder.Staging(replacing: output)
    do {
      // Only files the manifest proves the previous build wrote are ever reused.
      let previous =
        options.incremental
        ? previousManifest.map { PreviousSite(url: output, files: $0.files, report: cacheReport) } : nil
      var summary = try write(
        into: staging, folders: folders, previous: previous, notes: notesHTML, appDigests: appDigests,
        comparisons: comparisons)
      summary.skippedNotes = noteFiles.skipped
      if let previousManifest { try staging.carry(from: staging.output, manifest: previousManifest) }
      try staging.commit(fingerprint: fingerprint)
      return summary
    } catch {
      staging.discard()
      throw error
    }
  }

  /// Puts back a site that a build killed between the fallback's two renames set aside, and
  /// removes what killed builds left next to `output`. ``build(into:)`` starts with it; a tool
  /// that decides a site is up to date without building calls it too.
  /// - Parameter output: the site folder (or a symlink to it).
  /// - Returns: the folders left beside `output` because files in them are not FlowAtlas's
  ///   (a site set aside, then deleted by the person): for the command to name.
  @discardableResult
  package static func tidy(_ output: URL) -> [LeftoverFolder] {
    let leftovers = OutputFolder.removeLeftovers(of: OutputFolder.resolved(output))
    // A preview killed without warning left its files: only the builds a preview runs keep them,
    // so an unchanged rebuild is a fresh build's too.
    if !SitePreview.carriesPreviewFiles.withLock({ $0 }) { SitePreview.remove(from: output) }
    return leftovers
  }

  /// Where the site in `output` keeps the replays of the traces it was built from, for a
  /// ``ReplayCache``; nil when `output` holds no FlowAtlas site (nothing is read from a folder
  /// that is not ours).
  package static func replayFolder(of output: URL) -> URL? {
    let site = OutputFolder.resolved(output)
    guard OutputFolder.manifest(in: site)?.kind == .site else { return nil }
    return site.appendingPathComponent(ReplayFolder.directory, isDirectory: true)
  }

  /// The pages of a site of `model`, sorted.
  private static func pages(
    of model: NavigationModel, folders: [String], baselines: [String: AppModel]
  ) -> [String] {
    var pages = [PageScheme.index]
    for (app, folder) in zip(model.apps, folders) {
      pages += AppPages.pageNames(of: app, hasChanges: baselines[app.name] != nil).map { "\(folder)/\($0)" }
    }
    return pages.sorted()
  }

  /// The files every site has besides its pages.
  static let sharedFiles = ["assets/search-index.js", "assets/site.css", "assets/site.js", "assets/theme.js"]

  /// Writes every file of the site but its marker into `staging`.
  ///
  /// An app whose pages the previous build made from the same inputs keeps them
  /// (``AppPagesCache``). For the others, every diagram is asked for at once, costliest first,
  /// and each page is built and written on a free core as soon as its diagrams arrive, so that
  /// pages are made while Graphviz lays out the rest rather than after it.
  ///
  /// - Parameter previous: the previous build, whose pages and cached diagrams may be reused; nil
  ///   when none may.
  private func write(
    into staging: OutputFolder.Staging, folders: [String], previous: PreviousSite?,
    notes: [[String: String]], appDigests: [String], comparisons: SiteFingerprint.Comparisons
  ) throws -> SiteSummary {
    let layout = PageLayout(siteTitle: options.title)
    let identity = diagrams.cacheIdentity
    var apps: [PageScheduler.App] = []
    var pageKeys: [String] = []
    var records: [String: AppPagesCache.Record] = [:]
    var reusedCount = 0
    var journeyKeys: [JourneyKeys?] = []
    var kept: [KeptJourneys] = []
    let key = { @Sendable (app: Int, subject: DiagramSubject, providerKey: String?) in
      DiagramCache.key(
        providerKey: providerKey, identity: identity, appDigest: appDigests[app], subject: subject,
        of: model.apps[app])
    }
    // Drawn from now on, while the pages are prepared (``deliverDiagrams``).
    let new = Self.newDiagrams(of: model, previous: previous, folders: folders)
    let drawingNew = Drawing(start: new, provider: diagrams, key: key, scheduler: nil)
    // Not left drawing if the preparation fails.
    var handedOver = false
    defer { if !handedOver { _ = try? drawingNew.wait() } }
    for (index, app) in model.apps.enumerated() {
      let notesHTML = notes[index]
      let siblings = model.apps.indices.filter { $0 != index }.map { (model.apps[$0].name, folders[$0]) }
      let key = AppPagesCache.key(
        app: index, digests: appDigests, comparisons: comparisons, folder: folders[index], siblings: siblings,
        notes: notesHTML, title: options.title, identity: identity)
      pageKeys.append(key)
      var reused = false
      if let previous, let kept = try reuse(folders[index], key: key, from: previous, into: staging) {
        records[folders[index]] = kept
        reused = true
        reusedCount += DiagramSubject.all(of: app).count
      }
      // The changes diagram is drawn only for pages that will be made.
      var changes: AppChanges?
      if let baseline = baselines[app.name] {
        let svg = reused ? nil : try diagrams.changesDiagram(old: baseline, new: app, links: .site)
        changes = AppChanges(baseline: baseline, app: app, svg: svg)
      }
      var entry = PageScheduler.App(
        pages: AppPages(
          app: app, folder: folders[index], layout: layout, notes: notesHTML, siblings: siblings,
          changes: changes, contracts: contracts))
      entry.reused = reused
      // Built again: what each run's journey pages are made from, to keep those of unchanged runs.
      let keys =
        options.incremental && !reused
        ? entry.pages.journeyKeys(
          title: options.title, identity: identity,
          appDigest: diagrams.drawsJourneysFromTheirRunAlone ? nil : appDigests[index]) : nil
      journeyKeys.append(keys)
      var keptHere = KeptJourneys()
      if let keys, let previous {
        keptHere = try keepJourneys(
          of: app, keys: keys, folder: folders[index], previous: previous, into: staging)
        entry.kept = keptHere.pages
        reusedCount += keptHere.journeys.values.filter { $0.diagram != nil }.count
      }
      kept.append(keptHere)
      apps.append(entry)
    }

    let cache = options.incremental ? DiagramCache(previousSite: previous?.url, report: cacheReport) : nil
    let scheduler = PageScheduler(apps: apps, staging: staging, cache: cache)
    let drawnFirst = Set(new.map { AppDiagram(app: $0.app, subject: $0.request.subject) })
    var requests: [(app: Int, request: DiagramRequest)] = []
    for (index, app) in model.apps.enumerated() where !apps[index].reused {
      requests += DiagramSubject.all(of: app).filter { subject in
        if drawnFirst.contains(AppDiagram(app: index, subject: subject)) { return false }
        guard case .journey(let slug) = subject else { return true }
        return kept[index].journeys[slug] == nil
      }.map { (index, DiagramRequest(app: app, subject: $0)) }
    }
    let reusedDiagrams: Int
    handedOver = true
    do {
      reusedDiagrams = try deliverDiagrams(
        requests, drawingNew: drawingNew, cache: cache, key: key, scheduler: scheduler,
        accepts: { [pages = apps.map(\.pages)] in pages[$0].accepts($1) }
      ) {
        scheduler.startReadyPages()
        scheduler.write(PageScheme.index) { [model] in
          LandingPage(layout: layout, model: model, folders: folders).document()
        }
        scheduler.write(
          "assets/search-index.js",
          pieces: { [model] in
            SearchIndex.script(SearchIndex.entries(Array(zip(model.apps, folders))))
          })
      }
    } catch {
      scheduler.abandon()
      if let error = error as? SiteError { throw error }
      throw SiteError.diagramsFailed(
        app: model.apps.map(\.name).joined(separator: ", "), reason: error.localizedDescription)
    }
    let (delivered, cached, deliveredKeys) = try scheduler.finish()
    if cache != nil {
      for (index, app) in model.apps.enumerated() where !apps[index].reused {
        records[folders[index]] = AppPagesCache.Record(
          builtAgain: app, key: pageKeys[index], drawn: cached[index], keptDiagrams: kept[index].diagrams,
          keptJourneys: kept[index].journeys, journeyKeys: journeyKeys[index],
          journeyDiagram: { deliveredKeys[index][.journey(run: $0.slug)] })
      }
      try staging.write(DiagramCache.indexPath, DiagramCache.indexText(AppPagesCache.diagramIndex(records)))
      try staging.write(AppPagesCache.path, AppPagesCache.text(records))
    }
    if options.incremental, let replays { try ReplayFolder.write(replays.entries, into: staging) }
    // Without the decoder named, no build would take the record: none is written.
    if options.incremental, !pictureDecoder.isEmpty, model.apps.contains(where: AppPages.hasGallery) {
      try staging.write(PictureRecord.path, PictureRecord.text(of: model, decoder: pictureDecoder))
    }

    try writePictures(into: staging, previous: previous)
    try staging.write("assets/site.css", SiteAssets.css)
    try staging.write("assets/theme.js", SiteAssets.themeScript)
    try staging.write("assets/site.js", SiteAssets.siteScript)
    if options.incremental { try staging.writeIdentities() }

    var pages = [PageScheme.index]
    for app in apps { pages += app.pages.pageList().map { "\(app.pages.folder)/\($0.name)" } }
    return SiteSummary(
      pages: pages.sorted(), diagramsDrawn: delivered - reusedDiagrams,
      diagramsReused: reusedDiagrams + reusedCount, unchanged: false)
  }

  /// Each app's folder: its slug, made unique next to the shared `assets` folder.
  static func folders(for apps: [AppModel]) throws(SiteError) -> [String] {
    var slugger = Slugger(reserved: [PageScheme.assetsFolder, PageScheme.picturesFolder])
    return try apps.map { app throws(SiteError) in
      guard Slug.isValid(app.slug) else {
        throw .invalidModel(reason: "app \(app.name) has the slug “\(app.slug)”")
      }
      return slugger.slug(for: app.slug)
    }
  }

  /// The most flows a site holds, over all its apps. Each is a page and a diagram: 8,000 took
  /// 19 s and 141 MB on disk here (BENCHMARKS.md, `flowatlas-bench flows`), so this many stay
  /// within about half a minute and 200 MB, where 100,000 (one 9 MB trace) would take ten
  /// times that. Past it nothing is written, and the error says what to do.
  package static let maximumFlows = 10_000

  /// Refuses a model of more than ``maximumFlows`` flows, before anything is written.
  static func checkSize(of model: NavigationModel) throws(SiteError) {
    let flows = model.apps.reduce(0) { $0 + $1.flows.count }
    guard flows > maximumFlows, let largest = model.apps.max(by: { $0.flows.count < $1.flows.count })
    else { return }
    throw .tooManyFlows(
      count: flows, limit: maximumFlows, largestApp: largest.name, largestCount: largest.flows.count)
  }

  /// Slugs become file names: each must be a slug, unique among its kind.
  static func validate(_ app: AppModel) throws(SiteError) {
    for (kind, slugs) in [("flow", app.flows.map(\.slug)), ("run", app.runs.map(\.slug))] {
      var seen: Set<String> = []
      for slug in slugs {
        guard Slug.isValid(slug), seen.insert(slug).inserted else {
          throw .invalidModel(reason: "app \(app.name) has the \(kind) slug “\(slug)” twice or malformed")
        }
      }
    }
    for screen in app.screens where !Slug.isValid(screen.slug) {
      throw .invalidModel(reason: "screen \(screen.type) has the slug “\(screen.slug)”")
    }
  }
}

extension SiteBuilder {
  /// The pictures, by sha256, whose thumbnails the site at `output` holds as its build wrote them
  /// (its manifest says so, and the file is still that): a build may keep those rather than
  /// decode their pictures again.
  package static func keptThumbnails(in output: String, of hashes: some Sequence<String>) -> Set<String> {
    let url = URL(fileURLWithPath: output, isDirectory: true)
    guard let manifest = try? OutputFolder.check(url) else { return [] }
    let previous = PreviousSite(url: url, files: manifest.files)
    return Set(hashes.filter { previous.intactFile(PageScheme.thumbnail(hash: $0)) != nil })
  }

  /// Copies each picture the pages show into the site (each screen's, and each run's own, which its
  /// journey player shows), with its thumbnail, and the baseline's picture of each screen that
  /// looks different now (the Changes page shows both), each distinct one once: linked from the previous
  /// site when that still holds the file it wrote under this name (the sha256 of its bytes). The
  /// file is read as a regular file only (never a FIFO or a link swapped in since it was checked),
  /// and one that changed since is left out (its screen page then shows no picture file): the
  /// record of inputs sees the change, so the next build checks it again.
  func writePictures(into staging: OutputFolder.Staging, previous: PreviousSite?) throws(SiteError) {
    var written: Set<String> = []
    // The baseline's pictures the Changes pages show beside the new ones.
    let before = model.apps.flatMap { app in
      baselines[app.name].map { NavigationDiff(old: $0, new: app).changedPictures.map(\.old) } ?? []
    }
    let shown = model.apps.flatMap(\.shownPictures)
    for picture in shown + before {
      let path = PageScheme.picture(hash: picture.hash, fileExtension: picture.fileExtension)
      guard written.insert(path).inserted else { continue }
      if let previous, let kept = previous.intactFile(path) {
        try staging.reuse(path, from: previous.url.appendingPathComponent(path), entry: kept)
        continue
      }
      // A copy the build wrote as it checked the picture is those bytes; a file of the traces'
      // folder may have changed since: hashed again, and left out if it did.
      let checked = pictureCopies.contains(picture.path)
      guard case .success(let bytes) = RegularFile.read(picture.path, limit: 64 << 20),
        checked || Fingerprint.sha256(bytes) == picture.hash
      else { continue }
      try staging.write(path, bytes)
    }
    for picture in shown where picture.hasThumbnail {
      let path = PageScheme.thumbnail(hash: picture.hash)
      guard written.insert(path).inserted else { continue }
      if let made = thumbnails[picture.hash] {
        try staging.write(path, made)
      } else if let previous, let kept = previous.intactFile(path) {
        try staging.reuse(path, from: previous.url.appendingPathComponent(path), entry: kept)
      }
    }
  }
}
