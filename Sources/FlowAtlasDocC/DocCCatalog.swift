import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasSite
import Foundation

/// The navigation model as a DocC documentation catalog: the site's explanation, in the team's
/// own documentation, beside its API.
///
/// A catalog holds a root article (the technology root when it stands alone; an article of the
/// module when merged into the module's catalog), an article per app (hierarchy, app map,
/// flows, journeys, problems), per flow, per journey and, with a baseline, per app's changes.
/// Diagrams are SVG images with a dark variant (`name~dark.svg`, which DocC shows in dark mode)
/// and alt text. Every file name starts with `flowatlas-`,
/// so the folder can be dropped into a module's catalog without taking a name the team uses.
/// The same model gives the same bytes.
package struct DocCCatalog: Sendable {
  package let model: NavigationModel
  package let diagrams: any DiagramProvider
  /// The module whose catalog this is merged into (`--module`): coordinator and screen types
  /// link to its symbol pages. Nil: code voice only, so DocC never warns about a link.
  package let module: String?
  /// The root article's title.
  package var title = "Navigation"
  /// The version each app is compared with, by the app's name: such an app gets a Changes article.
  package var baselines: [String: AppModel] = [:]

  /// - Throws: ``DocCError/invalidModule(_:)`` when `module` is not a Swift identifier.
  package init(
    model: NavigationModel, diagrams: any DiagramProvider,
    module: String? = nil
  ) throws(DocCError) {
    if let module, !Self.isModuleName(module) { throw .invalidModule(module) }
    self.model = model
    self.diagrams = diagrams
    self.module = module
  }

  /// Whether `name` can be a Swift module's name: ASCII letters, digits and `_`, not starting
  /// with a digit.
  package static func isModuleName(_ name: String) -> Bool { DocCMarkdown.isIdentifier(name) }

  /// The root article's name, for a `<doc:…>` link from the team's own articles.
  package static let rootArticle = "flowatlas"

  /// Writes the catalog into `output`, replacing what a previous run wrote there; files of the
  /// team's own in the folder stay.
  /// - Returns: the articles written, relative to `output`, sorted.
  /// - Throws: ``DocCError``; `output` is then as it was.
  @discardableResult
  package func write(into output: URL) throws(DocCError) -> [String] {
    let files = try self.files()
    var digest = Fingerprint.Fast128()
    for file in files {
      digest.combine(Array(file.path.utf8) + [0] + Array(Fingerprint.fast128(file.bytes).utf8))
    }
    do {
      try CatalogFolder.write(files, offering: offered, to: output, fingerprint: "docc " + digest.finalize())
    } catch {
      throw .site(error)
    }
    return files.map(\.path).filter { $0.hasSuffix(".md") }
  }

  /// Every file of the catalog, by path, sorted: articles and images.
  package func files() throws(DocCError) -> [(path: String, bytes: [UInt8])] {
    let slugs: [String]
    do {
      slugs = try CatalogFolder.appSlugs(model.apps)
    } catch {
      throw .site(error)
    }
    let drawn = try drawAll()
    var files: [(path: String, bytes: [UInt8])] = []
    var apps: [DocCArticles] = []
    for (index, app) in model.apps.enumerated() {
      var articles = DocCArticles(
        app: app, slug: slugs[index], markdown: DocCMarkdown(module: module, modules: Set(app.modules)),
        baseline: baselines[app.name])
      // Each screen's picture, a resource of the catalog: read again as a regular file, and left
      // out where it is no longer the bytes that were checked.
      for screen in app.screens {
        guard let picture = screen.picture,
          case .success(let bytes) = RegularFile.read(picture.path, limit: 64 << 20),
          Fingerprint.sha256(bytes) == picture.hash
        else { continue }
        articles.pictured[screen.type] = picture
        files.append(("resources/\(articles.pictureName(screen)).\(picture.fileExtension)", bytes))
      }
      apps.append(articles)
      for (subject, svg) in drawn[index] {
        let name = articles.imageName(subject)
        for dark in [false, true] {
          do {
            let bytes = try StandaloneSVG.file(svg, name: "\(name) (app \(app.name))", dark: dark)
            files.append(("resources/\(name)\(dark ? "~dark" : "").svg", bytes))
          } catch {
            throw .site(error)
          }
        }
      }
      for (name, text) in articles.all(drawn: Set(drawn[index].keys)) {
        files.append(("\(name).md", Array(text.utf8)))
      }
    }
    files.append(
      (
        "\(Self.rootArticle).md",
        Array(DocCArticles.root(title: title, apps: apps, standalone: module == nil).utf8)
      ))
    return files.sorted { $0.path < $1.path }
  }

  /// Files written once, for the team to keep and edit: DocC's renderer asks every archive for
  /// its theme settings, so a catalog of its own starts with DocC's defaults and its pages load
  /// without a failed request; a later run leaves the file as the team made it. Merged into a
  /// module's catalog, the team's own settings, if any, are the ones to use: none.
  package var offered: [(path: String, bytes: [UInt8])] {
    module == nil ? [("theme-settings.json", Array("{\n  \"theme\": {}\n}\n".utf8))] : []
  }

  /// Every app's diagrams, drawn at once on the provider's workers: by app, image subject → SVG.
  private func drawAll() throws(DocCError) -> [[DocCImage: [UInt8]]] {
    let requests = model.apps.indices.flatMap { index in
      // No screen's neighbourhood: the catalog has an article per flow and journey, none per screen.
      DiagramSubject.all(of: model.apps[index]).filter(\.kind.row.isInCatalog).map {
        (app: index, subject: $0)
      }
    }
    let drawn = Lock<[[DocCImage: [UInt8]]]>(Array(repeating: [:], count: model.apps.count))
    do {
      try diagrams.draw(
        requests.map { DiagramRequest(app: model.apps[$0.app], subject: $0.subject) }, links: .none
      ) { index, diagram in
        drawn.withLock { $0[requests[index].app][.diagram(requests[index].subject)] = diagram.svg }
      }
      for (index, app) in model.apps.enumerated() {
        guard let baseline = baselines[app.name],
          let svg = try diagrams.changesDiagram(old: baseline, new: app, links: .none)
        else { continue }
        drawn.withLock { $0[index][.changes] = svg }
      }
    } catch let error as SiteError {
      throw .site(error)
    } catch {
      throw .diagramsFailed(error.localizedDescription)
    }
    return drawn.withLock { $0 }
  }
}
