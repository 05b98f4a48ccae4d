import FlowAtlasModel
import FlowAtlasSite
import Foundation
import Testing

@testable import FlowAtlasDocC

/// The catalog made from real traces: the examples' (recorded from their coordinator code) and
/// the hostile set the browser tests use.
@Suite struct DocCCatalogTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func model(_ folders: String...) throws -> NavigationModel {
    let files = try TraceInputs.files(in: folders.map { repository.appendingPathComponent($0).path })
    return try ModelBuilder(keepsJourneys: true).build(files: files)
  }

  static func text(_ file: (path: String, bytes: [UInt8])) -> String {
    String(decoding: file.bytes, as: UTF8.self)
  }

  @Test func everyAppFlowAndJourneyHasItsArticleAndEveryDiagramTwoVariants() throws {
    let model = try Self.model("examples/Shop/traces", "examples/Purchase/traces")
    var catalog = try DocCCatalog(model: model, diagrams: SimpleDiagrams())
    catalog.baselines = ["Shop Digital": try #require(model.app(named: "Shop"))]
    let files = try catalog.files()
    let paths = Set(files.map(\.path))
    #expect(files.map(\.path) == files.map(\.path).sorted())
    #expect(paths.contains("flowatlas-navigation.md") && paths.contains("theme-settings.json"))
    for path in paths where path != "theme-settings.json" {
      #expect(path.hasPrefix("flowatlas-") || path.hasPrefix("resources/flowatlas-"), "\(path)")
    }
    for (app, slug) in [("Shop", "shop"), ("Shop Digital", "shop-digital"), ("Purchase", "purchase")] {
      let model = try #require(model.app(named: app))
      #expect(paths.contains("flowatlas-\(slug).md"))
      for flow in model.flows {
        #expect(paths.contains("flowatlas-\(slug)-flow-\(flow.slug).md"))
        #expect(paths.contains("resources/flowatlas-\(slug)-flow-\(flow.slug).svg"))
        #expect(paths.contains("resources/flowatlas-\(slug)-flow-\(flow.slug)~dark.svg"))
      }
      for run in model.runs { #expect(paths.contains("flowatlas-\(slug)-journey-\(run.slug).md")) }
    }
    #expect(paths.contains("flowatlas-shop-digital-changes.md"))
    #expect(
      paths.contains("resources/flowatlas-shop-digital-changes.svg") == false, "the fake draws no changes")
    #expect(!paths.contains("flowatlas-shop-changes.md"), "only an app with a baseline has one")
    let root = Self.text(try #require(files.first { $0.path == "flowatlas-navigation.md" }))
    #expect(root.contains("@TechnologyRoot") && root.contains("- <doc:flowatlas-shop-digital>"))
  }

  @Test func theDarkVariantIsTheLightOneRestyled() throws {
    let files = try DocCCatalog(model: try Self.model("examples/Purchase/traces"), diagrams: SimpleDiagrams())
      .files()
    let light = Self.text(try #require(files.first { $0.path == "resources/flowatlas-purchase-app-map.svg" }))
    let dark = Self.text(
      try #require(files.first { $0.path == "resources/flowatlas-purchase-app-map~dark.svg" }))
    #expect(light.hasPrefix("<?xml") && !light.contains("<style"))
    #expect(dark.contains("<style>.diagram-svg { color-scheme: dark;"))
    #expect(dark.replacing(/<style>[^<]*<\/style>/, with: "") == light)
  }

  @Test func theSameTracesGiveTheSameBytes() throws {
    let first = try DocCCatalog(model: try Self.model("examples/Shop/traces"), diagrams: SimpleDiagrams())
      .files()
    let second = try DocCCatalog(model: try Self.model("examples/Shop/traces"), diagrams: SimpleDiagrams())
      .files()
    #expect(first.map(\.path) == second.map(\.path))
    #expect(first.map(\.bytes) == second.map(\.bytes))
  }

  @Test func withAModuleTypesAreSymbolLinksAndTheRootIsAnArticleOfIt() throws {
    let files = try DocCCatalog(
      model: try Self.model("examples/Shop/traces/shop"), diagrams: SimpleDiagrams(), module: "ShopExample"
    ).files()
    let flow = Self.text(
      try #require(files.first { $0.path == "flowatlas-shop-flow-checkout-coordinator.md" }))
    #expect(flow.contains("``ShopExample/CheckoutCoordinator`` owns 5 screens"))
    #expect(flow.contains("``ShopExample/PaymentViewController``"))
    let root = Self.text(try #require(files.first { $0.path == "flowatlas-navigation.md" }))
    #expect(!root.contains("@TechnologyRoot"))
    #expect(!files.contains { $0.path == "theme-settings.json" }, "the team's own theme settings stay theirs")
  }

  @Test func hostileTracesStayText() throws {
    let files = try DocCCatalog(
      model: try Self.model("Tests/Browser/hostile"), diagrams: SimpleDiagrams(), module: "Fixture"
    ).files()
    let articles = files.filter { $0.path.hasSuffix(".md") }
    #expect(articles.count > 3)
    for article in articles {
      let text = Self.text(article)
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        #expect(!line.hasPrefix("@") || ["@Metadata {", "  @TechnologyRoot"].contains(line))
      }
      // Every link is one FlowAtlas wrote: to its own articles and images, to the module's types.
      #expect(text.matches(of: /<doc:/).count == text.matches(of: /<doc:flowatlas-[a-z0-9-]+>/).count)
      #expect(text.matches(of: /``/).count == 2 * text.matches(of: /``Fixture\/[A-Za-z0-9_\/]+``/).count)
      #expect(text.matches(of: /\]\(/).count == text.matches(of: /\]\(flowatlas-[a-z0-9-]+\.svg\)/).count)
      // Outside code voice (shown as it is) and FlowAtlas's own links, no `<` may open a tag.
      let prose = text.replacing(/`[^`\n]*`/, with: "").replacing(/<doc:flowatlas-[a-z0-9-]+>/, with: "")
        .replacing("\\<", with: "")
      #expect(!prose.contains("<"), "\(article.path)")
    }
  }

  @Test func anUnsafeDiagramFailsTheCatalog() throws {
    let model = try Self.model("examples/Purchase/traces")
    #expect(throws: DocCError.self) {
      try DocCCatalog(model: model, diagrams: SimpleDiagrams(hostile: true)).files()
    }
  }

  @Test func aRewriteKeepsTheTeamsFilesAndAForeignFolderIsRefused() throws {
    let temp = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flowatlas-docc-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: temp) }
    let output = temp.appendingPathComponent("Navigation.docc")
    let catalog = try DocCCatalog(
      model: try Self.model("examples/Purchase/traces"), diagrams: SimpleDiagrams())
    let articles = try catalog.write(into: output)
    #expect(articles.contains("flowatlas-purchase.md"))
    let own = output.appendingPathComponent("Introduction.md")
    try Data("# Our app\n".utf8).write(to: own)
    try catalog.write(into: output)
    #expect(try String(contentsOf: own, encoding: .utf8) == "# Our app\n")
    #expect(
      FileManager.default.fileExists(atPath: output.appendingPathComponent("flowatlas-purchase.md").path))

    let foreign = temp.appendingPathComponent("Theirs.docc")
    try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
    try Data("# Theirs\n".utf8).write(to: foreign.appendingPathComponent("Theirs.md"))
    #expect(throws: DocCError.site(.foreignOutputFolder(path: foreign.path))) {
      try catalog.write(into: foreign)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: foreign.path) == ["Theirs.md"])
  }
}
