import FlowAtlasLock
import FlowAtlasModel
import Foundation

extension SiteBuilder {
  /// A diagram's key in the site's cache, from the app it belongs to, its subject and the key
  /// its provider gives it (``DiagramProvider/cacheKeys(for:links:)``).
  typealias CacheKey = @Sendable (_ app: Int, _ subject: DiagramSubject, _ providerKey: String?) -> String

  /// Hands every requested diagram to `scheduler`: one whose key the previous build cached is
  /// kept and given this build's texts (``DiagramProvider/refreshed(_:for:links:)``), the others
  /// are drawn.
  ///
  /// The drawing starts first, on a thread of its own, so that Graphviz lays out while this
  /// thread refreshes the kept drawings and `meanwhile` runs; a rebuild after one more run is
  /// mostly such work, and would otherwise keep the workers waiting for it. A kept drawing the
  /// sanitizer refuses (the cache was tampered with) is drawn again, after the others, rather
  /// than failing this build and every later one.
  ///
  /// - Parameters:
  ///   - accepts: whether the app (by number) takes an SVG; only called on this thread.
  ///   - meanwhile: work for this thread while the drawing goes on.
  /// - Returns: how many diagrams were kept.
  /// - Throws: the provider's error; every drawing started has then been delivered or dropped.
  func deliverDiagrams(
    _ requests: [(app: Int, request: DiagramRequest)], cache: DiagramCache?, key: @escaping CacheKey,
    scheduler: PageScheduler, accepts: (Int, [UInt8]) -> Bool, meanwhile: () -> Void
  ) throws -> Int {
    var kept: [(app: Int, request: DiagramRequest, key: String, svg: [UInt8], hash: String)] = []
    var drawn = requests
    // Keys are asked for only when there is a cache to reuse from, since making them costs the
    // provider (Graphviz: the DOT) work. Only a diagram whose key is unchanged is kept.
    if let cache, !cache.previousIndex.isEmpty, !requests.isEmpty {
      var providerKeys = diagrams.cacheKeys(for: requests.map(\.request), links: .site)
      if providerKeys.count != requests.count { providerKeys = Array(repeating: nil, count: requests.count) }
      drawn = []
      for (request, providerKey) in zip(requests, providerKeys) {
        let key = key(request.app, request.request.subject, providerKey)
        if let (svg, hash) = cache.reused(key) {
          kept.append((request.app, request.request, key, svg, hash))
        } else {
          drawn.append(request)
        }
      }
    }

    let drawing = Drawing(start: drawn, provider: diagrams, key: key, scheduler: scheduler)
    meanwhile()
    var refused: [(app: Int, request: DiagramRequest)] = []
    for entry in kept {
      // Its texts as this build has them (counts, tooltips): the key leaves them out.
      let svg = diagrams.refreshed(entry.svg, for: entry.request, links: .site)
      guard accepts(entry.app, svg) else {
        refused.append((entry.app, entry.request))
        continue
      }
      scheduler.deliver(
        app: entry.app, subject: entry.request.subject, svg: svg, key: entry.key,
        reused: svg == entry.svg ? entry.hash : nil)
    }
    try drawing.wait()
    if !refused.isEmpty {
      try Drawing(start: refused, provider: diagrams, key: key, scheduler: scheduler).wait()
    }
    return kept.count - refused.count
  }

  /// A rough measure of how long a diagram takes to lay out, to start the slowest first so
  /// that the last layouts to finish are short ones.
  static func cost(_ request: DiagramRequest) -> Int {
    let app = request.app
    switch request.subject {
    case .appMap: return app.screens.count * 4 + app.transitions.count
    case .hierarchy: return app.coordinators.count
    case .flow(let coordinator): return (app.flow(coordinator)?.screens.count ?? 0) * 4
    case .journey(let run): return min(app.run(slug: run)?.stepCount ?? 0, 300) * 2
    }
  }
}

/// Diagrams being drawn on a thread of their own, costliest first, each delivered to the
/// scheduler as soon as it is drawn.
private final class Drawing: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let failure = Lock<(any Error)?>(nil)

  init(
    start requests: [(app: Int, request: DiagramRequest)], provider: any DiagramProvider,
    key: @escaping SiteBuilder.CacheKey, scheduler: PageScheduler
  ) {
    guard !requests.isEmpty else {
      done.signal()
      return
    }
    let costs = requests.map { SiteBuilder.cost($0.request) }
    let ordered = requests.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
      .map { requests[$0] }
    // A plain thread, not the Swift concurrency pool or Dispatch's: it blocks for as long as
    // the layouts take.
    Thread { [self] in
      do {
        try provider.draw(ordered.map(\.request), links: .site) { index, drawn in
          let (app, subject) = (ordered[index].app, ordered[index].request.subject)
          scheduler.deliver(
            app: app, subject: subject, svg: drawn.svg, key: key(app, subject, drawn.cacheKey))
        }
      } catch {
        failure.withLock { $0 = error }
      }
      done.signal()
    }.start()
  }

  /// Waits until every diagram is drawn.
  /// - Throws: the provider's error.
  func wait() throws {
    done.wait()
    if let error = failure.withLock({ $0 }) { throw error }
  }
}
