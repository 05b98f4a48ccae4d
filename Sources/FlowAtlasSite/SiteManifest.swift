import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasTrace
import Foundation

/// What a site's marker (`.flowatlas-site`) records: the build's fingerprint, and every file the
/// build wrote with its size and hash.
///
/// It is how a later build proves that a folder is FlowAtlas's and knows what it may delete: a
/// marker that does not parse (an empty file someone made, a site from before manifests) makes
/// the folder foreign, and a build removes only files a manifest lists (and its own
/// `.flowatlas-cache/`). A listed path must be one a site can hold: plain names, none starting
/// with a dot outside `.flowatlas-cache/`, so no manifest can name `.ssh/id_rsa` or `../x`.
struct SiteManifest: Hashable, Sendable {
  static let header = "This folder is a FlowAtlas site; flowatlas build may replace it."
  static let catalogHeader = "This folder is a FlowAtlas DocC catalog; flowatlas docc may replace it."

  /// What FlowAtlas wrote in the folder: a command replaces only a folder of its own kind.
  enum Kind: Sendable {
    /// `flowatlas build`'s site.
    case site
    /// `flowatlas docc`'s catalog.
    case catalog

    var header: String { self == .site ? SiteManifest.header : SiteManifest.catalogHeader }
    /// How an error message names it.
    var name: String { self == .site ? "a FlowAtlas site" : "a FlowAtlas DocC catalog" }
  }
  /// FlowAtlas's own folder in a site (diagram cache, build record): wholly FlowAtlas's.
  static let ownFolder = PreviousSite.cacheFolder

  typealias Entry = WrittenFile

  var fingerprint: String
  /// By path relative to the site's root.
  var files: [String: Entry]
  var kind: Kind = .site

  /// The marker's text: the header, the fingerprint, then one `size hash path` line per file,
  /// sorted by path.
  var text: String {
    var lines = [kind.header, "fingerprint \(fingerprint)"]
    for path in files.keys.sorted() {
      let entry = files[path]!
      lines.append("\(entry.size) \(entry.hash) \(path)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Parses a marker; nil for anything that is not a manifest this FlowAtlas writes.
  init?(text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 3,
      let kind = [Kind.site, .catalog].first(where: { lines.first == Substring($0.header) })
    else { return nil }
    self.kind = kind
    lines.removeFirst()
    guard lines.removeLast() == "",
      lines.first?.hasPrefix("fingerprint ") == true
    else { return nil }
    fingerprint = String(lines.removeFirst().dropFirst("fingerprint ".count))
    files = [:]
    for line in lines {
      let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3, let size = Int(fields[0]), size >= 0, fields[1].count == 32 else { return nil }
      let path = String(fields[2])
      guard Self.isSitePath(path) else { return nil }
      files[path] = Entry(size: size, hash: String(fields[1]))
    }
    guard !files.isEmpty else { return nil }
  }

  init(fingerprint: String, files: [String: Entry], kind: Kind = .site) {
    self.fingerprint = fingerprint
    self.files = files
    self.kind = kind
  }

  /// A path a site can hold: contained, and with no dot-name outside FlowAtlas's own folder.
  static func isSitePath(_ path: String) -> Bool {
    guard OutputFolder.isContained(path) else { return false }
    let components = path.split(separator: "/")
    if components.first == Substring(ownFolder) { return true }
    return !components.contains { $0.hasPrefix(".") }
  }

  /// Whether `path` (relative to the site) is FlowAtlas's: listed here, the marker, or inside
  /// FlowAtlas's own folder.
  func owns(_ path: String) -> Bool {
    path == OutputFolder.marker || path == Self.ownFolder || path.hasPrefix(Self.ownFolder + "/")
      || files[path] != nil
  }

  /// Whether the file at `location` is the one this manifest says the build wrote at `path`:
  /// listed, a regular file, of the listed size and hash. A listing alone proves nothing (a
  /// marker can be written by hand, a page edited after the build); only a file that passes
  /// this check is FlowAtlas's to delete.
  func wrote(_ path: String, at location: String) -> Bool {
    files[path]?.isAt(location) ?? false
  }
}
