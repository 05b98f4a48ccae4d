import Dispatch
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasSite
import FlowAtlasTrace
import Foundation

/// The site's diagrams, drawn by Graphviz in worker processes.
///
/// This is the one place the site meets the renderer: the site only knows
/// ``DiagramProvider``, the renderer only knows the model.
struct GraphvizDiagrams: DiagramProvider {
  private(set) var renderer: DiagramRenderer
  /// What the renderer draws from besides the DOT (``DiagramRenderer/identity``), worked out once.
  let cacheIdentity: String

  /// - Parameters:
  ///   - executable: this program, started as `__render-worker` processes.
  ///   - workers: processes to run at once.
  ///   - options: how the diagrams are drawn.
  init(executable: String, workers: Int, options: DiagramOptions = DiagramOptions()) {
    self.init(
      renderer: DiagramRenderer(
        engine: .pool(RenderPool(executable: executable, workers: workers)), options: options))
  }

  /// Draws with `renderer` (tests give one whose engine fails on purpose).
  init(renderer: DiagramRenderer) {
    self.renderer = renderer
    cacheIdentity = renderer.identity
  }

  /// Starts the worker processes before the first diagram is asked for
  /// (``RenderPool/startWorkers()``), so that they are ready while the model is built.
  func startWorkers() {
    renderer.engine.startWorkers()
  }

  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]
  {
    try renderer.svgs(for: subjects, of: app, links: links)
  }

  func changesDiagram(old: AppModel, new: AppModel, links: DiagramLinks) throws -> [UInt8]? {
    do {
      return try renderer.diff(old: old, new: new, format: .svg, links: links).bytes
    } catch {
      throw SiteError.diagramsFailed(app: new.name, reason: error.localizedDescription)
    }
  }

  /// Draws on every worker at once and hands each diagram over as soon as it is drawn.
  func draw(
    _ requests: [DiagramRequest], links: DiagramLinks, deliver: @Sendable (Int, DrawnDiagram) -> Void
  ) throws {
    // Only a diagram whose fallback drawing failed too: keep the first, in request order.
    let failure = Lock<(index: Int, error: RenderError)?>(nil)
    renderer.render(requests.map { ($0.app, $0.subject) }, links: links, format: .svg) { index, result in
      switch result {
      case .success(let diagram):
        // A cheaper drawing, made because the full one failed, has widths and a shape of its own
        // that the full diagram's key does not name: it is kept only while its app is unchanged.
        let key = diagram.fallbackReason == nil ? DiagramRenderer.key(ofDOT: diagram.source) : nil
        deliver(index, DrawnDiagram(svg: diagram.bytes, cacheKey: key))
      case .failure(let error):
        failure.withLock { first in
          if first.map({ index < $0.index }) ?? true { first = (index, error) }
        }
      }
    }
    if let (index, error) = failure.withLock({ $0 }) {
      throw SiteError.diagramsFailed(app: requests[index].app.name, reason: error.localizedDescription)
    }
  }

  /// The renderer's keys (``DiagramRenderer/layoutKeys(for:links:cached:)``): the hash of the
  /// DOT each diagram is laid out from, which with ``cacheIdentity`` decides its SVG.
  func cacheKeys(
    for requests: [DiagramRequest], links: DiagramLinks, cached: @Sendable (Int, String) -> [UInt8]?
  ) -> [KeyedDiagram] {
    renderer.layoutKeys(for: requests.map { ($0.app, $0.subject) }, links: links, cached: cached).map {
      KeyedDiagram(key: $0.key, kept: $0.kept)
    }
  }

  /// The renderer's (``DiagramRenderer/drawsJourneysFromTheirRunAlone``).
  var drawsJourneysFromTheirRunAlone: Bool { DiagramRenderer.drawsJourneysFromTheirRunAlone }
}
