import Dispatch
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTrace
import Foundation

/// Everything a site's bytes depend on, hashed: a build whose fingerprint is the one the
/// previous site's manifest records, and whose pages are all still there, writes nothing.
package enum SiteFingerprint {
  /// Each app's model, hashed once: the site's fingerprint and each app's cache keys both
  /// build on it. Apps hash in parallel.
  package static func digests(of apps: [AppModel]) -> [String] {
    let digests = Lock<[String]>(Array(repeating: "", count: apps.count))
    DispatchQueue.concurrentPerform(iterations: apps.count) { index in
      var digest = ModelDigest(streaming: true)
      digest.add(apps[index])
      let hash = digest.fast128()
      digests.withLock { $0[index] = hash }
    }
    return digests.withLock { $0 }
  }

  /// What the pages are compared with besides the traces, hashed once per build: each app's
  /// baseline (its name and model) and the contracts' files and edges.
  package struct Comparisons: Sendable {
    /// By app index: the baseline's name and hash, or nil without one.
    package let baselines: [String?]
    package let contracts: String

    /// - Parameters:
    ///   - apps: the site's apps.
    ///   - baselines: the version each app is compared with, by the app's name.
    ///   - contracts: the flows' contracts.
    package init(of apps: [AppModel], baselines: [String: AppModel], contracts: [NavigationContract]) {
      let compared = apps.map { baselines[$0.name] }
      let hashes = SiteFingerprint.digests(of: compared.compactMap { $0 })
      var next = hashes.makeIterator()
      self.baselines = compared.map { baseline in baseline.map { $0.name + " " + next.next()! } }
      var digest = ModelDigest()
      digest.add(contracts.count)
      for contract in contracts {
        digest.add([contract.coordinator, contract.file])
        for edge in contract.edges {
          digest.add([edge.from ?? "\u{0}", edge.to, edge.action ?? "\u{0}", String(edge.line)])
        }
      }
      self.contracts = Fingerprint.fast128(digest.bytes)
    }
  }

  /// Whether the site in `folder`, whose manifest records the fingerprint `recorded`, is the one
  /// a build with `fingerprint` would write: the same fingerprint, written by this build of
  /// FlowAtlas (its pages are made by code the fingerprint leaves out: ``CacheFormat``), and
  /// every one of `files` still there (a page or asset deleted by hand is a reason to write the
  /// site again).
  package static func isUpToDate(_ folder: URL, recorded: String?, fingerprint: String, files: [String])
    -> Bool
  {
    recorded == fingerprint && PreviousSite.wasWrittenByThisBuild(folder)
      && PreviousSite.holdsAll(files, in: folder)
  }

  /// The fingerprint of a site.
  /// - Parameters:
  ///   - title: the site's title.
  ///   - identity: the diagram provider's cache identity.
  ///   - model: the site's model; `appDigests` its apps' (``digests(of:)``).
  ///   - notes: each flow's note as the site shows it (its HTML: another cmark-gfm may render the
  ///     same text otherwise), by app index and coordinator type.
  ///   - comparisons: the baselines and contracts.
  package static func value(
    title: String, identity: String, model: NavigationModel, appDigests: [String],
    notes: (_ app: Int, _ coordinator: String) -> String?, comparisons: Comparisons
  ) -> String {
    var digest = ModelDigest()
    digest.add("flowatlas-site")
    digest.add(title)
    digest.add(identity)
    for (index, app) in model.apps.enumerated() {
      digest.add(appDigests[index])
      for flow in app.flows { digest.add(notes(index, flow.coordinator)) }
      digest.add(comparisons.baselines[index] ?? "no baseline")
    }
    digest.add(comparisons.contracts)
    for diagnostic in model.diagnostics {
      digest.add([diagnostic.code.rawValue, diagnostic.file, diagnostic.message])
      digest.add(diagnostic.line)
    }
    return Fingerprint.sha256(digest.bytes)
  }
}
