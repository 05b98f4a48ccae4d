import FlowAtlasBuild
import FlowAtlasBytes
import Foundation
import Testing

@testable import FlowAtlasSite

/// What a build of FlowAtlas keeps is trusted by that build alone (``CacheFormat``): pages,
/// records and drawings an older one left are made again, with nobody bumping a version.
@Suite struct SiteOfAnotherBuildTests {
  /// The pages an older FlowAtlas wrote (other templates, other words), listed in its manifest
  /// and noted in its cache as this build would: this build trusts them as its own, which is why
  /// the cache must name the code that kept it; named by another build, they are made again and
  /// the site is a fresh build's.
  @Test func aSiteAnotherBuildWroteIsBuiltAfresh() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let fresh = temp.url.appendingPathComponent("fresh")
    let builder = SiteBuilder(model: SampleModel.model(), diagrams: FakeDiagramProvider())
    try builder.build(into: fresh)
    try builder.build(into: site)
    let freshBytes = try Self.site(in: fresh)
    #expect(try Self.site(in: site) == freshBytes)

    // An index and an app's page as an older template wrote them.
    let older = ["index.html", "shop/flow-auth.html"]
    var manifest = try #require(OutputFolder.manifest(in: site))
    var identities = try Self.identities(in: site)
    for path in older {
      let url = site.appendingPathComponent(path)
      let bytes = Array("<!-- an older template -->\n".utf8) + Array(try Data(contentsOf: url))
      try FileManager.default.removeItem(at: url)
      try Data(bytes).write(to: url)
      manifest.files[path] = WrittenFile(size: bytes.count, hash: Fingerprint.fast128(bytes))
      var info = stat()
      #expect(lstat(url.path, &info) == 0)
      identities[path] = PreviousSite.identity(of: info)
    }
    try Data(manifest.text.utf8).write(to: site.appendingPathComponent(OutputFolder.marker))
    try Data(PreviousSite.identitiesText(identities).utf8).write(
      to: site.appendingPathComponent(PreviousSite.identitiesPath))

    // Named by this build, its cache is believed: the site looks up to date.
    #expect(try builder.build(into: site).unchanged)
    #expect(try Self.site(in: site)["index.html"] != freshBytes["index.html"])

    // Named by another build (each cache file's first line), nothing of it is trusted.
    let other = String(repeating: "0", count: CacheFormat.version.count)
    for path in try Self.files(in: site.appendingPathComponent(PreviousSite.cacheFolder)) {
      var bytes = try Data(contentsOf: path)
      while let found = bytes.range(of: Data(CacheFormat.version.utf8)) {
        bytes.replaceSubrange(found, with: Data(other.utf8))
      }
      try bytes.write(to: path)
    }
    let rebuilt = try builder.build(into: site)
    #expect(!rebuilt.unchanged)
    #expect(rebuilt.diagramsReused == 0)
    #expect(try Self.site(in: site) == freshBytes)
  }

  /// Every file a build keeps names the build that kept it on its first line.
  @Test func everyCacheFileNamesTheBuildThatKeptIt() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: SampleModel.model(), diagrams: FakeDiagramProvider()).build(into: site)
    let cache = site.appendingPathComponent(PreviousSite.cacheFolder)
    let records = try Self.files(in: cache).filter { $0.pathExtension != "svg" }
    #expect(records.count >= 3)
    for record in records {
      let text = String(decoding: try Data(contentsOf: record), as: UTF8.self)
      let first = text.prefix { $0 != "\n" }
      #expect(first.hasPrefix("flowatlas-") && first.contains(" \(CacheFormat.version)"), "\(record.path)")
    }
  }

  /// The site's own files, by path: what a person sees, without FlowAtlas's cache.
  static func site(in folder: URL) throws -> [String: Data] {
    try TemporaryFolder.contents(of: folder).filter { !$0.key.hasPrefix(PreviousSite.cacheFolder + "/") }
  }

  static func identities(in site: URL) throws -> [String: String] {
    let text = try String(
      contentsOf: site.appendingPathComponent(PreviousSite.identitiesPath), encoding: .utf8)
    var identities: [String: String] = [:]
    for line in text.split(separator: "\n").dropFirst() {
      let parts = line.split(separator: "\t", maxSplits: 1)
      identities[String(parts[1])] = String(parts[0])
    }
    return identities
  }

  static func files(in folder: URL) throws -> [URL] {
    let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    return names.map { folder.appendingPathComponent($0) }.filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }
  }
}
