import FlowAtlasTestSupport
import Foundation

/// A fresh folder under the process's scratch folder, removed by `remove()` (or as the tests end).
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = try Scratch.folder("flowatlas-site-tests")
  }

  func remove() { try? FileManager.default.removeItem(at: url) }

  /// Every regular file below `folder`, relative path → bytes.
  static func contents(of folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return result }
    while let path = enumerator.nextObject() as? String {
      // Which inode and time each file has is this disk's business, not the site's bytes.
      if path == ".flowatlas-cache/identities" { continue }
      var isDirectory: ObjCBool = false
      let full = base + "/" + path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
        result[path] = try Data(contentsOf: URL(fileURLWithPath: full))
      }
    }
    return result
  }
}
