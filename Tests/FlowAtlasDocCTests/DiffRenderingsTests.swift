import FlowAtlasModel
import FlowAtlasSite
import Foundation
import Testing

@testable import FlowAtlasDocC

/// A diff is read three ways: `diff`'s Markdown, the Changes page (and `diff --format html`) and
/// DocC's changes article. Each lists every part of it (``NavigationDiff/sections``): the Changes
/// page and the article once counted the containers added in their summary and listed none.
@Suite struct DiffRenderingsTests {
  static func app(
    screens: [(type: String, owner: String, picture: String?)], transitions: [Transition],
    coordinators: [String], containers: [String]
  ) -> AppModel {
    AppModel(
      name: "Mail", slug: "mail", runs: [],
      coordinators: coordinators.map {
        CoordinatorType(
          type: $0, slug: Slug.make($0), starts: 1, children: [], parents: [], outputs: [], leaks: 0)
      },
      screens: screens.map { screen in
        var type = ScreenType(
          type: screen.type, slug: Slug.make(screen.type), titles: [], owner: screen.owner, visits: 1)
        type.picture = screen.picture.map {
          CheckedPicture(hash: $0, fileExtension: "png", width: 390, height: 844, path: "images/\($0).png")
        }
        return type
      },
      transitions: transitions, flows: [], diagnostics: [],
      containers: containers.map { ContainerType(type: $0, owner: coordinators[0]) })
  }

  static func push(_ from: String, _ to: String, on trigger: String = "Open") -> Transition {
    Transition(from: from, to: to, kind: .push, coordinator: "MailCoordinator", count: 1, triggers: [trigger])
  }

  /// Two versions that differ in every way a diff tells: a screen added and one removed, a flow
  /// added and one removed, a container added and one removed, transitions added and removed, a
  /// transition taken on another trigger, a screen in another flow, a screen that looks different.
  static let versions = (
    old: app(
      screens: [
        ("Inbox", "MailCoordinator", "aa"), ("Gone", "MailCoordinator", nil),
        ("Settings", "MailCoordinator", nil),
      ],
      transitions: [push("Inbox", "Gone"), push("Inbox", "Settings")],
      coordinators: ["MailCoordinator", "OldCoordinator"], containers: ["OldTabs"]),
    new: app(
      screens: [
        ("Inbox", "MailCoordinator", "bb"), ("Compose", "MailCoordinator", nil),
        ("Settings", "SettingsCoordinator", nil),
      ],
      transitions: [push("Inbox", "Compose"), push("Inbox", "Settings", on: "Gear")],
      coordinators: ["MailCoordinator", "SettingsCoordinator"], containers: ["MailTabs"])
  )

  /// The names a section lists.
  static func names(_ section: NavigationDiff.Section) -> [String] {
    switch section.content {
    case .screens(let names, _), .flows(let names), .containers(let names): names
    case .transitions(let transitions): transitions.map(\.to)
    case .triggers(let changes): changes.flatMap { [$0.transition.to] + $0.old + $0.new }
    case .moves(let moves): moves.flatMap { [$0.screen] + [$0.old, $0.new].compactMap { $0 } }
    case .pictures(let pictures): pictures.map(\.screen)
    }
  }

  @Test func everyPartOfADiffIsListedByTheMarkdownTheChangesPageAndTheArticle() throws {
    let diff = NavigationDiff(old: Self.versions.old, new: Self.versions.new)
    #expect(
      diff.sections.map(\.id) == [
        "screens-added", "screens-removed", "flows-added", "flows-removed", "containers-added",
        "containers-removed", "transitions-added", "transitions-removed", "transitions-retriggered",
        "screens-moved",
        "pictures-changed",
      ])
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="10pt" height="10pt" viewBox="0 0 10 10"></svg>"#
    let page = String(
      decoding: try ChangesReport.standalonePage(
        diff: diff, svg: Array(svg.utf8), pictures: ["aa": [1, 2, 3], "bb": [4, 5, 6]]),
      as: UTF8.self)
    var catalog = try DocCCatalog(
      model: NavigationModel(apps: [Self.versions.new], diagnostics: []), diagrams: SimpleDiagrams())
    catalog.baselines = ["Mail": Self.versions.old]
    let article = DocCCatalogTests.text(
      try #require(try catalog.files().first { $0.path.hasSuffix("_changes.md") }))
    for section in diff.sections {
      #expect(diff.markdown.contains("### \(section.title)\n"), "the Markdown lists \(section.id)")
      #expect(
        page.contains(#"<h2 id="\#(section.id)">\#(section.title)</h2>"#), "the page lists \(section.id)")
      #expect(article.contains("### \(section.title)\n"), "the article lists \(section.id)")
      for name in Self.names(section) {
        #expect(diff.markdown.contains("`\(name)`"), "the Markdown names \(name)")
        #expect(page.contains("<code>\(name)</code>"), "the page names \(name)")
        #expect(article.contains(name), "the article names \(name)")
      }
    }
  }

  /// In a module's catalog, the article links the screens and flows the app still has to their
  /// symbol pages, and writes the ones only the baseline had in code voice (the module has no
  /// symbol for them), and containers too, as the app's article does (most are the system's).
  @Test func theArticleLinksOnlyScreensAndFlowsTheAppStillHas() throws {
    var catalog = try DocCCatalog(
      model: NavigationModel(apps: [Self.versions.new], diagnostics: []), diagrams: SimpleDiagrams(),
      module: "Mail")
    catalog.baselines = ["Mail": Self.versions.old]
    let article = DocCCatalogTests.text(
      try #require(try catalog.files().first { $0.path.hasSuffix("_changes.md") }))
    for kept in ["Compose", "SettingsCoordinator", "Inbox"] {
      #expect(article.contains("``Mail/\(kept)``"), "\(kept) is linked")
    }
    for code in ["Gone", "OldCoordinator", "OldTabs", "MailTabs"] {
      #expect(article.contains("`\(code)`") && !article.contains("``Mail/\(code)``"), "\(code) is code")
    }
  }

  /// A baseline recorded with modules (`Mail.Compose`) against traces without: the diff names the
  /// app's types as the baseline does, and the article links them without the module twice.
  @Test func aBaselinesModulesAreNotRepeatedInTheArticlesLinks() throws {
    let old = AppModel(
      name: "Mail", slug: "mail", runs: [], coordinators: [],
      screens: [
        ScreenType(type: "Mail.Inbox", slug: "mail-inbox", titles: [], owner: nil, visits: 1)
      ], transitions: [], flows: [], diagnostics: [], modules: ["Mail"])
    let new = Self.app(
      screens: [("Inbox", "MailCoordinator", nil), ("Compose", "MailCoordinator", nil)],
      transitions: [Self.push("Inbox", "Compose")], coordinators: ["MailCoordinator"], containers: [])
    #expect(new.matchingModules(of: old).modules == ["Mail"])
    var catalog = try DocCCatalog(
      model: NavigationModel(apps: [new], diagnostics: []), diagrams: SimpleDiagrams(), module: "Mail")
    catalog.baselines = ["Mail": old]
    let article = DocCCatalogTests.text(
      try #require(try catalog.files().first { $0.path.hasSuffix("_changes.md") }))
    #expect(article.contains("``Mail/Compose``"), "\(article)")
    #expect(article.contains("``Mail/Inbox``"), "\(article)")
    #expect(!article.contains("``Mail/Mail/"), "\(article)")
  }
}
