import Foundation
import Synchronization

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

  /// A new site being written: a temporary folder next to `output` that ``commit()`` moves
  /// into place, replacing a previous site there, and ``discard()`` removes.
  ///
  /// ``write(_:_:)`` may be called from several threads at once, so pages are written as
  /// soon as they are made instead of being held in memory until the end.
  final class Staging: Sendable {
    let output: URL
    let folder: URL
    /// Folders made so far, by path relative to ``folder``.
    private let made = Mutex<Set<String>>([])

    /// Creates the staging folder (and `output`'s parent, if needed).
    ///
    /// - Throws: ``SiteError/writeFailed(path:reason:)``.
    init(replacing output: URL) throws(SiteError) {
      let manager = FileManager.default
      self.output = output.standardizedFileURL
      let parent = self.output.deletingLastPathComponent()
      folder = parent.appendingPathComponent(
        ".\(self.output.lastPathComponent).flowatlas-new-\(UUID().uuidString)", isDirectory: true)
      do {
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        removeLeftovers(of: self.output)
        try manager.createDirectory(at: folder, withIntermediateDirectories: false)
      } catch {
        throw .writeFailed(path: folder.path, reason: error.localizedDescription)
      }
    }

    /// Writes `text` as the file at `path`, relative to the site root.
    ///
    /// - Throws: ``SiteError/invalidModel(reason:)`` when `path` would leave the folder,
    ///   ``SiteError/writeFailed(path:reason:)`` when writing fails.
    func write(_ path: String, _ text: String) throws(SiteError) {
      try write(path, pieces: [Array(text.utf8)])
    }

    /// Writes `bytes` as the file at `path`, relative to the site root.
    func write(_ path: String, _ bytes: [UInt8]) throws(SiteError) {
      try write(path, pieces: [bytes])
    }

    /// Writes the pieces, in order, as the file at `path`, relative to the site root: a page is
    /// written from its parts without joining them first.
    func write(_ path: String, pieces: [[UInt8]]) throws(SiteError) {
      let file = try create(path)
      defer { close(file.descriptor) }
      for piece in pieces {
        try piece.withUnsafeBufferPointer { bytes throws(SiteError) in
          try Self.writeAll(bytes, to: file.descriptor, path: file.path)
        }
      }
    }

    /// Opens a new file at `path` (relative to the site root) for writing, creating its folder.
    private func create(_ path: String) throws(SiteError) -> (descriptor: Int32, path: String) {
      guard isContained(path) else {
        throw .invalidModel(reason: "the site path “\(path)” would leave the output folder")
      }
      let url = folder.appendingPathComponent(path, isDirectory: false)
      if let slash = path.lastIndex(of: "/") {
        let directory = String(path[..<slash])
        if made.withLock({ !$0.contains(directory) }) {
          do {
            try FileManager.default.createDirectory(
              at: folder.appendingPathComponent(directory, isDirectory: true),
              withIntermediateDirectories: true)
          } catch {
            throw .writeFailed(path: url.path, reason: error.localizedDescription)
          }
          made.withLock { _ = $0.insert(directory) }
        }
      }
      let file = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard file >= 0 else { throw .writeFailed(path: url.path, reason: String(cString: strerror(errno))) }
      return (file, url.path)
    }

    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to file: Int32, path: String)
      throws(SiteError)
    {
      var done = 0
      while done < bytes.count {
        let written = Foundation.write(file, bytes.baseAddress! + done, bytes.count - done)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        done += written
      }
    }

    /// Moves the new site into place.
    ///
    /// - Throws: ``SiteError/writeFailed(path:reason:)``; the previous site is then as it was
    ///   and the staging folder is gone.
    func commit() throws(SiteError) {
      do {
        try swap(folder, into: output)
      } catch {
        discard()
        if let error = error as? SiteError { throw error }
        throw .writeFailed(path: output.path, reason: error.localizedDescription)
      }
    }

    /// Removes the staging folder: the build failed, the previous site stays.
    func discard() {
      try? FileManager.default.removeItem(at: folder)
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
