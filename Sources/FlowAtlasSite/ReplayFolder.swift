import FlowAtlasBuild
import FlowAtlasModel
import Foundation

/// The site's copy of a ``ReplayCache``: one file per replayed trace in
/// `.flowatlas-cache/runs/`, named by its key, so that the next build replays only the traces
/// that changed. Only the entries this build's model came from are kept, so the folder does not
/// grow with traces since removed.
enum ReplayFolder {
  static let directory = "\(SiteManifest.ownFolder)/runs"

  /// Writes `entries` into the new site: the previous site's files as hard links, new ones
  /// from their bytes.
  static func write(_ entries: [String: ReplayCache.Entry], into staging: OutputFolder.Staging)
    throws(SiteError)
  {
    for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
      // Keys are hex; anything else did not come from the cache and has no place here.
      guard !key.isEmpty, key.allSatisfy(\.isHexDigit) else { continue }
      let path = "\(directory)/\(key)"
      switch entry {
      case .made(let bytes):
        try staging.write(path, bytes)
      case .kept(let original), .written(let original):
        try staging.place(path, linking: original)
      }
    }
  }
}
