import FlowAtlasLock
import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasSite

/// The site folder is replaced in one step, only when FlowAtlas proves it wrote it, and
/// everything a person keeps in it survives.
@Suite struct OutputFolderTests {
  func build(_ model: NavigationModel = SampleModel.model(), into folder: URL, incremental: Bool = true)
    throws
  {
    try SiteBuilder(
      model: model, diagrams: FakeDiagramProvider(), options: SiteOptions(incremental: incremental)
    ).build(into: folder)
  }

  @Test(arguments: ["", "This folder is a FlowAtlas site; flowatlas build may replace it.\nfingerprint x\n"])
  func aForgedMarkerDoesNotMakeAFolderReplaceable(marker: String) throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let home = temp.url.appendingPathComponent("home")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent(".ssh"), withIntermediateDirectories: true)
    try Data("secret".utf8).write(to: home.appendingPathComponent(".ssh/id_rsa"))
    try Data(marker.utf8).write(to: home.appendingPathComponent(".flowatlas-site"))
    #expect(throws: SiteError.foreignOutputFolder(path: home.path)) { try build(into: home) }
    #expect(try String(contentsOf: home.appendingPathComponent(".ssh/id_rsa"), encoding: .utf8) == "secret")
  }

  @Test func aManifestCannotNameAFileOutsideWhatASiteHolds() throws {
    let header = SiteManifest.header + "\nfingerprint f\n"
    let hash = String(repeating: "0", count: 32)
    for path in [".ssh/id_rsa", "../etc/passwd", "/etc/passwd", "a/.git/config", "Upper.html"] {
      #expect(SiteManifest(text: header + "6 \(hash) \(path)\n") == nil, "\(path)")
    }
    #expect(SiteManifest(text: header + "6 \(hash) shop/index.html\n")?.files.count == 1)
    #expect(SiteManifest(text: header) == nil, "a manifest lists what was written")
  }

  @Test func thePersonsFilesSurviveARebuild() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(into: site)
    let manager = FileManager.default
    try manager.createDirectory(
      at: site.appendingPathComponent(".git/refs"), withIntermediateDirectories: true)
    try Data("[core]\n".utf8).write(to: site.appendingPathComponent(".git/config"))
    try Data("ref\n".utf8).write(to: site.appendingPathComponent(".git/refs/main"))
    try Data("docs.example.com\n".utf8).write(to: site.appendingPathComponent("CNAME"))
    try Data().write(to: site.appendingPathComponent(".nojekyll"))
    try Data("mine".utf8).write(to: site.appendingPathComponent("assets/logo.svg"))
    try manager.createSymbolicLink(
      atPath: site.appendingPathComponent("latest").path, withDestinationPath: "index.html")
    // A full rebuild (not incremental), and one whose pages change.
    try build(into: site, incremental: false)
    try build(SampleModel.model(hostile: true), into: site)
    for (path, text) in [
      (".git/config", "[core]\n"), (".git/refs/main", "ref\n"), ("CNAME", "docs.example.com\n"),
      (".nojekyll", ""), ("assets/logo.svg", "mine"),
    ] {
      #expect(try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8) == text, "\(path)")
    }
    #expect(
      try manager.destinationOfSymbolicLink(atPath: site.appendingPathComponent("latest").path)
        == "index.html")
    // Nothing is left next to the site.
    #expect(try manager.contentsOfDirectory(atPath: temp.url.path) == ["site"])
  }

  @Test func theSiteIsNeverMissingWhileItIsReplaced() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(into: site)
    let index = site.appendingPathComponent("index.html").path
    let stop = Lock(false)
    let misses = Lock(0)
    let looks = Lock(0)
    let reader = Thread {
      while !stop.withLock({ $0 }) {
        if access(index, F_OK) != 0 { misses.withLock { $0 += 1 } }
        looks.withLock { $0 += 1 }
      }
    }
    reader.start()
    for _ in 0..<10 { try build(into: site, incremental: false) }
    stop.withLock { $0 = true }
    while !reader.isFinished { usleep(1000) }
    #expect(looks.withLock { $0 } > 1000)
    #expect(misses.withLock { $0 } == 0)
  }

  @Test func errorsNameTheOutputNotTheStagingFolder() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let file = temp.url.appendingPathComponent("file")
    try Data().write(to: file)
    let site = file.appendingPathComponent("site")
    do {
      try build(into: site)
      Issue.record("a site under a file cannot be built")
    } catch {
      let message = error.localizedDescription
      #expect(message.contains(site.path))
      #expect(!message.contains("flowatlas-new"))
    }
  }

  @Test func aSymlinkGivenAsOutputIsKeptAndTheSiteGoesWhereItPoints() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let real = temp.url.appendingPathComponent("real")
    let link = temp.url.appendingPathComponent("docs")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real")
    try build(into: link)
    try build(into: link, incremental: false)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real")
    #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent("index.html").path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted() == ["docs", "real"])
  }
  /// Hardening round 2, item 6: a marker that lists files the build never wrote (written by
  /// hand, with wrong sizes and zero hashes) does not make a rebuild delete them; deletion
  /// checks that a file is what the manifest says was written.
  @Test func aListingAloneDoesNotMakeAFileDeletable() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(into: site)
    let manager = FileManager.default
    try manager.createDirectory(at: site.appendingPathComponent("guide"), withIntermediateDirectories: true)
    try Data("read me\n".utf8).write(to: site.appendingPathComponent("readme.txt"))
    try Data("# Setting up\n".utf8).write(to: site.appendingPathComponent("guide/setup.md"))
    let marker = site.appendingPathComponent(".flowatlas-site")
    let zero = String(repeating: "0", count: 32)
    var lines = try String(contentsOf: marker, encoding: .utf8).split(separator: "\n").map(String.init)
    lines += ["99 \(zero) readme.txt", "7 \(zero) guide/setup.md"]
    let header = Array(lines.prefix(2))
    try
      ((header + lines.dropFirst(2).sorted { $0.split(separator: " ")[2] < $1.split(separator: " ")[2] })
      .joined(separator: "\n") + "\n").write(to: marker, atomically: true, encoding: .utf8)
    #expect(OutputFolder.manifest(in: site)?.files["readme.txt"] != nil, "the forged listing parses")
    // A rebuild whose pages change, and a full one.
    try build(SampleModel.model(hostile: true), into: site)
    try build(into: site, incremental: false)
    #expect(try String(contentsOf: site.appendingPathComponent("readme.txt"), encoding: .utf8) == "read me\n")
    #expect(
      try String(contentsOf: site.appendingPathComponent("guide/setup.md"), encoding: .utf8)
        == "# Setting up\n")
    #expect(try manager.contentsOfDirectory(atPath: temp.url.path) == ["site"])
  }
  /// Hardening round 2 (smaller): a removed app's folder is not made again, empty, in every
  /// later site; a folder the person left empty is kept.
  @Test func aRemovedAppsFolderGoesWithIt() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let two = SampleModel.model(hostile: true)
    try build(two, into: site)
    try FileManager.default.createDirectory(
      at: site.appendingPathComponent("empty-mine"), withIntermediateDirectories: true)
    let folders = try SiteBuilder.folders(for: two.apps)
    let removed = try #require(zip(two.apps, folders).first { $0.0.name != "Shop" }?.1)
    try build(into: site)
    try build(into: site)
    let names = try FileManager.default.contentsOfDirectory(atPath: site.path)
    #expect(!names.contains(removed), "\(names)")
    #expect(names.contains("empty-mine"))
  }
}
