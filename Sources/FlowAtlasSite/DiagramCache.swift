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
    digest.add("flowatlas-diagrams-v2")
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

  /// The file that says the cache is whole, and its text: how many diagrams it holds. It is
  /// written last, so a build interrupted while caching leaves no half cache to reuse.
  func completion(count: Int) -> (path: String, text: String) {
    ("\(directory)/complete", "\(count)\n")
  }

  /// The diagrams the previous site cached for this fingerprint, nil when there are none.
  func read(from site: URL, app: AppModel) -> [DiagramSubject: [UInt8]]? {
    let base = site.appendingPathComponent(directory, isDirectory: true)
    guard let complete = try? String(contentsOf: base.appendingPathComponent("complete"), encoding: .utf8),
      let expected = Int(complete.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return nil }
    var svgs: [DiagramSubject: [UInt8]] = [:]
    for subject in DiagramSubject.all(of: app) {
      guard let name = Self.fileName(subject, of: app) else { continue }
      // A file that is not UTF-8 is damaged: the diagrams are drawn again.
      if let data = try? Data(contentsOf: base.appendingPathComponent(name)) {
        let svg = [UInt8](data)
        if svg.withUnsafeBufferPointer(XMLReader.isUTF8) { svgs[subject] = svg }
      }
    }
    return svgs.count == expected ? svgs : nil
  }
}
