import FlowAtlasTrace
import Testing

@testable import FlowAtlasModel

/// The page scheme names every page, diagram file and DocC article of an app; links and file
/// names follow from it.
@Suite("Page scheme")
struct PageSchemeTests {
  /// An app whose coordinator and run names are not slugs, one of them the name of a page.
  func app() -> AppModel {
    var script = ReplayScript(run: "Sign in & pay", file: "index.jsonl")
    script.add(.coordinatorStart(coordinator: "app", type: "AppCoordinator", parent: nil))
    script.add(.setRoot(screen: screen("1", "Home"), coordinator: "app", router: nil, background: nil))
    script.add(.coordinatorStart(coordinator: "p", type: "Problems", parent: "app"))
    script.add(.push(screen: screen("2", "Problems.Detail"), coordinator: "p", router: nil, animated: nil))
    return script.model()
  }

  @Test func everyDiagramHasAStemOfItsOwnMadeOfSlugCharacters() {
    let app = app()
    let stems = DiagramSubject.all(of: app).map { $0.stem(in: app) }
    #expect(Set(stems).count == stems.count)
    #expect(stems.count == 2 + app.flows.count + app.runs.count + app.screens.count)
    for stem in stems {
      #expect(DiagramLinks.isSafe(PageScheme.diagramFile(stem)), "\(stem)")
      #expect(!stem.contains("_") && !stem.contains("."), "\(stem)")
    }
  }

  @Test func aFlowsAndARunsPageAreTheirDiagramsStemAsHTML() {
    let app = app()
    for flow in app.flows {
      #expect(
        PageScheme.flowPage(flow.slug) == DiagramSubject.flow(coordinator: flow.coordinator).stem(in: app)
          + ".html")
      #expect(DiagramLinks.site.flow(flow.slug) == PageScheme.flowPage(flow.slug))
    }
    for run in app.runs {
      #expect(
        PageScheme.journeyPage(run.slug) == DiagramSubject.journey(run: run.slug).stem(in: app) + ".html")
      #expect(DiagramLinks.site.run(run.slug) == PageScheme.journeyPage(run.slug))
    }
  }

  @Test func aScreenLinksToItsOwnPageAndHasItsPlaceOnItsOwnersFlowPage() {
    #expect(DiagramLinks.site.screen("auth", "login") == "screen-login.html")
    #expect(DiagramLinks.site.screen(nil, "login") == "screen-login.html")
    #expect(PageScheme.screenLink(owner: "auth", screen: "login") == "flow-auth.html#screen-login")
    let app = app()
    for screen in app.screens {
      #expect(
        PageScheme.screenPage(screen.slug) == DiagramSubject.screen(type: screen.type).stem(in: app)
          + ".html")
    }
    #expect(DiagramSubject.screen(type: "Home", depth: 2).stem(in: app) == "screen-home.depth-2")
  }

  @Test func noSlugNamesAPageOfTheAppFolder() {
    let app = app()
    let pages =
      [PageScheme.index, PageScheme.problems, PageScheme.changes]
      + app.flows.map { PageScheme.flowPage($0.slug) } + app.runs.map { PageScheme.journeyPage($0.slug) }
      + app.screens.map { PageScheme.screenPage($0.slug) }
    #expect(Set(pages).count == pages.count)
  }

  @Test(arguments: [(0, 1), (1, 1), (1_000, 1), (1_001, 2), (3_000, 3), (3_001, 4)])
  func aLongJourneyGoesOnOverPagesOfAThousandSteps(steps: Int, parts: Int) {
    #expect(PageScheme.journeyParts(stepCount: steps) == parts)
  }

  @Test func laterPartsOfAJourneyAreNoOtherPage() {
    #expect(PageScheme.journeyPage("run-1") == "journey-run-1.html")
    #expect(PageScheme.journeyPage("run-1", part: 1) == "journey-run-1.steps-2.html")
    #expect(!Slug.isValid("run-1.steps-2"))
  }

  @Test func doccNamesAreTheAppsArticleThenTheStem() {
    let app = app()
    #expect(PageScheme.doccArticle(app: "shop") == "flowatlas-shop")
    for subject in DiagramSubject.all(of: app) {
      let stem = subject.stem(in: app)
      #expect(PageScheme.doccName(app: "shop", stem: stem) == "flowatlas-shop_\(stem)")
    }
  }

  @Test func aSubjectTheAppDoesNotHaveIsStillNamedBySlug() {
    let app = app()
    #expect(
      DiagramSubject.flow(coordinator: "Nowhere Coordinator").stem(in: app) == "flow-nowhere-coordinator")
    #expect(DiagramSubject.journey(run: "A run!").stem(in: app) == "journey-a-run")
  }

  @Test func everyKindOfDiagramHasOneSpellingOnTheCommandLineAndOneStem() {
    let rows = DiagramSubject.Kind.allCases.map(\.row)
    #expect(Set(rows.map(\.argument)).count == rows.count)
    #expect(Set(rows.map(\.stem)).count == rows.count)
    // No spelling begins another's, so a name finds one kind whatever the table's order.
    for row in rows {
      #expect(rows.filter { $0.argument.hasPrefix(row.argument) }.count == 1, "\(row.argument)")
    }
  }

  @Test func everyDiagramIsFoundByItsNameOnTheCommandLine() throws {
    let app = app()
    for subject in DiagramSubject.all(of: app) {
      let row = subject.kind.row
      let name: String =
        switch subject {
        case .appMap, .hierarchy: row.argument
        case .flow(let coordinator): row.argument + coordinator
        case .journey(let slug): row.argument + (app.run(slug: slug)?.name ?? "")
        case .screen(let type, _): row.argument + type
        }
      #expect(try DiagramSubject.named(name, in: app) == subject, "\(name)")
      #expect(DiagramSubject.Kind(naming: name) == subject.kind)
    }
    #expect(DiagramSubject.Kind(naming: "everything") == nil)
    #expect(throws: ModelError.self) { try DiagramSubject.named("flow:Nowhere", in: app) }
    #expect(
      throws: ModelError.unknownDiagram(
        reason:
          "unknown diagram 'everything'; use app, hierarchy, flow:<CoordinatorType>, run:<run name or trace file>, "
          + "screen:<ScreenType> or legend")
    ) { try DiagramSubject.named("everything", in: app, otherSpellings: ["legend"]) }
  }
}
