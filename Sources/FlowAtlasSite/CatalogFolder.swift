import FlowAtlasBytes
import FlowAtlasModel
import Foundation

/// The folder of a DocC catalog (`flowatlas docc`), written the way the site is: staged beside
/// `output` and exchanged with it in one step, refused if another tool (or `flowatlas build`)
/// made it, the person's own files in it carried over, and only what FlowAtlas wrote ever deleted.
package enum CatalogFolder {
  /// Replaces what a previous run wrote in `output` with `files`.
  ///
  /// - Parameters:
  ///   - files: each file's path relative to `output` (plain names, no `..`) and its bytes.
  ///   - offered: files written only when `output` has none at their path, and then left to the
  ///     person (the manifest does not list them, so no later run replaces or deletes them).
  ///   - output: the folder; it must be new, empty, or a catalog FlowAtlas wrote.
  ///   - fingerprint: what the files were made from, recorded in the manifest.
  /// - Throws: ``SiteError``; `output` is then as it was.
  package static func write(
    _ files: [(path: String, bytes: [UInt8])], offering offered: [(path: String, bytes: [UInt8])] = [],
    to output: URL, fingerprint: String
  ) throws(SiteError) {
    SiteBuilder.tidy(output)
    let previous = try OutputFolder.check(output, kind: .catalog)
    var paths: Set<String> = []
    for file in files + offered {
      guard SiteManifest.isSitePath(file.path) else {
        throw .invalidModel(reason: "“\(file.path)” is not a path inside the folder")
      }
      guard paths.insert(file.path).inserted else {
        throw .invalidModel(reason: "two files of the catalog are both named “\(file.path)”")
      }
    }
    let staging = try OutputFolder.Staging(replacing: output, kind: .catalog)
    do {
      for file in files { try staging.write(file.path, file.bytes) }
      for file in offered {
        // Whatever is there, even a dangling symlink, is the person's: carried below.
        var info = stat()
        guard lstat(staging.output.appendingPathComponent(file.path).path, &info) != 0 else { continue }
        try staging.write(file.path, file.bytes, owned: false)
      }
      if let previous { try staging.carry(from: staging.output, manifest: previous) }
      try staging.commit(fingerprint: fingerprint)
    } catch {
      staging.discard()
      throw error
    }
  }

  /// Each app's folder name in the site, which other outputs use too: its slug, made unique.
  package static func appSlugs(_ apps: [AppModel]) throws(SiteError) -> [String] {
    try SiteBuilder.folders(for: apps)
  }
}
