import Dispatch
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import Foundation

/// What decides a drawing, for a cache to file it under: the renderer says, since only it knows
/// what it draws from; the site's build stage (FlowAtlasBuild) makes the cache's keys from it.
extension DiagramRenderer {
  /// What, besides a diagram's DOT and FlowAtlas's own code (which every cache's format names:
  /// `CacheFormat` in FlowAtlasBuild), decides the SVG this renderer draws: the options, the
  /// Graphviz release and plugins that draw, and the machine's fonts where pango measures SVG
  /// text (``FontsFingerprint/forSVG``).
  package var identity: String {
    "FlowAtlasRender \(options) \(Graphviz.identity)"
      + " fonts \(FontsFingerprint.forSVG)"
  }

  /// Whether a journey's diagram is drawn from its run, each screen's slug and owner and each
  /// flow's slug alone, nothing else of the app (``DiagramBuilder`` writes the screen nodes'
  /// tooltips, which hold counts, from the journey only): a cache may then keep it, and its
  /// pages, while the rest of the app changes. Say false here the day a journey's DOT reads more.
  package static let drawsJourneysFromTheirRunAlone = true

  /// The key of a drawing laid out from `dot`: with ``identity``, it names the SVG but for the
  /// texts a layout ignores.
  package static func key(ofDOT dot: [UInt8]) -> String { "dot " + Fingerprint.fast128(dot) }

  /// The key of each diagram's drawing: the hash of the DOT it is laid out from, its tooltips
  /// and counts masked (``Diagram/layoutDOTBytes``); and, where `cached` has a drawing under
  /// that key, that drawing given this diagram's texts (``Diagram/filling(_:)``). The DOT is
  /// built on every core (it is most of the work of an unchanged rebuild's diagrams) and not kept.
  /// - Parameters:
  ///   - requests: the diagrams.
  ///   - links: where nodes link to, as they will be drawn.
  ///   - cached: the drawing kept under a request's key (by index), or nil; called from any
  ///     thread, several at once.
  /// - Returns: by request, its key (nil for an unknown flow or run, which has no DOT) and the
  ///   kept drawing brought up to date.
  package func layoutKeys(
    for requests: [(app: AppModel, subject: DiagramSubject)], links: DiagramLinks,
    cached: @Sendable (_ index: Int, _ key: String) -> [UInt8]?
  ) -> [(key: String?, kept: [UInt8]?)] {
    let keyed = Lock([(key: String?, kept: [UInt8]?)](repeating: (nil, nil), count: requests.count))
    let next = Lock(0)
    let indexes = DiagramBuilder.AppIndexes()
    DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in
      while case let index = next.fetchAndIncrement(), index < requests.count {
        let request = requests[index]
        guard
          let diagram = try? DiagramBuilder.diagram(
            for: request.subject, of: request.app, links: links, options: options,
            index: indexes.index(of: request.app))
        else { continue }
        let key = Self.key(ofDOT: diagram.layoutDOTBytes)
        let kept = cached(index, key).map(diagram.filling)
        keyed.withLock { $0[index] = (key, kept) }
      }
    }
    return keyed.withLock { $0 }
  }
}
