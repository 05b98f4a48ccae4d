import FlowAtlasLock
import FlowAtlasModel
import Foundation

extension SiteBuilder {
  /// A diagram's key in the site's cache, from the app it belongs to, its subject and the key
  /// its provider gives it (``DiagramProvider/cacheKeys(for:links:cached:)``).
  typealias CacheKey = @Sendable (_ app: Int, _ subject: DiagramSubject, _ providerKey: String?) -> String

  /// Hands every requested diagram to `scheduler`: one whose key the previous build cached is
  /// kept, given this build's texts by the provider as it makes the keys; the others are drawn.
  ///
  /// Drawing starts before anything else, on a thread of its own, with the diagrams no previous
  /// build can have drawn (`isNew`: the journeys of new runs), so that Graphviz lays them out
  /// while the keys are made and `meanwhile` runs; a rebuild after one more run is mostly such
  /// work, and would otherwise keep the workers waiting for it. The diagrams whose keys changed
  /// follow, on the workers the first ones leave free. A cached drawing the sanitizer refuses
  /// (the cache was tampered with) is drawn again with them, rather than failing this build and
  /// every later one; it is checked where it is read, on the provider's threads.
  ///
  /// - Parameters:
  ///   - isNew: whether a request (app number, subject) is certainly not in the cache: drawn
  ///     at once, without a key asked for.
  ///   - accepts: whether the app (by number) takes an SVG; called from any thread.
  ///   - meanwhile: work for this thread while the drawing goes on.
  /// - Returns: how many diagrams were kept.
  /// - Throws: the provider's error; every drawing started has then been delivered or dropped.
  func deliverDiagrams(
    _ requests: [(app: Int, request: DiagramRequest)], cache: DiagramCache?, key: @escaping CacheKey,
    isNew: (Int, DiagramSubject) -> Bool, scheduler: PageScheduler,
    accepts: @escaping @Sendable (Int, [UInt8]) -> Bool, meanwhile: () -> Void
  ) throws -> Int {
    // Keys are asked for only when there is a cache to reuse from, since making them costs the
    // provider (Graphviz: the DOT) work. Only a diagram whose key is unchanged is kept.
    guard let cache, !cache.previousIndex.isEmpty, !requests.isEmpty else {
      let drawing = Drawing(start: requests, provider: diagrams, key: key, scheduler: scheduler)
      meanwhile()
      try drawing.wait()
      return 0
    }
    let first = requests.filter { isNew($0.app, $0.request.subject) }
    let keyed = requests.filter { !isNew($0.app, $0.request.subject) }
    let drawingNew = Drawing(start: first, provider: diagrams, key: key, scheduler: scheduler)
    // The cache entry under `key` that `app` takes: its bytes as filed and their hash.
    let reused = { @Sendable (app: Int, key: String) -> (key: String, svg: [UInt8], hash: String)? in
      guard let (svg, hash) = cache.reused(key), accepts(app, svg) else { return nil }
      return (key, svg, hash)
    }
    // The entries the provider kept, by request.
    let filed = Lock<[Int: (key: String, svg: [UInt8], hash: String)]>([:])
    var keys = diagrams.cacheKeys(for: keyed.map(\.request), links: .site) { index, providerKey in
      guard
        let entry = reused(keyed[index].app, key(keyed[index].app, keyed[index].request.subject, providerKey))
      else { return nil }
      filed.withLock { $0[index] = entry }
      return entry.svg
    }
    if keys.count != keyed.count { keys = Array(repeating: KeyedDiagram(key: nil), count: keyed.count) }
    var entries = filed.withLock { $0 }
    var kept: [(index: Int, svg: [UInt8])] = []
    var drawn: [(app: Int, request: DiagramRequest)] = []
    for (index, keyedDiagram) in keys.enumerated() {
      let (app, subject) = (keyed[index].app, keyed[index].request.subject)
      if let svg = keyedDiagram.kept, entries[index] != nil {
        kept.append((index, svg))
      } else if keyedDiagram.key == nil, let entry = reused(app, key(app, subject, nil)) {
        // No key from the provider: filed under the app's model, kept as it was drawn.
        entries[index] = entry
        kept.append((index, entry.svg))
      } else {
        drawn.append(keyed[index])
      }
    }
    let drawingChanged = Drawing(start: drawn, provider: diagrams, key: key, scheduler: scheduler)
    meanwhile()
    for (index, svg) in kept {
      let entry = entries[index]!
      scheduler.deliver(
        app: keyed[index].app, subject: keyed[index].request.subject, svg: svg, key: entry.key,
        reused: svg == entry.svg ? entry.hash : nil)
    }
    // Both waited for, whichever fails: nothing is delivered after this returns.
    let newDrawn = Result { try drawingNew.wait() }
    try drawingChanged.wait()
    try newDrawn.get()
    return kept.count
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
