/// Choices for a site build that are not part of the model.
public struct SiteOptions: Hashable, Sendable {
  /// Shown in the header and in every page title.
  public var title: String
  /// Reuse an app's diagrams from the previous build in the output folder when its model,
  /// subjects and provider are unchanged (see ``DiagramProvider/cacheIdentity``).
  public var reuseDiagrams: Bool

  /// - Parameters:
  ///   - title: the site's name, "FlowAtlas" by default.
  ///   - reuseDiagrams: reuse unchanged diagrams from the previous build; true by default.
  public init(title: String = "FlowAtlas", reuseDiagrams: Bool = true) {
    self.title = title
    self.reuseDiagrams = reuseDiagrams
  }
}
