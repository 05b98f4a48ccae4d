import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import Foundation

/// Diagrams kept in the site (`.flowatlas-cache/diagrams/<key>.svg`) so that a rebuild draws
/// only the diagrams whose source changed.
///
/// Each diagram is filed under a key naming what it was drawn from: the provider's
/// ``DiagramProvider/cacheIdentity`` and its key for the diagram (for Graphviz, a hash of the
/// diagram's DOT), or, from a provider that gives none, the hash of the whole app's model and
/// the subject. A new trace therefore redraws its own journey and the flows and maps whose
/// counts it changed, and nothing else. The index lists every entry with the hash of its
/// bytes, and an entry whose bytes no longer match (edited, cut short, not UTF-8) is drawn
/// again. Reused SVG is sanitized again like fresh SVG, so a tampered cache injects nothing.
package struct DiagramCache: Sendable {
  static let directory = "\(PreviousSite.cacheFolder)/diagrams"
  package static let indexPath = "\(directory)/index"
  static let indexHeader = CacheFormat.header("flowatlas-diagram-cache")

  /// The previous site, where cached diagrams are reused from; nil on a first build.
  package let previousSite: URL?
  /// The previous site's index: key → hash of the entry's bytes.
  package let previousIndex: [String: String]
  /// Where an entry that is there but cannot be used is noted.
  let report: CacheReport?

  /// Reads the index of `previousSite`'s cache; an unreadable or foreign index reuses nothing.
  package init(previousSite: URL?, report: CacheReport? = nil) {
    self.previousSite = previousSite
    self.report = report
    previousIndex = previousSite.flatMap { Self.index(in: $0, report: report) } ?? [:]
  }

  /// The key a diagram is filed under: a hex hash, safe as a file name whatever the provider says.
  /// - Parameters:
  ///   - providerKey: the provider's key for the diagram, or nil when it gives none.
  ///   - identity: the provider's ``DiagramProvider/cacheIdentity``.
  ///   - appDigest: the hash of the app's model, which stands in for a missing provider key.
  package static func key(
    providerKey: String?, identity: String, appDigest: String, subject: DiagramSubject, of app: AppModel
  ) -> String {
    var digest = ModelDigest()
    // What the key is of, never a version: the index's header names the build of FlowAtlas that
    // filed the entries (``CacheFormat``), and another build's are not read.
    digest.add("flowatlas-diagram")
    digest.add(identity)
    if let providerKey {
      digest.add(["provider", providerKey])
    } else {
      digest.add(["app", appDigest, subject.stem(in: app)])
    }
    return Fingerprint.fast128(digest.bytes)
  }

  /// The cache file of `key`, relative to the site root.
  package static func path(of key: String) -> String { "\(directory)/\(key).svg" }

  /// The previous site's diagram under `key` when its bytes are still those the index
  /// recorded, with that hash; nil when it is missing, not a regular file (a symlink is not
  /// followed), edited, cut short or not UTF-8.
  package func reused(_ key: String) -> (svg: [UInt8], hash: String)? {
    guard let site = previousSite, let hash = previousIndex[key] else { return nil }
    // The index names it: missing or changed, it is damage.
    let path = site.appendingPathComponent(Self.path(of: key)).path
    let instead = "the diagram is drawn again"
    guard let svg = CacheReport.read(path, limit: 1 << 30, instead: instead, missing: "gone", into: report)
    else { return nil }
    guard Fingerprint.fast128(svg) == hash, UTF8Validation.isValid(svg) else {
      report?.damaged(path, "not the bytes its index records; \(instead)")
      return nil
    }
    return (svg, hash)
  }

  /// The index file's text, written last, so a build interrupted while caching leaves no
  /// index naming half-written entries.
  /// - Parameter entries: key → hash of the entry's bytes (``Fingerprint/fast128(_:)-([UInt8])``).
  package static func indexText(_ entries: [String: String]) -> String {
    let lines = [indexHeader] + entries.keys.sorted().map { "\(entries[$0]!) \($0)" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The index of the cache in `site`, or nil when there is none or it is not one this
  /// version wrote.
  package static func index(in site: URL, report: CacheReport? = nil) -> [String: String]? {
    let path = site.appendingPathComponent(indexPath).path
    let instead = "no diagram is reused"
    guard let bytes = CacheReport.read(path, limit: 64 << 20, instead: instead, into: report) else {
      return nil
    }
    guard let entries = index(parsing: bytes) else {
      report?.unparsable(path, bytes, header: indexHeader, instead: instead)
      return nil
    }
    return entries
  }

  /// The index in `bytes`, or nil when they are not an index this version wrote.
  private static func index(parsing bytes: [UInt8]) -> [String: String]? {
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    var lines = text.split(separator: "\n")
    guard lines.first == Substring(indexHeader) else { return nil }
    lines.removeFirst()
    var entries: [String: String] = [:]
    for line in lines {
      let fields = line.split(separator: " ", maxSplits: 1)
      guard fields.count == 2, fields[1].allSatisfy(\.isHexDigit) else { return nil }
      entries[String(fields[1])] = String(fields[0])
    }
    return entries
  }
}
