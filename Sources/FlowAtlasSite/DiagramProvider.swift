import FlowAtlasModel

/// Draws the diagrams the site inlines. The site never imports Graphviz: the command
/// line passes the renderer in through this protocol, and tests pass a fake.
public protocol DiagramProvider: Sendable {
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

  /// What else, beyond the app model, decides the SVG this provider draws (its version, its
  /// options). The site reuses an app's diagrams from the previous build when the app model,
  /// the subjects and this text are all unchanged. The default is the type's name.
  var cacheIdentity: String { get }
}

extension DiagramProvider {
  public var cacheIdentity: String { String(reflecting: Self.self) }
}
