/// Choices for a site build that are not part of the model.
package struct SiteOptions: Hashable, Sendable {
  /// Shown in the header and in every page title.
  package var title: String
  /// Build on the previous site in the output folder: leave it as it is when nothing it was
  /// built from changed, and reuse the diagrams of each app whose model and provider are
  /// unchanged (see ``DiagramProvider/cacheIdentity``); the diagrams are kept for that in the
  /// site's `.flowatlas-cache/` folder. False rebuilds everything and keeps no diagram cache
  /// (a smaller folder, e.g. for a site committed to a repository).
  package var incremental: Bool

  /// - Parameters:
  ///   - title: the site's name, "FlowAtlas" by default.
  ///   - incremental: build on the previous site where nothing changed; true by default.
  package init(title: String = "FlowAtlas", incremental: Bool = true) {
    self.title = title
    self.incremental = incremental
  }
}
