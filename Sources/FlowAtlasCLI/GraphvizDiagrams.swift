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
  let renderer: DiagramRenderer

  /// - Parameters:
  ///   - executable: this program, started as `__render-worker` processes.
  ///   - workers: processes to run at once.
  init(executable: String, workers: Int) {
    self.init(renderer: DiagramRenderer(engine: .pool(RenderPool(executable: executable, workers: workers))))
  }

  /// Draws with `renderer` (tests give one whose engine fails on purpose).
  init(renderer: DiagramRenderer) { self.renderer = renderer }

  /// This provider, on the same workers, reading the runs' journeys from `journeys`.
  func reading(_ journeys: any JourneyStore) -> GraphvizDiagrams {
    var renderer = renderer
    renderer.journeys = journeys
    return GraphvizDiagrams(renderer: renderer)
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

  func changesDiagram(old: AppModel, new: AppModel) throws -> [UInt8]? {
    do {
      return try renderer.diff(old: old, new: new, format: .svg).bytes
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
        let key = diagram.fallbackReason == nil ? Self.key(ofDOT: diagram.source) : nil
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

  /// The hash of the DOT each diagram is laid out from (its tooltips and counts masked, see
  /// ``Diagram/layoutDOTBytes``), which with ``cacheIdentity`` decides its SVG but for those
  /// texts; a kept drawing is given them from the same diagram (``Diagram/filling(_:)``). The
  /// DOT is built on every core (it is most of the work of an unchanged rebuild's diagrams) and
  /// not kept.
  func cacheKeys(
    for requests: [DiagramRequest], links: DiagramLinks, cached: @Sendable (Int, String) -> [UInt8]?
  ) -> [KeyedDiagram] {
    let keyed = Lock(Array(repeating: KeyedDiagram(key: nil), count: requests.count))
    let next = Lock(0)
    let options = renderer.options
    DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in
      while case let index = next.fetchAndIncrement(), index < requests.count {
        let request = requests[index]
        // An unknown flow or run has no DOT: no key, so it is drawn (and fails) as before.
        guard
          let diagram = try? DiagramBuilder.diagram(
            for: request.subject, of: request.app, links: links, options: options,
            journeys: renderer.journeys)
        else { continue }
        let key = Self.key(ofDOT: diagram.layoutDOTBytes)
        let kept = cached(index, key).map(diagram.filling)
        keyed.withLock { $0[index] = KeyedDiagram(key: key, kept: kept) }
      }
    }
    return keyed.withLock { $0 }
  }

  static func key(ofDOT dot: [UInt8]) -> String { "dot " + Fingerprint.fast128(dot) }

  /// A journey's DOT reads its run, each screen's slug and owner and each flow's slug, nothing
  /// else of the app (``DiagramBuilder`` overwrites the screen nodes' tooltips, which hold counts).
  var drawsJourneysFromTheirRunAlone: Bool { true }

  /// Diagrams change with how the renderer draws and its options, with the Graphviz release
  /// and plugins that draw them, not only with the model; and with the machine's fonts only
  /// where pango measures SVG text (``FontsFingerprint/forSVG``).
  var cacheIdentity: String {
    "FlowAtlasRender \(DiagramStyleFingerprint.value) \(renderer.options) \(Graphviz.identity)"
      + " fonts \(FontsFingerprint.forSVG)"
  }
}
