import Foundation

/// Writes a site atomically: into a temporary sibling folder, then moved into place.
enum OutputFolder {
  /// The file that says a folder is a FlowAtlas site a build may replace.
  static let marker = ".flowatlas-site"

  /// Checks that a build may write to `output`.
  ///
  /// - Returns: true when `output` holds a previous FlowAtlas site.
  /// - Throws: ``SiteError/foreignOutputFolder(path:)`` for a non-empty folder without the marker,
  ///   ``SiteError/outputIsNotAFolder(path:)`` for a file.
  static func check(_ output: URL) throws(SiteError) -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory) else { return false }
    guard isDirectory.boolValue else { throw .outputIsNotAFolder(path: output.path) }
    if FileManager.default.fileExists(atPath: output.appendingPathComponent(marker).path) { return true }
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? ["?"]
    guard contents.isEmpty else { throw .foreignOutputFolder(path: output.path) }
    return false
  }

  /// True for a relative path of plain names: no `..`, no absolute path, no odd characters.
  static func isContained(_ path: String) -> Bool {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    return !components.isEmpty
      && components.allSatisfy { component in
        !component.isEmpty && component != "." && component != ".."
          && component.utf8.allSatisfy {
            ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 46 || $0 == 95
          }
      }
  }

  /// Writes `files` as the whole content of `output`, replacing a previous site there.
  ///
  /// - Throws: ``SiteError`` when a path would leave the folder or writing fails; `output` is
  ///   then as it was.
  static func write(_ files: [(path: String, data: Data)], to output: URL) throws(SiteError) {
    let manager = FileManager.default
    let output = output.standardizedFileURL
    let parent = output.deletingLastPathComponent()
    let staging = parent.appendingPathComponent(
      ".\(output.lastPathComponent).flowatlas-new-\(UUID().uuidString)")
    do {
      try manager.createDirectory(at: parent, withIntermediateDirectories: true)
      removeLeftovers(of: output)
      try manager.createDirectory(at: staging, withIntermediateDirectories: false)
    } catch {
      throw .writeFailed(path: staging.path, reason: error.localizedDescription)
    }
    do {
      var made: Set<String> = []
      for (path, data) in files {
        guard isContained(path) else {
          throw SiteError.invalidModel(reason: "the site path “\(path)” would leave the output folder")
        }
        let url = staging.appendingPathComponent(path, isDirectory: false)
        let directory = url.deletingLastPathComponent()
        if made.insert(directory.path).inserted {
          try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try data.write(to: url)
      }
      try swap(staging, into: output)
    } catch {
      try? manager.removeItem(at: staging)
      if let error = error as? SiteError { throw error }
      throw .writeFailed(path: output.path, reason: error.localizedDescription)
    }
  }

  /// Removes the staging and set-aside folders an interrupted build of `output` left next to
  /// it: only folders named as this type names them and holding the site marker.
  private static func removeLeftovers(of output: URL) {
    let manager = FileManager.default
    let parent = output.deletingLastPathComponent()
    let prefixes = [
      ".\(output.lastPathComponent).flowatlas-new-", ".\(output.lastPathComponent).flowatlas-old-",
    ]
    guard let names = try? manager.contentsOfDirectory(atPath: parent.path) else { return }
    for name in names where prefixes.contains(where: name.hasPrefix) {
      let folder = parent.appendingPathComponent(name, isDirectory: true)
      if manager.fileExists(atPath: folder.appendingPathComponent(marker).path) {
        try? manager.removeItem(at: folder)
      }
    }
  }

  /// Moves `staging` to `output`; a previous site there is moved aside first (and put back
  /// if the second rename fails), then removed.
  private static func swap(_ staging: URL, into output: URL) throws {
    let manager = FileManager.default
    guard manager.fileExists(atPath: output.path) else {
      return try rename(staging, output)
    }
    if (try? manager.contentsOfDirectory(atPath: output.path))?.isEmpty == true {
      try manager.removeItem(at: output)
      return try rename(staging, output)
    }
    let aside = output.deletingLastPathComponent().appendingPathComponent(
      ".\(output.lastPathComponent).flowatlas-old-\(UUID().uuidString)")
    try rename(output, aside)
    do {
      try rename(staging, output)
    } catch {
      try? rename(aside, output)
      throw error
    }
    try? manager.removeItem(at: aside)
  }

  private static func rename(_ from: URL, _ to: URL) throws {
    guard Foundation.rename(from.path, to.path) == 0 else {
      throw SiteError.writeFailed(path: to.path, reason: String(cString: strerror(errno)))
    }
  }
}
