import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasSite

/// A person's own files in a site (issue #47, items 4 and 5): a file FlowAtlas did not write is
/// never replaced or deleted because a new page takes its path, and a site the person deleted
/// does not come back from what an interrupted build left beside it.
@Suite struct PersonsFilesTests {
  /// A model of the sample Shop and of one more app named `name`, with one screen.
  static func model(withAppNamed name: String) -> NavigationModel {
    let trace = [
      #"{"flowatlas":"trace","version":1,"app":"\#(name)","run":"read"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"\#(name)Coordinator"}"#,
      #"{"seq":2,"event":"router.setRoot","coordinator":"c1","screen":{"id":"s1","type":"Posts"}}"#,
    ].joined(separator: "\n")
    let other = ModelBuilder(workers: 1).build(traces: [("\(name).jsonl", Array(trace.utf8))])
    let sample = SampleModel.model()
    return NavigationModel(apps: sample.apps + other.apps, diagnostics: sample.diagnostics)
  }

  static func build(_ model: NavigationModel, into site: URL) throws {
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider()).build(into: site)
  }

  static func text(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

  @Test func aNewPageDoesNotReplaceAFileThePersonWrote() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try Self.build(SampleModel.model(), into: site)
    let manager = FileManager.default
    try manager.createDirectory(at: site.appendingPathComponent("blog"), withIntermediateDirectories: true)
    let blog = site.appendingPathComponent("blog/index.html")
    try Data("my own blog".utf8).write(to: blog)
    let recipes = site.appendingPathComponent("recipes")
    try Data("my recipes".utf8).write(to: recipes)
    for (app, file) in [("Blog", blog), ("Recipes", recipes)] {
      let before = try TemporaryFolder.contents(of: site)
      var refusal: SiteError?
      do {
        try Self.build(Self.model(withAppNamed: app), into: site)
      } catch let error as SiteError {
        refusal = error
      }
      #expect(refusal == .personsFileInTheWay(path: file.path), "\(app)")
      #expect(refusal?.localizedDescription.contains("move or rename it") == true)
      #expect(try TemporaryFolder.contents(of: site) == before, "\(app): the site changed")
      #expect(try manager.contentsOfDirectory(atPath: temp.url.path) == ["site"])
    }
    #expect(Self.text(blog) == "my own blog" && Self.text(recipes) == "my recipes")
    // Out of the way, the app gets its pages; the person's other files in its folder stay.
    try manager.removeItem(at: blog)
    try Data("a post".utf8).write(to: site.appendingPathComponent("blog/post.html"))
    try Self.build(Self.model(withAppNamed: "Blog"), into: site)
    #expect(Self.text(site.appendingPathComponent("blog/index.html"))?.contains("Blog") == true)
    #expect(Self.text(site.appendingPathComponent("blog/post.html")) == "a post")
  }

  /// A site with a `secret.env` in it, copied beside it as an interrupted build leaves the old
  /// site it set aside after the exchange (killed while removing it), under `name`.
  static func siteWithALeftover(in folder: URL, named name: String) throws -> (site: URL, leftover: URL) {
    let site = folder.appendingPathComponent("site")
    try build(SampleModel.model(), into: site)
    try Data("TOKEN=hunter2\n".utf8).write(to: site.appendingPathComponent("secret.env"))
    let leftover = folder.appendingPathComponent(name)
    try FileManager.default.copyItem(at: site, to: leftover)
    return (site, leftover)
  }

  @Test func aSiteThePersonDeletedDoesNotComeBack() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let (site, leftover) = try Self.siteWithALeftover(
      in: temp.url, named: ".site.flowatlas-old-\(UUID().uuidString.lowercased())")
    // The person starts clean.
    try FileManager.default.removeItem(at: site)
    try Self.build(SampleModel.model(), into: site)
    #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("secret.env").path))
    // What FlowAtlas wrote in the leftover is gone; the person's file stays, and is named.
    #expect(try TemporaryFolder.contents(of: leftover).keys.sorted() == [".flowatlas-site", "secret.env"])
    #expect(
      SiteBuilder.tidy(site) == [LeftoverFolder(path: leftover.path, count: 1, examples: ["secret.env"])])
  }

  @Test func aSiteSetAsideBetweenTheTwoRenamesComesBack() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let id = UUID().uuidString.lowercased()
    // Killed after moving the site aside, before moving the new one in: both halves are there.
    let (site, aside) = try Self.siteWithALeftover(in: temp.url, named: ".site.flowatlas-old-\(id)")
    let staging = temp.url.appendingPathComponent(".site.flowatlas-new-\(id)")
    try Self.build(SampleModel.model(hostile: true), into: staging)
    try Data().write(to: URL(fileURLWithPath: staging.path + ".lock"))
    try FileManager.default.removeItem(at: site)
    #expect(SiteBuilder.tidy(site) == [])
    #expect(Self.text(site.appendingPathComponent("secret.env")) == "TOKEN=hunter2\n")
    #expect(!FileManager.default.fileExists(atPath: aside.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["site"])
  }
}
