import FlowAtlasBuild
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
  /// build can have drawn (`drawingNew`), so that Graphviz lays them out while the pages are
  /// prepared, the keys made and `meanwhile` runs; a rebuild after one more run is mostly such
  /// work, and would otherwise keep the workers waiting for it. The diagrams whose keys changed
  /// follow, on the workers the first ones leave free. A cached drawing the sanitizer refuses
  /// (the cache was tampered with) is drawn again with them, rather than failing this build and
  /// every later one; it is checked where it is read, on the provider's threads.
  ///
  /// - Parameters:
  ///   - drawingNew: the drawing of the diagrams no previous build can have drawn (the journeys
  ///     of new runs, every diagram of a new app; ``newDiagrams(of:previous:folders:)``), started
  ///     before the pages were prepared; `requests` does not hold them.
  ///   - accepts: whether the app (by number) takes an SVG; called from any thread.
  ///   - meanwhile: work for this thread while the drawing goes on.
  /// - Returns: how many diagrams were kept.
  /// - Throws: the provider's error; every drawing started has then been delivered or dropped.
  func deliverDiagrams(
    _ requests: [(app: Int, request: DiagramRequest)], drawingNew: Drawing, cache: DiagramCache?,
    key: @escaping CacheKey, scheduler: PageScheduler, accepts: @escaping @Sendable (Int, [UInt8]) -> Bool,
    meanwhile: () -> Void
  ) throws -> Int {
    drawingNew.deliver(to: scheduler)
    // Keys are asked for only when there is a cache to reuse from, since making them costs the
    // provider (Graphviz: the DOT) work. Only a diagram whose key is unchanged is kept.
    guard let cache, !cache.previousIndex.isEmpty, !requests.isEmpty else {
      let drawing = Drawing(start: requests, provider: diagrams, key: key, scheduler: scheduler)
      meanwhile()
      let newDrawn = Result { try drawingNew.wait() }
      try drawing.wait()
      try newDrawn.get()
      return 0
    }
    let keyed = requests
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

  /// The diagrams of `model` no previous build can have drawn: every diagram of an app the
  /// previous site had no pages for, and the journeys of runs it had no page for. A diagram's ids
  /// name its app and its run, so no cached drawing is one of these. None without a previous site.
  static func newDiagrams(
    of model: NavigationModel, previous: PreviousSite?, folders: [String]
  ) -> [(app: Int, request: DiagramRequest)] {
    guard let previous else { return [] }
    var new: [(app: Int, request: DiagramRequest)] = []
    for (index, app) in model.apps.enumerated() {
      let had = { (page: String) in previous.wrote("\(folders[index])/\(page)") }
      let subjects = DiagramSubject.all(of: app).filter { subject in
        guard had(PageScheme.index) else { return true }
        guard case .journey(let slug) = subject, let run = app.run(slug: slug) else { return false }
        return !had(PageScheme.journeyPage(run.slug))
      }
      new += subjects.map { (index, DiagramRequest(app: app, subject: $0)) }
    }
    return new
  }
}

/// A diagram of one of the model's apps (by number).
struct AppDiagram: Hashable {
  var app: Int
  var subject: DiagramSubject
}

/// Diagrams being drawn on a thread of their own, costliest first, each delivered to the
/// scheduler as soon as it is drawn; drawn before the scheduler exists, kept until it is given.
final class Drawing: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let failure = Lock<(any Error)?>(nil)
  /// The scheduler, or the drawings made before it was given.
  private let target: Lock<Target>

  private enum Target {
    case scheduler(PageScheduler)
    case waiting([Drawn])
  }

  private typealias Drawn = (app: Int, subject: DiagramSubject, svg: [UInt8], key: String)

  /// - Parameter scheduler: where drawings go; nil to keep them until ``deliver(to:)``.
  init(
    start requests: [(app: Int, request: DiagramRequest)], provider: any DiagramProvider,
    key: @escaping SiteBuilder.CacheKey, scheduler: PageScheduler?
  ) {
    target = Lock(scheduler.map(Target.scheduler) ?? .waiting([]))
    guard !requests.isEmpty else {
      done.signal()
      return
    }
    let costs = requests.map { $0.request.subject.layoutCost(in: $0.request.app) }
    let ordered = requests.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
      .map { requests[$0] }
    // A plain thread, not the Swift concurrency pool or Dispatch's: it blocks for as long as
    // the layouts take.
    Thread { [self] in
      do {
        try provider.draw(ordered.map(\.request), links: .site) { index, drawn in
          let (app, subject) = (ordered[index].app, ordered[index].request.subject)
          let key = key(app, subject, drawn.cacheKey)
          let scheduler = target.withLock { target -> PageScheduler? in
            switch target {
            case .scheduler(let scheduler): return scheduler
            case .waiting(var kept):
              kept.append((app, subject, drawn.svg, key))
              target = .waiting(kept)
              return nil
            }
          }
          scheduler?.deliver(app: app, subject: subject, svg: drawn.svg, key: key)
        }
      } catch {
        failure.withLock { $0 = error }
      }
      done.signal()
    }.start()
  }

  /// Hands the drawings made so far to `scheduler`, and the next ones as they are made.
  func deliver(to scheduler: PageScheduler) {
    let kept = target.withLock { target -> [Drawn] in
      defer { target = .scheduler(scheduler) }
      guard case .waiting(let kept) = target else { return [] }
      return kept
    }
    for drawn in kept {
      scheduler.deliver(app: drawn.app, subject: drawn.subject, svg: drawn.svg, key: drawn.key)
    }
  }

  /// Waits until every diagram is drawn.
  /// - Throws: the provider's error.
  func wait() throws {
    done.wait()
    if let error = failure.withLock({ $0 }) { throw error }
  }
}
