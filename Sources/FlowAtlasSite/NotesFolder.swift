import Foundation

/// The hand-written notes folder: `<CoordinatorType>.md` per flow.
///
/// A coordinator type comes from a trace, so it is never turned into a path: the folder is
/// listed once and a type only matches a file name listed there exactly.
struct NotesFolder {
  private var files: [String: URL] = [:]
  private let url: URL?

  init(url: URL?) throws(SiteError) {
    self.url = url
    guard let url else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: url.path)
    } catch {
      throw .notesUnreadable(path: url.path, reason: error.localizedDescription)
    }
    for name in names where name.hasSuffix(".md") && !name.hasPrefix(".") {
      files[String(name.dropLast(3))] = url.appendingPathComponent(name, isDirectory: false)
    }
  }

  /// The notes text for `coordinator`, nil when it has none.
  func text(for coordinator: String) throws(SiteError) -> String? {
    guard let file = files[coordinator] else { return nil }
    do {
      return try String(contentsOf: file, encoding: .utf8)
    } catch {
      throw .notesUnreadable(path: file.path, reason: error.localizedDescription)
    }
  }

  /// The rendered notes for `coordinator`, nil when it has none.
  func html(for coordinator: String) throws(SiteError) -> String? {
    guard let text = try text(for: coordinator) else { return nil }
    guard let html = Markdown.html(text) else {
      throw .notesUnreadable(
        path: files[coordinator]?.path ?? coordinator, reason: "cmark could not parse it")
    }
    return html
  }
}
