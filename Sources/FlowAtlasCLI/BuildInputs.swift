import FlowAtlasModel
import FlowAtlasSite
import Foundation

/// What a `flowatlas build` read, recorded next to the site so that an unchanged rebuild can
/// stop before reading a single trace.
///
/// The site itself already skips writing when its model is unchanged, but finding that out
/// means reading every trace. This record names each input file by path, size and
/// modification time (and the notes, the tool's version and how it draws), so the common
/// case of rebuilding docs nobody changed costs a few `stat` calls. It also keeps the
/// diagnostics of that build, to print them again, and the pages, to notice one deleted.
/// It lives in the site's cache folder, which the site's reproducible bytes do not include.
struct BuildInputs: Equatable {
  /// One line per input and setting; equal keys mean the same build.
  let key: [String]

  /// The key for these trace files and notes folder.
  /// - Throws: an input/output error when an input cannot be examined.
  init(files: [String], notes: String?) throws(CommandLineError) {
    var key = [
      "flowatlas \(FlowAtlasCommand.version)", "diagrams \(DiagramStyleFingerprint.value)",
      "pages \(SiteBuilder.templateVersion)",
    ]
    for file in files.sorted() { key.append("trace " + (try Self.stat(file))) }
    if let notes {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: notes)) ?? []
      for name in names.sorted() {
        key.append("note " + (try Self.stat((notes as NSString).appendingPathComponent(name))))
      }
    }
    self.key = key
  }

  private init(key: [String]) { self.key = key }

  /// `path size modified`, tab-separated (paths may hold spaces).
  private static func stat(_ path: String) throws(CommandLineError) -> String {
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw .inputOutput("\(path): cannot examine the file (\(error.localizedDescription))")
    }
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
    return "\(path)\t\(size)\t\(modified)"
  }

  /// What the last build into a folder recorded.
  struct Record {
    var inputs: BuildInputs
    var diagnostics: [String]
    var hasErrors: Bool
    var pages: [String]
  }

  static let header = "flowatlas build inputs 1"

  static func path(in output: String) -> String {
    (output as NSString).appendingPathComponent(".flowatlas-cache/inputs")
  }

  /// Writes the record of a build that just finished. A failure only costs the next rebuild
  /// its shortcut, so it is not an error.
  static func save(_ record: Record, in output: String) {
    var lines = [header]
    lines += record.inputs.key.map { "k " + $0 }
    lines += record.diagnostics.map { "d " + $0 }
    lines += record.pages.map { "p " + $0 }
    lines.append(record.hasErrors ? "errors yes" : "errors no")
    let url = URL(fileURLWithPath: path(in: output))
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url, options: .atomic)
  }

  /// The record of the last build into `output`, when its site is still whole.
  static func load(from output: String) -> Record? {
    let manager = FileManager.default
    guard manager.fileExists(atPath: (output as NSString).appendingPathComponent(".flowatlas-site")),
      let text = try? String(contentsOfFile: path(in: output), encoding: .utf8)
    else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == header, lines.last == "" else { return nil }
    lines.removeFirst()
    lines.removeLast()
    guard let last = lines.popLast(), last == "errors yes" || last == "errors no" else { return nil }
    var key: [String] = []
    var diagnostics: [String] = []
    var pages: [String] = []
    for line in lines {
      let body = String(line.dropFirst(2))
      switch line.prefix(2) {
      case "k ": key.append(body)
      case "d ": diagnostics.append(body)
      case "p ": pages.append(body)
      default: return nil
      }
    }
    // A page deleted by hand is a reason to build again.
    guard !pages.isEmpty,
      pages.allSatisfy({ manager.fileExists(atPath: (output as NSString).appendingPathComponent($0)) })
    else { return nil }
    return Record(
      inputs: BuildInputs(key: key), diagnostics: diagnostics, hasErrors: last == "errors yes", pages: pages)
  }
}
