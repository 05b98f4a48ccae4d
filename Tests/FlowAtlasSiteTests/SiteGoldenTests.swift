import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTestSupport
import FlowAtlasTrace
import Foundation
import Testing

@testable import FlowAtlasSite

/// The sample site's bytes, pinned: two pages in full (to review a change as a diff) and a
/// SHA-256 per file. A change fails until it is re-recorded with `FLOWATLAS_RECORD=1` (a
/// re-record run fails once). No version is bumped with it: a rebuild trusts only what this
/// build of FlowAtlas kept (`CacheFormat`).
@Suite struct SiteGoldenTests {
  static let golden = Golden("Golden")
  static let pinnedPages = ["shop/flow-auth.html", "shop/journey-log-in-and-buy.html"]

  @Test func sampleSiteMatchesTheGoldenFiles() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: SampleModel.model(hostile: true), diagrams: FakeDiagramProvider()).build(
      into: site)
    let files = try TemporaryFolder.contents(of: site)
    var manifest = ""
    // FlowAtlas's cache is this build's, named by its code: not the site's bytes.
    for path in files.keys.sorted() where !path.hasPrefix(".flowatlas-cache/") {
      manifest += "\(Fingerprint.sha256(Array(files[path]!))) \(path)\n"
    }
    let recorded = Self.golden.recorded("site-manifest.txt")

    if Golden.isRecording { try Self.golden.record(manifest, name: "site-manifest.txt") }
    for page in Self.pinnedPages {
      try Self.golden.check(
        String(decoding: files[page]!, as: UTF8.self), name: page.replacing("/", with: "-"))
    }
    if Golden.isRecording { return }
    #expect(
      recorded == manifest,
      "the site's bytes changed: review, then re-record with FLOWATLAS_RECORD=1")
  }
}
