import Dispatch
import FlowAtlasLock
import FlowAtlasModel

/// Builds and draws diagrams, falling back to a cheaper drawing when the diagram is too large
/// for Graphviz (``admits(_:)``) or Graphviz refuses it, and saying so in the diagram.
///
/// The fallback: the app map becomes coordinator-level; other diagrams lose
/// their clusters and edge labels. If that is too large or fails too, the diagram is replaced
/// by a box saying it could not be drawn and why. Every step is decided by the diagram alone
/// (its size, and what Graphviz answers about its DOT), so the same traces give the same bytes
/// on any machine, idle or loaded; what the machine decides (a layout past the pool's deadline,
/// a worker that crashed) is thrown as an error, never drawn or cached as if it were the diagram.
package struct DiagramRenderer: Sendable {
  package var engine: RenderEngine
  package var options: DiagramOptions

  /// - Parameters:
  ///   - engine: Where layouts run; pass `.pool(...)` for deadlines and parallelism.
  ///   - options: What the diagrams show.
  package init(engine: RenderEngine = .inProcess, options: DiagramOptions = DiagramOptions()) {
    self.engine = engine
    self.options = options
  }

  /// Draws `subjects` of `app` as `format`, in parallel when the engine is a pool.
  ///
  /// - Parameters:
  ///   - subjects: The diagrams to draw.
  ///   - app: The app's model.
  ///   - links: Where nodes link to (unsafe links are dropped).
  ///   - format: Any ``OutputFormat``; `.dot` and `.mermaid` need no Graphviz.
  /// - Returns: One diagram per subject, in order.
  /// - Throws: ``RenderError`` for an unknown flow or run, or when even the fallback drawing fails.
  package func render(
    _ subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks = .none, format: OutputFormat
  ) throws(RenderError) -> [RenderedDiagram] {
    let results = Lock<[Result<RenderedDiagram, RenderError>?]>(Array(repeating: nil, count: subjects.count))
    render(subjects.map { (app, $0) }, links: links, format: format) { index, result in
      results.withLock { $0[index] = result }
    }
    var diagrams: [RenderedDiagram] = []
    for result in results.withLock({ $0 }) { diagrams.append(try result!.get()) }
    return diagrams
  }

  /// Draws every request and hands each diagram to `deliver` as soon as it is drawn, from the
  /// engine's threads (several at once for a pool), so that the caller can use the first
  /// diagrams while Graphviz still lays out the rest.
  ///
  /// Each request is built, drawn and, when Graphviz fails, drawn again simpler (see the
  /// type's fallback chain) on one thread; the order of `requests` is the order work starts in.
  ///
  /// - Parameters:
  ///   - requests: What to draw: an app and one of its subjects, any number of apps.
  ///   - links: Where nodes link to (unsafe links are dropped).
  ///   - format: Any ``OutputFormat``.
  ///   - deliver: Called once per request with its index in `requests` and the diagram, or
  ///     the ``RenderError`` that even the fallback could not avoid.
  package func render(
    _ requests: [(app: AppModel, subject: DiagramSubject)], links: DiagramLinks, format: OutputFormat,
    deliver: @Sendable (Int, Result<RenderedDiagram, RenderError>) -> Void
  ) {
    let indexes = DiagramBuilder.AppIndexes()
    guard format.needsLayout else {
      for (index, request) in requests.enumerated() {
        deliver(
          index,
          Result { () throws(RenderError) in
            textual(
              try DiagramBuilder.diagram(
                for: request.subject, of: request.app, links: links, options: options,
                index: indexes.index(of: request.app)),
              format: format)
          })
      }
      return
    }
    engine.forEach(requests.count) { index, draw in
      let request = requests[index]
      deliver(
        index,
        Result { () throws(RenderError) in
          let diagram = try DiagramBuilder.diagram(
            for: request.subject, of: request.app, links: links, options: options,
            index: indexes.index(of: request.app))
          return try drawn(diagram, format: format, draw: draw) { reason throws(RenderError) in
            try fallback(for: diagram, of: request.app, links: links, reason: reason)
          }
        })
    }
  }

  /// Inline-ready SVG for each subject, as the site embeds them.
  ///
  /// - Returns: SVG text starting at `<svg`, by subject.
  /// - Throws: As ``render(_:of:links:format:)``.
  package func svgs(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks = .none)
    throws(RenderError) -> [DiagramSubject: String]
  {
    var result: [DiagramSubject: String] = [:]
    for diagram in try render(subjects, of: app, links: links, format: .svg) {
      if let subject = diagram.subject { result[subject] = diagram.text }
    }
    return result
  }

  /// The legend explaining the styles.
  ///
  /// - Parameters:
  ///   - format: Any ``OutputFormat``.
  ///   - idPrefix: Prefix for its SVG id, to keep ids unique on a page.
  /// - Throws: ``RenderError`` when Graphviz fails.
  package func legend(format: OutputFormat, idPrefix: String = "flowatlas") throws(RenderError)
    -> RenderedDiagram
  {
    let legend = DiagramBuilder.legend(idPrefix: idPrefix)
    guard format.needsLayout else { return textual(legend, format: format) }
    let bytes = try engine.render([RenderJob(dotBytes: legend.dotBytes, format: format)])[0].get()
    return rendered(legend, format: format, bytes: bytes, source: legend.dotBytes)
  }

  /// The diagram of two versions of an app (``DiagramBuilder/diff(old:new:edgeLabels:onlyChanges:limit:)``),
  /// drawn again without edge labels when Graphviz refuses it, and as a box saying why when it
  /// is too large (``admits(_:)``) or that fails too.
  ///
  /// - Parameters:
  ///   - old: The version before.
  ///   - new: The version after.
  ///   - format: Any ``OutputFormat``.
  ///   - links: Where the new version's screens link (the site's Changes page); none by default.
  /// - Throws: ``RenderError`` when the machine stops a layout, or even the box cannot be drawn.
  package func diff(old: AppModel, new: AppModel, format: OutputFormat, links: DiagramLinks = .none)
    throws(RenderError) -> RenderedDiagram
  {
    let diagram = DiagramBuilder.diff(old: old, new: new, links: links).diagram
    guard format.needsLayout else { return textual(diagram, format: format) }
    // As ``drawn(_:format:draw:fallback:)``: decided by the diagram's size and Graphviz's answers.
    func layout(_ diagram: Diagram) throws(RenderError) -> Result<[UInt8], RenderError> {
      let result = engine.render([RenderJob(dotBytes: diagram.dotBytes, format: format)])[0]
      if case .failure(let error) = result, !error.isGraphvizsAnswer { throw error }
      return result
    }
    let reason: RenderError
    if Self.admits(diagram.layoutSize) {
      switch try layout(diagram) {
      case .success(let bytes):
        return rendered(diagram, format: format, bytes: bytes, source: diagram.dotBytes)
      case .failure(let error): reason = error
      }
    } else {
      reason = .tooLarge(diagram.layoutSize)
    }
    let simpler = DiagramBuilder.diff(old: old, new: new, links: links, edgeLabels: false).diagram.adding(
      note: "Drawn without edge labels: Graphviz could not lay out the full drawing.")
    if Self.admits(simpler.layoutSize), case .success(let bytes) = try layout(simpler) {
      return rendered(simpler, format: format, bytes: bytes, source: simpler.dotBytes)
    }
    let placeholder = DiagramBuilder.placeholder(replacing: diagram, reason: reason)
    let bytes = try layout(placeholder).get()
    return rendered(placeholder, format: format, bytes: bytes, source: diagram.dotBytes, reason: reason)
  }

  /// Inline-ready SVG for each subject, with the engine and options given.
  ///
  /// - Throws: As ``render(_:of:links:format:)``.
  package static func svgs(
    for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks,
    options: DiagramOptions = DiagramOptions(), engine: RenderEngine = .inProcess
  ) throws(RenderError) -> [DiagramSubject: String] {
    try DiagramRenderer(engine: engine, options: options).svgs(for: subjects, of: app, links: links)
  }

  /// The cheaper drawing of `diagram`, with a caption saying why.
  private func fallback(for diagram: Diagram, of app: AppModel, links: DiagramLinks, reason: RenderError)
    throws(RenderError) -> Diagram
  {
    guard let subject = diagram.subject else { throw reason }
    var simpler = options
    simpler.clusters = false
    simpler.edgeLabels = false
    if subject == .appMap { simpler.appMapLevel = .coordinators }
    let why: String
    switch reason {
    case .tooLarge: why = "the full diagram is larger than Graphviz lays out in bounded time"
    default: why = "Graphviz could not lay out the full diagram"
    }
    let shape = subject == .appMap ? "coordinator-level map" : "drawing without groups or edge labels"
    return try DiagramBuilder.diagram(
      for: subject, of: app, links: links, options: simpler
    )
    .adding(note: "Simplified \(shape): \(why).")
  }

  /// The most boxes (nodes) a diagram may have for Graphviz to be asked to lay it out: a star or
  /// a chain of them takes under half a second, 4,000 a few seconds.
  package static let maximumLayoutNodes = 1_500
  /// The most lines (edges) likewise: two rows of 1,500 boxes and 3,000 lines take 3 s.
  package static let maximumLayoutEdges = 3_000
  /// The most rows that lines cross without ending there (``DiagramLayoutSize/crossings``):
  /// what `dot`'s time grows with. Random flows with this many took under a second here, with
  /// twice as many 4 s, with 9,000 20 s, with 50,000 over two minutes and, with the
  /// system's 8 MB stack, a crash (BENCHMARKS.md, `flowatlas-bench limits`).
  package static let maximumLayoutCrossings = 2_000

  /// Whether the DOT of a diagram of `size` caps `dot`'s network simplex (`nslimit`,
  /// `nslimit1`): past a thousand boxes, lines or crossings, where an uncapped layout could
  /// take minutes on one release and seconds on another. Smaller diagrams are laid out as `dot`
  /// lays them out by default.
  package static func capsLayoutWork(_ size: DiagramLayoutSize) -> Bool {
    size.boxes > 1_000 || size.lines > 1_000 || size.crossings > 1_000
  }

  /// Whether Graphviz is asked to lay out a diagram of `size`: decided by the size alone, so
  /// that a diagram is drawn, or not, the same way on every machine.
  package static func admits(_ size: DiagramLayoutSize) -> Bool {
    size.boxes <= maximumLayoutNodes && size.lines <= maximumLayoutEdges
      && size.crossings <= maximumLayoutCrossings
  }

  /// `diagram` drawn; when it is too large (``admits(_:)``) or Graphviz refuses it, the
  /// `fallback` drawing, if that is admitted; else a box saying the diagram is not drawn and
  /// why. A layout that the machine stops (the pool's deadline, a crash) is thrown: it says
  /// nothing about the diagram, and a box made of it would differ between machines.
  private func drawn(
    _ diagram: Diagram, format: OutputFormat, draw: RenderEngine.Draw,
    fallback: (RenderError) throws(RenderError) -> Diagram
  ) throws(RenderError) -> RenderedDiagram {
    // SVG is laid out from the DOT with its texts masked and given them after (``LayoutTexts``);
    // other formats, drawn once and never cached, from the DOT as it is.
    func dot(_ diagram: Diagram) -> [UInt8] { format == .svg ? diagram.layoutDOTBytes : diagram.dotBytes }
    // Graphviz's own refusal is returned, to fall back from; the machine's is thrown.
    func layout(dot dotBytes: [UInt8]) throws(RenderError) -> Result<[UInt8], RenderError> {
      let result = draw(RenderJob(dotBytes: dotBytes, format: format))
      if case .failure(let error) = result, !error.isGraphvizsAnswer { throw error }
      return result
    }
    func layout(_ diagram: Diagram) throws(RenderError) -> Result<[UInt8], RenderError> {
      try layout(dot: dot(diagram))
    }
    // What decides the drawing, for a cache to file it under; and what is laid out first, written
    // once (a big diagram's DOT is megabytes).
    let source = dot(diagram)
    func rendered(_ drawn: Diagram, _ bytes: [UInt8], _ reason: RenderError?) -> RenderedDiagram {
      self.rendered(
        drawn, format: format, bytes: format == .svg ? drawn.filling(bytes) : bytes, source: source,
        reason: reason)
    }
    func placeholder(_ replaced: Diagram, _ reason: RenderError) throws(RenderError) -> RenderedDiagram {
      let placeholder = DiagramBuilder.placeholder(replacing: replaced, reason: reason)
      return rendered(placeholder, try layout(placeholder).get(), reason)
    }
    let size = diagram.layoutSize
    let reason: RenderError
    if !Self.admits(size) {
      reason = .tooLarge(size)
    } else {
      switch try layout(dot: source) {
      case .success(let bytes):
        if let wrapped = try wrapped(diagram, drawn: bytes, format: format, draw: draw, drawing: layout) {
          return rendered(wrapped.diagram, wrapped.bytes, nil)
        }
        return rendered(diagram, bytes, nil)
      case .failure(let error): reason = error
      }
    }
    let simpler = try fallback(reason)
    guard Self.admits(simpler.layoutSize) else { return try placeholder(diagram, reason) }
    switch try layout(simpler) {
    case .success(let bytes): return rendered(simpler, bytes, reason)
    case .failure(let error): return try placeholder(simpler, error)
    }
  }

  /// Layouts wider than this many times their height are laid out again another way; a layout
  /// whose longer side is within this many times its shorter reads at a sensible aspect ratio.
  static let wideAspect = 2.5
  /// A layout that fits the column reads while at most this many times taller than wide.
  static let tallestInColumn = 4.0
  /// A content column of 1,280 CSS pixels, in points.
  static let columnWidth = 960.0

  /// A layout too wide for a 1,280-pixel column (960 pt) and more than 2.5 times wider than tall
  /// (`drawn`, in `format`), laid out again the ways that wrap it: turned to the other
  /// direction, its fans of more than 6 staggered over rows (the idea of Graphviz's
  /// `unflatten`), and both, over 3 rows and over as many as the widest fan asks
  /// (``staggerRanks(forFan:)``). What reads best wins (``WrapScore``): one that fits the column
  /// and is not a very tall strip, the least tall of those; else one of a sensible aspect ratio, the
  /// smallest; else the least lopsided. Nil when the first layout is still the best. Decided by
  /// the layouts' sizes alone, so the same DOT always gives the same choice; only such diagrams
  /// pay for more layouts, and they stop at the first that fits the column.
  private func wrapped(
    _ diagram: Diagram, drawn bytes: [UInt8], format: OutputFormat, draw: RenderEngine.Draw,
    drawing: (Diagram) throws(RenderError) -> Result<[UInt8], RenderError>
  ) throws(RenderError) -> (diagram: Diagram, bytes: [UInt8])? {
    // Sizes are read from SVG; a diagram drawn in another format is measured as SVG too.
    func size(_ diagram: Diagram, _ bytes: [UInt8]) throws(RenderError) -> (width: Double, height: Double)? {
      if format == .svg { return SVGText.size(of: bytes) }
      switch draw(RenderJob(dotBytes: diagram.dotBytes, format: .svg)) {
      case .success(let svg): return SVGText.size(of: svg)
      case .failure(let error) where error.isGraphvizsAnswer: return nil
      case .failure(let error): throw error
      }
    }
    guard let plain = try size(diagram, bytes), plain.height > 0, plain.width > Self.columnWidth,
      plain.width / plain.height > Self.wideAspect
    else { return nil }
    let fan = diagram.graph.widestFan
    let many = Self.staggerRanks(forFan: fan)
    var best: (diagram: Diagram, bytes: [UInt8], score: WrapScore)?
    for way in Self.wrapWays {
      let candidate = { () -> Diagram? in
        let turned = way.turned ? diagram.turned() : diagram
        guard let ranks = way.ranks else { return turned }
        return turned.staggered(ranks: ranks == 0 ? many : ranks)
      }
      if let best, best.score.fitsColumn { break }  // it fits: no need to try more
      // A way that Graphviz refuses, or that is too large for it, is passed over on every machine.
      guard let candidate = candidate(), Self.admits(candidate.layoutSize),
        case .success(let other) = try drawing(candidate),
        let measured = try size(candidate, other), measured.width > 0, measured.height > 0
      else { continue }
      let score = WrapScore(width: measured.width, height: measured.height)
      if score < best?.score ?? WrapScore(width: plain.width, height: plain.height) {
        best = (candidate, other, score)
      }
    }
    return best.map { ($0.diagram, $0.bytes) }
  }

  /// The ways a strip is laid out again, in the order they are tried: turned or not, its fans
  /// staggered over that many rows (0: ``staggerRanks(forFan:)``) or not at all.
  static let wrapWays: [(turned: Bool, ranks: Int?)] = [(true, nil), (false, 3), (false, 0), (true, 0)]

  /// Over how many rows a fan of `fan` boxes is staggered when 3 are not enough: about the
  /// square root of the fan (a fan of 40 over 7 rows), between 4 and 10.
  static func staggerRanks(forFan fan: Int) -> Int {
    var ranks = 1
    while ranks * ranks < fan { ranks += 1 }
    return min(10, max(4, ranks))
  }

  /// How well a layout of `width` × `height` points reads on a page, lower is better: first one
  /// that fits the column (by its height; pages scroll down, but a strip more than 4 times taller
  /// than wide does not count), then one within 2.5 times either way (by its area), then any (by
  /// how lopsided it is).
  struct WrapScore: Comparable {
    let rank: Int
    let measure: Double

    init(width: Double, height: Double) {
      let lopsided = max(width / height, height / width)
      if width <= DiagramRenderer.columnWidth, height / width <= DiagramRenderer.tallestInColumn {
        (rank, measure) = (0, height)
      } else if lopsided <= DiagramRenderer.wideAspect {
        (rank, measure) = (1, width * height)
      } else {
        (rank, measure) = (2, lopsided)
      }
    }

    var fitsColumn: Bool { rank == 0 }

    static func < (left: WrapScore, right: WrapScore) -> Bool {
      (left.rank, left.measure) < (right.rank, right.measure)
    }
  }

  /// `diagram` as DOT or Mermaid text: no layout needed.
  private func textual(_ diagram: Diagram, format: OutputFormat) -> RenderedDiagram {
    let source = diagram.dotBytes
    return rendered(
      diagram, format: format, bytes: format == .dot ? source : Array(diagram.mermaid.utf8), source: source)
  }

  private func rendered(
    _ diagram: Diagram, format: OutputFormat, bytes: consuming [UInt8], source: [UInt8],
    reason: RenderError? = nil
  ) -> RenderedDiagram {
    RenderedDiagram(
      subject: diagram.subject, id: diagram.id, format: format,
      bytes: format == .svg ? SVGText.inlineReady(bytes) : bytes,
      isCoordinatorLevel: diagram.isCoordinatorLevel, isSimplified: diagram.isSimplified,
      caption: diagram.caption, fallbackReason: reason, source: source)
  }
}
