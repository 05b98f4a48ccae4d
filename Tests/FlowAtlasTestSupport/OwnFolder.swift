import Foundation

/// A folder of a test's own under the system's temporary folder, removed when the test lets go
/// of it.
package final class OwnFolder {
  package let path: String

  package init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
