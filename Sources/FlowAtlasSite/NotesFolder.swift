import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasTrace
import Foundation

/// The notes a person keeps next to the traces: `<Coordinator>.md` files in one folder, shown on
/// that coordinator's flow page.
///
/// Only regular files directly inside the folder are read, never through a symlink (a note
/// that links to `/etc/passwd` must not publish it), each at most ``maximumSize`` bytes and
/// valid UTF-8. Anything else named `*.md` is passed over with a warning, and the build goes on.
package struct NotesFolder {
  /// A note passed over, and why.
  package typealias Skipped = TraceInputs.Skipped

  /// The largest note read: 1 MiB of Markdown is a book, not a note.
  package static let maximumSize = 1 << 20

  private var texts: [String: String] = [:]
  private var paths: [String: String] = [:]
  /// The notes passed over while reading the folder.
  package private(set) var skipped: [Skipped] = []

  /// The regular `*.md` files directly inside `folder` (by coordinator name), and the entries
  /// named `*.md` that are not regular files. Nothing is opened.
  /// - Parameter folder: The notes folder.
  /// - Returns: the notes to read, sorted by name, and those passed over.
  /// - Throws: ``SiteError/notesUnreadable(path:reason:)`` when the folder cannot be listed.
  package static func scan(_ folder: String) throws(SiteError) -> (
    notes: [(coordinator: String, path: String)], skipped: [Skipped]
  ) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      throw .notesUnreadable(path: folder, reason: error.localizedDescription)
    }
    let found = TraceInputs.ownFiles(
      names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }, in: folder, of: "note")
    return (found.files.map { (String($0.name.dropLast(3)), $0.path) }, found.skipped)
  }

  init(url: URL?) throws(SiteError) {
    guard let url else { return }
    let found = try Self.scan(url.path)
    skipped = found.skipped
    for (coordinator, path) in found.notes {
      switch Self.read(path) {
      case .success(let text):
        texts[coordinator] = text
        paths[coordinator] = path
      case .failure(let problem):
        skipped.append(Skipped(path: path, reason: problem.reason))
      }
    }
  }

  private struct Problem: Error {
    var reason: String
  }

  /// The note's text: opened without following a symlink or blocking (it was a regular file
  /// when listed, but may have been swapped since), bounded, and valid UTF-8.
  private static func read(_ path: String) -> Result<String, Problem> {
    switch RegularFile.read(path, limit: maximumSize) {
    case .failure(let problem):
      return .failure(Problem(reason: problem.reason))
    case .success(let bytes):
      guard let text = String(validating: bytes, as: UTF8.self) else {
        return .failure(Problem(reason: "not valid UTF-8; save it as UTF-8"))
      }
      return .success(text)
    }
  }

  func text(for coordinator: String) -> String? {
    texts[coordinator]
  }

  func html(for coordinator: String) throws(SiteError) -> String? {
    guard let text = text(for: coordinator) else { return nil }
    guard let html = Markdown.html(text) else {
      throw .notesUnreadable(path: paths[coordinator] ?? coordinator, reason: "cmark could not parse it")
    }
    return html
  }
}
