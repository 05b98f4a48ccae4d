import FlowAtlasBuild
import Foundation

/// A folder beside a site's output for what a build makes before it writes the site: the
/// replays a `ReplayCache` (FlowAtlasBuild) files while the model is built, so that they are on
/// disk, not in memory, and the site takes them as hard links.
///
/// It is a staging folder of its own (with its lock), so a build killed before ``remove()``
/// leaves it for the next build's tidying to remove, and no other build touches it meanwhile.
package final class ScratchFolder: Sendable {
  package let url: URL
  private let staging: OutputFolder.Staging

  /// Creates the folder next to `output` (and `output`'s parent, if needed).
  /// - Throws: ``SiteError/writeFailed(path:reason:)`` naming `output`.
  package init(beside output: URL) throws(SiteError) {
    staging = try OutputFolder.Staging(replacing: output)
    url = staging.folder
  }

  /// Removes the folder and what is in it (the site keeps its own links to those files).
  package func remove() {
    staging.discard()
  }
}
