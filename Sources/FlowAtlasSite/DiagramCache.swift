import FlowAtlasModel
import Foundation

/// Diagrams kept in the site (`.flowatlas-cache/<app>/<fingerprint>/`) so that an unchanged
/// rebuild reuses them instead of laying every graph out again.
///
/// The fingerprint hashes the app model, the subjects and the provider's
/// ``DiagramProvider/cacheIdentity``; any change draws the app's diagrams anew. Reused SVG
/// is sanitized again like fresh SVG, so a tampered cache cannot inject anything.
struct DiagramCache {
  static let folder = ".flowatlas-cache"

  /// The app's folder in the site.
  var folder: String
  var fingerprint: String

  /// - Parameter appDigest: the hash of the app's model (``SiteBuilder/digests(of:)``).
  static func fingerprint(appDigest: String, provider: any DiagramProvider) -> String {
    var digest = ModelDigest()
    digest.add("flowatlas-diagrams-v3")
    digest.add(provider.cacheIdentity)
    digest.add(appDigest)
    return Fingerprint.sha256(digest.bytes)
  }

  /// A file name per subject, from slugs only.
  static func fileName(_ subject: DiagramSubject, of app: AppModel) -> String? {
    switch subject {
    case .appMap: return "app-map.svg"
    case .hierarchy: return "hierarchy.svg"
    case .flow(let coordinator): return app.flow(coordinator).map { "flow-\($0.slug).svg" }
    case .journey(let run): return app.run(named: run).map { "journey-\($0.slug).svg" }
    }
  }

  private var directory: String { "\(Self.folder)/\(folder)/\(fingerprint)" }

  /// The cache file for one diagram, relative to the site root; nil for an unknown subject.
  func path(of subject: DiagramSubject, in app: AppModel) -> String? {
    Self.fileName(subject, of: app).map { "\(directory)/\($0)" }
  }

  /// The file that lists the cache's diagrams, each with the hash of its bytes. It is written
  /// last, so a build interrupted while caching leaves no half cache to reuse.
  /// - Parameter entries: file name → hash (``Fingerprint/fast128(_:)-([UInt8])``).
  func completion(entries: [String: String]) -> (path: String, text: String) {
    let lines = [Self.completionHeader] + entries.keys.sorted().map { "\(entries[$0]!) \($0)" }
    return ("\(directory)/complete", lines.joined(separator: "\n") + "\n")
  }

  static let completionHeader = "flowatlas-diagram-cache 2"

  /// The cached diagrams of `app` in `site` whose bytes are still those the cache recorded: an
  /// entry edited or cut short since (or not UTF-8) is left out, and drawn again.
  func read(from site: URL, app: AppModel) -> [DiagramSubject: [UInt8]] {
    let base = site.appendingPathComponent(directory, isDirectory: true)
    guard let complete = try? String(contentsOf: base.appendingPathComponent("complete"), encoding: .utf8)
    else { return [:] }
    var lines = complete.split(separator: "\n")
    guard lines.first == Substring(Self.completionHeader) else { return [:] }
    lines.removeFirst()
    var hashes: [String: String] = [:]
    for line in lines {
      let fields = line.split(separator: " ", maxSplits: 1)
      guard fields.count == 2 else { return [:] }
      hashes[String(fields[1])] = String(fields[0])
    }
    var svgs: [DiagramSubject: [UInt8]] = [:]
    for subject in DiagramSubject.all(of: app) {
      guard let name = Self.fileName(subject, of: app), let hash = hashes[name],
        let data = try? Data(contentsOf: base.appendingPathComponent(name))
      else { continue }
      let svg = [UInt8](data)
      if Fingerprint.fast128(svg) == hash, svg.withUnsafeBufferPointer(XMLReader.isUTF8) {
        svgs[subject] = svg
      }
    }
    return svgs
  }
}
