import FlowAtlasModel
import FlowAtlasTrace
import Foundation

/// Builds the static HTML site of a navigation model: a landing page listing the apps,
/// and per app an overview, a page per flow, a page per journey and a problems page.
///
/// The site opens from disk (no server, no network). The build is atomic: it is written
/// into a temporary sibling folder and moved into place, so a failed build leaves the
/// previous site as it was. The same model gives the same bytes.
public struct SiteBuilder: Sendable {
  public let model: NavigationModel
  public let diagrams: any DiagramProvider
  /// A folder of hand-written notes, `<CoordinatorType>.md` per flow.
  public let notes: URL?
  public let options: SiteOptions

  /// - Parameters:
  ///   - model: what the reader derived from the traces.
  ///   - diagrams: draws the SVG diagrams (the Graphviz renderer, or a fake in tests).
  ///   - notes: a folder of Markdown notes, `<CoordinatorType>.md` per flow; nil for none.
  ///   - options: the site's title and cache choice.
  public init(
    model: NavigationModel, diagrams: any DiagramProvider, notes: URL? = nil,
    options: SiteOptions = SiteOptions()
  ) {
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
  public func build(into output: URL) throws -> SiteSummary {
    let previous = try OutputFolder.check(output)
    let noteFiles = try NotesFolder(url: notes)
    let fingerprint = try siteFingerprint(noteFiles)
    if options.incremental, previous, let pages = try unchangedPages(in: output, fingerprint: fingerprint) {
      return SiteSummary(pages: pages, diagramsDrawn: 0, diagramsReused: 0, unchanged: true)
    }
    let rendered = try render(
      previousSite: previous ? output : nil, notes: noteFiles, fingerprint: fingerprint)
    try OutputFolder.write(rendered.files, to: output)
    return rendered.summary
  }

  /// Bump whenever the pages' markup, words or assets change, so that sites built by an older
  /// FlowAtlas are not mistaken for unchanged. The golden test `SiteGoldenTests` fails until
  /// it is bumped.
  public static let templateVersion = "3"

  /// Everything the site's bytes depend on, hashed.
  func siteFingerprint(_ noteFiles: NotesFolder) throws(SiteError) -> String {
    var digest = ModelDigest()
    digest.add("flowatlas-site")
    digest.add(Self.templateVersion)
    digest.add(options.title)
    digest.add(diagrams.cacheIdentity)
    for app in model.apps {
      digest.add(app)
      for flow in app.flows { digest.add(try noteFiles.text(for: flow.coordinator)) }
    }
    for diagnostic in model.diagnostics {
      digest.add([diagnostic.code.rawValue, diagnostic.file, diagnostic.message])
      digest.add(diagnostic.line)
    }
    return Fingerprint.sha256(digest.bytes)
  }

  /// The marker's text: it says whose folder this is and what it was built from.
  static func marker(fingerprint: String) -> String {
    "This folder is a FlowAtlas site; flowatlas build may replace it.\nfingerprint \(fingerprint)\n"
  }

  /// The site's pages when `output` already holds exactly this site, else nil.
  private func unchangedPages(in output: URL, fingerprint: String) throws(SiteError) -> [String]? {
    let marker = output.appendingPathComponent(OutputFolder.marker)
    guard (try? String(contentsOf: marker, encoding: .utf8)) == Self.marker(fingerprint: fingerprint) else {
      return nil
    }
    let folders = try Self.folders(for: model.apps)
    var pages = ["index.html"]
    for (app, folder) in zip(model.apps, folders) {
      pages += AppPages.pageNames(of: app).map { "\(folder)/\($0)" }
    }
    pages.sort()
    // A page or asset deleted by hand is a reason to write the site again.
    let manager = FileManager.default
    let expected = pages + ["assets/search-index.js", "assets/site.css", "assets/site.js", "assets/theme.js"]
    guard expected.allSatisfy({ manager.fileExists(atPath: output.appendingPathComponent($0).path) }) else {
      return nil
    }
    return pages
  }

  /// Every file of the site in memory, by path relative to the site root, sorted by path.
  ///
  /// - Parameter previousSite: a previous build whose cached diagrams may be reused.
  func render(previousSite: URL?, notes noteFiles: NotesFolder, fingerprint: String) throws
    -> (files: [(path: String, data: Data)], summary: SiteSummary)
  {
    let layout = PageLayout(siteTitle: options.title)
    let folders = try Self.folders(for: model.apps)
    var files: [String: Data] = [:]
    var summary = SiteSummary(pages: [], diagramsDrawn: 0, diagramsReused: 0, unchanged: false)

    for (index, app) in model.apps.enumerated() {
      let folder = folders[index]
      try Self.validate(app)
      let cache = DiagramCache(
        folder: folder, fingerprint: DiagramCache.fingerprint(app: app, provider: diagrams))
      let svgs: [DiagramSubject: String]
      if options.incremental, let previousSite, let reused = cache.read(from: previousSite, app: app) {
        svgs = reused
        summary.diagramsReused += reused.count
      } else {
        svgs = try draw(app)
        summary.diagramsDrawn += svgs.count
      }
      if options.incremental {
        for (path, data) in cache.files(for: svgs, app: app) { files[path] = data }
      }

      var notesHTML: [String: String] = [:]
      for flow in app.flows {
        if let html = try noteFiles.html(for: flow.coordinator) { notesHTML[flow.coordinator] = html }
      }
      let siblings = model.apps.indices.filter { $0 != index }.map { (model.apps[$0].name, folders[$0]) }
      let pages = AppPages(
        app: app, folder: folder, layout: layout, diagrams: svgs, notes: notesHTML, siblings: siblings)
      for (name, html) in try pages.pages() { files["\(folder)/\(name)"] = Data(html.utf8) }
    }

    let apps = Array(zip(model.apps, folders))
    files["index.html"] = Data(LandingPage(layout: layout, model: model, folders: folders).document().utf8)
    files["assets/search-index.js"] = Data(
      SearchIndex.script(SearchIndex.entries(apps.map { ($0.0, $0.1) })).utf8)
    files["assets/site.css"] = Data(SiteAssets.css.utf8)
    files["assets/theme.js"] = Data(SiteAssets.themeScript.utf8)
    files["assets/site.js"] = Data(SiteAssets.siteScript.utf8)
    files[OutputFolder.marker] = Data(Self.marker(fingerprint: fingerprint).utf8)

    let sorted = files.keys.sorted().map { (path: $0, data: files[$0]!) }
    summary.pages = sorted.map(\.path).filter { $0.hasSuffix(".html") }
    return (sorted, summary)
  }

  private func draw(_ app: AppModel) throws -> [DiagramSubject: String] {
    do {
      return try diagrams.diagrams(for: DiagramCache.subjects(of: app), of: app, links: .site)
    } catch let error as SiteError {
      throw error
    } catch {
      throw SiteError.diagramsFailed(app: app.name, reason: error.localizedDescription)
    }
  }

  /// Each app's folder: its slug, made unique next to the shared `assets` folder.
  static func folders(for apps: [AppModel]) throws(SiteError) -> [String] {
    var slugger = Slugger(reserved: ["assets"])
    return try apps.map { app throws(SiteError) in
      guard Slug.isValid(app.slug) else {
        throw .invalidModel(reason: "app \(app.name) has the slug “\(app.slug)”")
      }
      return slugger.slug(for: app.slug)
    }
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
