import Foundation
import Testing

@testable import FlowAtlasSite

/// What `flowatlas preview` adds to a site: written only into a FlowAtlas site, whole, with the
/// problems escaped for a script; carried by the next build the preview runs like a person's file,
/// and by no other build; gone, and the site a build's again, once removed.
// Serialized: one test sets whether builds carry the preview's files, which the others read.
@Suite(.serialized) struct SitePreviewTests {
  static func site(in temp: TemporaryFolder) throws -> URL {
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: SampleModel.model(), diagrams: FakeDiagramProvider()).build(into: site)
    return site
  }

  @Test func theFilesComeAndGoAndTheSiteIsTheBuildsAgain() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = try Self.site(in: temp)
    let built = try TemporaryFolder.contents(of: site)
    // FlowAtlas's cache holds what a rebuild reuses (inodes among it), not the site.
    let pages = { (files: [String: Data]) in files.filter { !$0.key.hasPrefix(".flowatlas-cache/") } }
    let hostile = "/t/x.jsonl:3: warning: </script><script>alert(1)</script>\u{2028} [unknown-event]"
    try SitePreview.write(
      .init(build: 2, busy: false, finished: 1_700_000_000_000, status: 0, problems: [hostile]), into: site)
    var files = try TemporaryFolder.contents(of: site)
    #expect(Set(files.keys).subtracting(built.keys) == Set(SitePreview.paths))
    #expect(files[SitePreview.scriptPath] == Data(SiteAssets.previewScript.utf8))
    let state = String(decoding: files[SitePreview.statePath]!, as: UTF8.self)
    #expect(
      state == "window.FLOWATLAS_PREVIEW = {\"build\": 2, \"busy\": false, \"finished\": 1700000000000};\n")
    let build = String(decoding: files[SitePreview.buildPath]!, as: UTF8.self)
    #expect(
      build.contains("\\u003c/script\\u003e") && !build.contains("</script>") && build.contains("\\u2028"))
    #expect(build.contains("\"shop/index.html\": \""))

    // A build the preview runs carries them as a person's files; removed, the site is the
    // build's, byte for byte.
    SitePreview.carriesPreviewFiles.withLock { $0 = true }
    defer { SitePreview.carriesPreviewFiles.withLock { $0 = false } }
    try SiteBuilder(model: SampleModel.model(hostile: true), diagrams: FakeDiagramProvider()).build(
      into: site)
    files = try TemporaryFolder.contents(of: site)
    #expect(SitePreview.paths.allSatisfy { files[$0] != nil })
    SitePreview.remove(from: site)
    try SiteBuilder(model: SampleModel.model(), diagrams: FakeDiagramProvider()).build(into: site)
    #expect(pages(try TemporaryFolder.contents(of: site)) == pages(built))
  }

  /// A preview killed without warning (SIGKILL, out of memory) leaves its files in the site: the
  /// next build of another command leaves them behind, so its site is a fresh build's.
  @Test func aBuildNotAPreviewsLeavesItsFilesBehind() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = try Self.site(in: temp)
    let built = try TemporaryFolder.contents(of: site)
    try SitePreview.write(.init(build: 3, busy: true, finished: 0), into: site)
    try Data("half".utf8).write(to: site.appendingPathComponent("assets/.preview-77-preview-state.js"))
    try SiteBuilder(model: SampleModel.model(), diagrams: FakeDiagramProvider()).build(into: site)
    let files = try TemporaryFolder.contents(of: site)
    #expect(Set(files.keys) == Set(built.keys), "\(Set(files.keys).symmetricDifference(built.keys))")
  }

  /// Each page's version changes with its bytes, or with the search index every page loads (it
  /// lists the app's journeys in the sidebar); a build running writes the state alone.
  @Test func aPageVersionFollowsItsBytesAndTheSharedFiles() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = try Self.site(in: temp)
    /// Each page's version, by path.
    func versions() throws -> [String: String] {
      let text = try String(contentsOf: site.appendingPathComponent(SitePreview.buildPath), encoding: .utf8)
      var found: [String: String] = [:]
      // One `"path": "version",` line per page.
      for line in text.split(separator: "\n") {
        let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
        guard parts.count >= 5, parts[2] == ": " else { continue }
        found[String(parts[1])] = String(parts[3])
      }
      return found
    }
    func pages() throws -> Set<String> {
      Set(try TemporaryFolder.contents(of: site).keys.filter { $0.hasSuffix(".html") && !$0.hasPrefix(".") })
    }
    try SitePreview.write(.init(build: 1, busy: false, finished: 1), into: site)
    let before = try versions()
    #expect(Set(before.keys) == (try pages()))
    try SitePreview.write(.init(build: 2, busy: true, finished: 1), into: site)
    #expect(try versions() == before, "a build that runs has no versions yet")
    try SiteBuilder(model: SampleModel.model(hostile: true), diagrams: FakeDiagramProvider()).build(
      into: site)
    try SitePreview.write(.init(build: 2, busy: false, finished: 2), into: site)
    let after = try versions()
    #expect(Set(after.keys) == (try pages()))
    let same = after.keys.filter { before[$0] == after[$0] }
    #expect(same.isEmpty, "every page loads the search index, which changed: \(same)")
  }

  /// A folder that holds no site (the first build failed) gets nothing: the next build would
  /// take the folder for someone else's.
  @Test func nothingIsWrittenWhereThereIsNoSite() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let folder = temp.url.appendingPathComponent("site")
    try SitePreview.write(.init(build: 1, busy: true, finished: 0), into: folder)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: folder.appendingPathComponent(SitePreview.statePath))
    SitePreview.remove(from: folder)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(SitePreview.statePath).path))
  }
}
