import FlowAtlasModel

/// Builds and draws diagrams, falling back to a cheaper drawing when Graphviz
/// fails or runs past the deadline, and saying so in the diagram.
///
/// The fallback: the app map becomes coordinator-level; other diagrams lose
/// their clusters and edge labels. If that fails too, the diagram is replaced
/// by a box saying it could not be drawn and why; only if even that cannot be
/// drawn is the error thrown.
public struct DiagramRenderer: Sendable {
  public var engine: RenderEngine
  public var options: DiagramOptions

  /// - Parameters:
  ///   - engine: Where layouts run; pass `.pool(...)` for deadlines and parallelism.
  ///   - options: What the diagrams show.
  public init(engine: RenderEngine = .inProcess, options: DiagramOptions = DiagramOptions()) {
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
  public func render(
    _ subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks = .none, format: OutputFormat
  ) throws(RenderError) -> [RenderedDiagram] {
    var diagrams: [Diagram] = []
    for subject in subjects {
      diagrams.append(try DiagramBuilder.diagram(for: subject, of: app, links: links, options: options))
    }
    return try draw(diagrams, format: format) { diagram, reason throws(RenderError) in
      try fallback(for: diagram, of: app, links: links, reason: reason)
    }
  }

  /// Inline-ready SVG for each subject, as the site embeds them.
  ///
  /// - Returns: SVG text starting at `<svg`, by subject.
  /// - Throws: As ``render(_:of:links:format:)``.
  public func svgs(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks = .none)
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
  public func legend(format: OutputFormat, idPrefix: String = "flowatlas") throws(RenderError)
    -> RenderedDiagram
  {
    try draw([DiagramBuilder.legend(idPrefix: idPrefix)], format: format) { _, reason throws(RenderError) in
      throw reason
    }[0]
  }

  /// Inline-ready SVG for each subject, with the engine and options given.
  ///
  /// - Throws: As ``render(_:of:links:format:)``.
  public static func svgs(
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
    case .timedOut(let seconds): why = "the full layout took longer than \(Int(seconds.rounded())) s"
    default: why = "Graphviz could not lay out the full diagram"
    }
    let shape = subject == .appMap ? "coordinator-level map" : "drawing without groups or edge labels"
    return try DiagramBuilder.diagram(for: subject, of: app, links: links, options: simpler)
      .adding(note: "Simplified \(shape): \(why).")
  }

  private func draw(
    _ diagrams: [Diagram], format: OutputFormat,
    fallback: (Diagram, RenderError) throws(RenderError) -> Diagram
  ) throws(RenderError) -> [RenderedDiagram] {
    guard format.needsLayout else {
      return diagrams.map { diagram in
        rendered(diagram, format: format, bytes: Array((format == .dot ? diagram.dot : diagram.mermaid).utf8))
      }
    }
    let results = engine.render(diagrams.map { RenderJob(dot: $0.dot, format: format) })
    var output: [RenderedDiagram?] = Array(repeating: nil, count: diagrams.count)
    var retries: [(index: Int, diagram: Diagram, reason: RenderError)] = []
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let bytes): output[index] = rendered(diagrams[index], format: format, bytes: bytes)
      case .failure(let reason):
        retries.append((index, try fallback(diagrams[index], reason), reason))
      }
    }
    let retried = engine.render(retries.map { RenderJob(dot: $0.diagram.dot, format: format) })
    var placeholders: [(index: Int, diagram: Diagram, reason: RenderError)] = []
    for (retry, result) in zip(retries, retried) {
      switch result {
      case .success(let bytes):
        output[retry.index] = rendered(retry.diagram, format: format, bytes: bytes, reason: retry.reason)
      case .failure(let reason):
        // Last resort: a box that says the diagram could not be drawn, so a
        // site still gets a page, never a multi-minute wait.
        placeholders.append(
          (retry.index, DiagramBuilder.placeholder(replacing: retry.diagram, reason: reason), reason))
      }
    }
    let drawn = engine.render(placeholders.map { RenderJob(dot: $0.diagram.dot, format: format) })
    for (placeholder, result) in zip(placeholders, drawn) {
      let bytes = try result.get()
      output[placeholder.index] = rendered(
        placeholder.diagram, format: format, bytes: bytes, reason: placeholder.reason)
    }
    return output.map { $0! }
  }

  private func rendered(_ diagram: Diagram, format: OutputFormat, bytes: [UInt8], reason: RenderError? = nil)
    -> RenderedDiagram
  {
    RenderedDiagram(
      subject: diagram.subject, id: diagram.id, format: format,
      bytes: format == .svg ? SVGText.inlineReady(bytes) : bytes,
      isCoordinatorLevel: diagram.isCoordinatorLevel, isSimplified: diagram.isSimplified,
      caption: diagram.caption, fallbackReason: reason)
  }
}
