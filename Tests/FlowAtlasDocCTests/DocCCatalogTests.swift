import FlowAtlasModel
import FlowAtlasSite
import Foundation
import Testing

@testable import FlowAtlasBuild
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
    #expect(paths.contains("flowatlas.md"))
    #expect(catalog.offered.map(\.path) == ["theme-settings.json"])
    for path in paths where path != "flowatlas.md" {
      #expect(path.hasPrefix("flowatlas-") || path.hasPrefix("resources/flowatlas-"), "\(path)")
    }
    for (app, slug) in [("Shop", "shop"), ("Shop Digital", "shop-digital"), ("Purchase", "purchase")] {
      let model = try #require(model.app(named: app))
      #expect(paths.contains("flowatlas-\(slug).md"))
      for flow in model.flows {
        #expect(paths.contains("flowatlas-\(slug)_flow-\(flow.slug).md"))
        #expect(paths.contains("resources/flowatlas-\(slug)_flow-\(flow.slug).svg"))
        #expect(paths.contains("resources/flowatlas-\(slug)_flow-\(flow.slug)~dark.svg"))
      }
      for run in model.runs { #expect(paths.contains("flowatlas-\(slug)_journey-\(run.slug).md")) }
    }
    #expect(paths.contains("flowatlas-shop-digital_changes.md"))
    #expect(
      paths.contains("resources/flowatlas-shop-digital_changes.svg") == false, "the fake draws no changes")
    #expect(!paths.contains("flowatlas-shop_changes.md"), "only an app with a baseline has one")
    let root = Self.text(try #require(files.first { $0.path == "flowatlas.md" }))
    #expect(root.contains("@TechnologyRoot") && root.contains("- <doc:flowatlas-shop-digital>"))
  }

  @Test func theDarkVariantIsTheLightOneRestyled() throws {
    let files = try DocCCatalog(model: try Self.model("examples/Purchase/traces"), diagrams: SimpleDiagrams())
      .files()
    let light = Self.text(try #require(files.first { $0.path == "resources/flowatlas-purchase_app-map.svg" }))
    let dark = Self.text(
      try #require(files.first { $0.path == "resources/flowatlas-purchase_app-map~dark.svg" }))
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
      try #require(files.first { $0.path == "flowatlas-shop_flow-checkout-coordinator.md" }))
    #expect(flow.contains("``ShopExample/CheckoutCoordinator`` owns 5 screens"))
    #expect(flow.contains("``ShopExample/PaymentViewController``"))
    let root = Self.text(try #require(files.first { $0.path == "flowatlas.md" }))
    #expect(!root.contains("@TechnologyRoot"))
    let catalog = try DocCCatalog(
      model: try Self.model("examples/Shop/traces/shop"), diagrams: SimpleDiagrams(), module: "ShopExample")
    #expect(catalog.offered.isEmpty, "the team's own theme settings stay theirs")
  }

  /// Types the traces recorded with their module (`Bank.HomeViewController`, revision 4): those of
  /// the documented module link without repeating it; another module's are code voice, since its
  /// symbols are not this module's; nested types of a name no trace gave as a module still link.
  @Test func typesRecordedWithTheirModuleLinkOnlyIntoTheDocumentedOne() throws {
    let trace = """
      {"flowatlas":"trace","version":1,"app":"Bank","run":"open-account"}
      {"seq":1,"event":"coordinator.start","coordinator":"c","type":"AppCoordinator","module":"Bank"}
      {"seq":2,"event":"router.setRoot","coordinator":"c","screen":{"id":"a","type":"HomeViewController","module":"Bank"}}
      {"seq":3,"event":"router.push","coordinator":"c","screen":{"id":"b","type":"DetailViewController","module":"Accounts"}}
      {"seq":4,"event":"router.push","coordinator":"c","screen":{"id":"d","type":"Settings.RootViewController"}}

      """
    let model = ModelBuilder(workers: 1).build(traces: [("traces/bank.jsonl", Array(trace.utf8))])
    #expect(model.apps.first?.modules == ["Accounts", "Bank"])
    let files = try DocCCatalog(model: model, diagrams: SimpleDiagrams(), module: "Bank").files()
    let flow = Self.text(
      try #require(files.first { $0.path.hasPrefix("flowatlas-bank_flow-") }, "\(files.map(\.path))"))
    #expect(flow.contains("``Bank/AppCoordinator``"), "\(flow)")
    #expect(flow.contains("``Bank/HomeViewController``"))
    #expect(flow.contains("`Accounts.DetailViewController`"))
    #expect(flow.contains("``Bank/Settings/RootViewController``"))
    #expect(!flow.contains("``Bank/Bank/") && !flow.contains("``Bank/Accounts/"))
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
      #expect(text.matches(of: /<doc:/).count == text.matches(of: /<doc:flowatlas(-[a-z0-9_-]+)?>/).count)
      #expect(text.matches(of: /``/).count == 2 * text.matches(of: /``Fixture\/[A-Za-z0-9_\/]+``/).count)
      #expect(text.matches(of: /\]\(/).count == text.matches(of: /\]\(flowatlas-[a-z0-9_-]+\.svg\)/).count)
      // Outside code voice (shown as it is) and FlowAtlas's own links, no `<` may open a tag.
      let prose = text.replacing(/`[^`\n]*`/, with: "").replacing(/<doc:flowatlas(-[a-z0-9_-]+)?>/, with: "")
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

  /// A trace of one app whose root flow shows one screen.
  static func trace(app: String, run: String, coordinator: String) -> (file: String, bytes: [UInt8]) {
    let lines = [
      #"{"flowatlas":"trace","version":1,"app":"\#(app)","run":"\#(run)"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"\#(coordinator)"}"#,
      #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"HomeViewController"},"coordinator":"c1"}"#,
    ]
    return ("\(app)/\(run).jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
  }

  @Test func noTwoAppsArticlesOrImagesShareAName() throws {
    // Each pair once collided: an app called Navigation and the root; "Shop Changes" and Shop's
    // changes; "Shop Flow X" and Shop's flow X; "Shop Journey A" and Shop's journey A.
    let model = ModelBuilder(keepsJourneys: true).build(traces: [
      Self.trace(app: "Navigation", run: "a", coordinator: "X"),
      Self.trace(app: "Shop", run: "a", coordinator: "X"),
      Self.trace(app: "Shop Changes", run: "a", coordinator: "X"),
      Self.trace(app: "Shop Flow X", run: "a", coordinator: "X"),
      Self.trace(app: "Shop Journey A", run: "a", coordinator: "X"),
    ])
    #expect(model.apps.count == 5)
    var catalog = try DocCCatalog(model: model, diagrams: SimpleDiagrams())
    catalog.baselines = ["Shop": try #require(model.app(named: "Shop"))]
    let paths = try catalog.files().map(\.path)
    #expect(Set(paths).count == paths.count)
    // Root, five apps with one flow and one journey each, and Shop's changes.
    #expect(paths.filter { $0.hasSuffix(".md") }.count == 1 + 5 * 3 + 1)
    let root = Self.text(try #require(try catalog.files().first { $0.path == "flowatlas.md" }))
    for slug in ["navigation", "shop", "shop-changes", "shop-flow-x", "shop-journey-a"] {
      #expect(root.contains("- <doc:flowatlas-\(slug)>\n"))
    }
  }

  @Test func theThemeSettingsAreWrittenOnceAndThenTheTeams() throws {
    let temp = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowatlas-docc-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: temp) }
    let output = temp.appendingPathComponent("Navigation.docc")
    let catalog = try DocCCatalog(
      model: try Self.model("examples/Purchase/traces"), diagrams: SimpleDiagrams())
    try catalog.write(into: output)
    let settings = output.appendingPathComponent("theme-settings.json")
    #expect(FileManager.default.fileExists(atPath: settings.path))
    let manifest = try String(contentsOf: output.appendingPathComponent(".flowatlas-site"), encoding: .utf8)
    #expect(manifest.hasPrefix("This folder is a FlowAtlas DocC catalog; flowatlas docc may replace it.\n"))
    #expect(!manifest.contains("theme-settings.json"), "not FlowAtlas's once written")
    try Data(##"{"theme": {"color": {"fill": "#101010"}}}"##.utf8).write(to: settings)
    try catalog.write(into: output)
    #expect(try String(contentsOf: settings, encoding: .utf8).contains("#101010"))
  }
}
