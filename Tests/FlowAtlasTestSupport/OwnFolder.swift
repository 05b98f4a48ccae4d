import Foundation

/// A folder of a test's own under the process's scratch folder, removed when the test lets go
/// of it (and with the scratch folder as the process exits, whatever happens first).
package final class OwnFolder {
  package let path: String

  package init() throws {
    path = try Scratch.folder("flowatlas").path
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
