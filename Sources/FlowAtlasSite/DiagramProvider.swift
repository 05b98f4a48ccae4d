import FlowAtlasModel

/// Draws the diagrams the site inlines. The site never imports Graphviz: the command
/// line passes the renderer in through this protocol, and tests pass a fake.
package protocol DiagramProvider: Sendable {
  /// Inline-ready SVG (no XML prolog) for each subject of `app`, nodes linking per `links`.
  ///
  /// A subject missing from the result is shown as "no diagram" rather than failing the build.
  /// - Parameters:
  ///   - subjects: the diagrams wanted, sorted.
  ///   - app: the app they belong to.
  ///   - links: where nodes link to (``DiagramLinks/site`` when the site asks).
  /// - Returns: SVG markup for each subject drawn.
  /// - Throws: any error; the build fails and the previous site stays in place.
  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]

  /// Draws every request, handing each SVG to `deliver` as soon as it is drawn, so that the
  /// site builds a diagram's page while the next diagrams are still being laid out.
  ///
  /// `deliver` may be called from any thread, several at once, in any order, at most once
  /// per request; a request never delivered is shown as "no diagram". The default draws app
  /// by app through ``diagrams(for:of:links:)``; a provider that draws in parallel should
  /// deliver as it goes.
  /// - Parameters:
  ///   - requests: what to draw, costliest first; several apps at once.
  ///   - links: where nodes link to.
  ///   - deliver: takes a request's index in `requests` and its drawing.
  /// - Throws: any error; the build fails and the previous site stays in place.
  func draw(
    _ requests: [DiagramRequest], links: DiagramLinks, deliver: @Sendable (Int, DrawnDiagram) -> Void
  ) throws

  /// For each request, a key naming everything its SVG is drawn from besides
  /// ``cacheIdentity`` (the Graphviz provider hashes the diagram's DOT), or nil where the
  /// provider cannot say; and, where `cached` has a drawing under that key, that drawing made
  /// what drawing the request afresh would give. A provider whose keys leave out texts that do
  /// not change the layout (Graphviz's: tooltips and counts) writes the request's texts in.
  ///
  /// A key must be the one ``draw(_:links:deliver:)`` delivers with the same diagram. The site
  /// asks only when a previous build left diagrams to reuse, and redraws a diagram only when its
  /// key changed. The default gives no keys: such diagrams are reused only while their whole
  /// app's model is unchanged.
  /// - Parameter cached: the drawing the previous build filed under a request's key (by the
  ///   request's index), or nil; may be called from any thread, several at once.
  func cacheKeys(
    for requests: [DiagramRequest], links: DiagramLinks,
    cached: @Sendable (_ index: Int, _ key: String) -> [UInt8]?
  ) -> [KeyedDiagram]

  /// What else, beyond what the cache keys name, decides the SVG this provider draws (its
  /// version, its options, the fonts it measures text with). The default is the type's name.
  var cacheIdentity: String { get }

  /// Whether a journey's diagram is drawn from its run, each screen's slug and owner, and each
  /// flow's slug alone (``JourneyKeys``), so that a rebuild may keep it, and its run's pages,
  /// while the rest of the app changes. The default, false, keeps them only while the whole
  /// app's model is unchanged.
  var drawsJourneysFromTheirRunAlone: Bool { get }

  /// The diagram of two versions of an app, with the changes marked, for its Changes page
  /// (`build --baseline`); nil, the default, draws none.
  /// - Parameters:
  ///   - old: The baseline's app.
  ///   - new: The app as the traces show it now.
  ///   - links: Where the new version's screens link (the site's pages; none in DocC).
  /// - Throws: any error; the build fails and the previous site stays in place.
  func changesDiagram(old: AppModel, new: AppModel, links: DiagramLinks) throws -> [UInt8]?
}

/// A diagram a provider drew: its SVG as UTF-8 (a megabyte of journey diagram is not worth
/// making a `String` of), and the key of what it was drawn from
/// (``DiagramProvider/cacheKeys(for:links:cached:)``).
package struct DrawnDiagram: Sendable {
  package var svg: [UInt8]
  package var cacheKey: String?

  package init(svg: [UInt8], cacheKey: String? = nil) {
    self.svg = svg
    self.cacheKey = cacheKey
  }
}

/// A request's key in the site's cache (``DiagramProvider/cacheKeys(for:links:cached:)``), and
/// the drawing the previous build filed under it, brought up to date, if there was one.
package struct KeyedDiagram: Sendable {
  package var key: String?
  package var kept: [UInt8]?

  package init(key: String?, kept: [UInt8]? = nil) {
    self.key = key
    self.kept = kept
  }
}

/// One diagram the site wants: a subject of an app.
package struct DiagramRequest: Sendable {
  package var app: AppModel
  package var subject: DiagramSubject

  package init(app: AppModel, subject: DiagramSubject) {
    self.app = app
    self.subject = subject
  }
}

extension DiagramProvider {
  package var cacheIdentity: String { String(reflecting: Self.self) }

  package var drawsJourneysFromTheirRunAlone: Bool { false }

  package func changesDiagram(old: AppModel, new: AppModel, links: DiagramLinks) throws -> [UInt8]? { nil }

  package func cacheKeys(
    for requests: [DiagramRequest], links: DiagramLinks, cached: @Sendable (Int, String) -> [UInt8]?
  ) -> [KeyedDiagram] {
    Array(repeating: KeyedDiagram(key: nil), count: requests.count)
  }

  package func draw(
    _ requests: [DiagramRequest], links: DiagramLinks, deliver: @Sendable (Int, DrawnDiagram) -> Void
  ) throws {
    // Group by app, keeping the apps in the order they first appear.
    var order: [String] = []
    var byApp: [String: [(index: Int, request: DiagramRequest)]] = [:]
    for (index, request) in requests.enumerated() {
      if byApp[request.app.name] == nil { order.append(request.app.name) }
      byApp[request.app.name, default: []].append((index, request))
    }
    for name in order {
      let group = byApp[name]!
      let svgs = try diagrams(
        for: group.map(\.request.subject).sorted(), of: group[0].request.app, links: links)
      for (index, request) in group {
        if let svg = svgs[request.subject] { deliver(index, DrawnDiagram(svg: Array(svg.utf8))) }
      }
    }
  }
}
