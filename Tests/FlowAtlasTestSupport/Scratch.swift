import Foundation

/// Where a test process keeps what it writes: one folder under the system's temporary folder,
/// named for the process and removed as it exits, so a run of the tests leaves nothing behind
/// however a test ends (a test that stops at a failed `#require` skips its own clean-up).
package enum Scratch {
  /// The process's folder, made on first use; its removal is registered with `atexit`.
  package static let root: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-tests-\(getpid())")
      .path
    try? FileManager.default.removeItem(atPath: path)  // a crashed earlier process of this pid
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: Scratch.root) }
    return path
  }()

  /// A path of its own under `root` for `name`, not yet made.
  package static func path(_ name: String) -> String {
    root + "/" + name + "-" + UUID().uuidString
  }

  /// A fresh, empty folder of its own under `root`.
  package static func folder(_ name: String) throws -> URL {
    let url = URL(fileURLWithPath: path(name), isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
