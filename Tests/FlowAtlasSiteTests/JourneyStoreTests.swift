import FlowAtlasLock
import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasSite

/// The site reads each run's journey from the store it is handed, never from somewhere the run
/// knows of: a model whose runs left their journeys in a store gives the same journey pages.
@Suite struct JourneyStoreTests {
  /// Journeys kept apart from the model, by replay key, counting what is asked.
  final class KeptApart: JourneyStore {
    let journeys: [String: Journey]
    let asked = Lock([String]())

    init(_ journeys: [String: Journey]) { self.journeys = journeys }

    func journey(of run: Run) -> Journey {
      asked.withLock { $0.append(run.slug) }
      return journeys[run.replayKey ?? ""] ?? Journey()
    }
  }

  /// Draws a journey as the number of its steps, read from the store it was handed.
  struct StepCounting: DiagramProvider {
    var journeys: any JourneyStore = HeldJourneys()

    func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
      -> [DiagramSubject: String]
    {
      var svgs: [DiagramSubject: String] = [:]
      for subject in subjects {
        var drawn = "none"
        if case .journey(let slug) = subject, let run = app.run(slug: slug) {
          drawn = "steps-\(journeys.journey(of: run).steps.count)"
        }
        svgs[subject] = "<svg viewBox=\"0 0 1 1\"><g id=\"\(drawn)\"/></svg>"
      }
      return svgs
    }

    func reading(_ journeys: any JourneyStore) -> any DiagramProvider { StepCounting(journeys: journeys) }
  }

  @Test func journeyPagesAndDiagramsComeFromTheStoreTheSiteIsHanded() throws {
    let held = SampleModel.model(replayed: true)
    var journeys: [String: Journey] = [:]
    let apps = held.apps.map { app in
      let runs = app.runs.map { run in
        journeys[run.replayKey!] = run.journey!
        var plain = run
        plain.journey = nil
        return plain
      }
      return AppModel(
        name: app.name, slug: app.slug, runs: runs, coordinators: app.coordinators, screens: app.screens,
        transitions: app.transitions, flows: app.flows, diagnostics: app.diagnostics)
    }
    let apart = NavigationModel(apps: apps, diagnostics: held.diagnostics)
    #expect(apart.apps.allSatisfy { $0.runs.allSatisfy { $0.journey == nil && $0.stepCount > 0 } })
    let store = KeptApart(journeys)

    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let fromModel = temp.url.appendingPathComponent("held")
    let fromStore = temp.url.appendingPathComponent("apart")
    // The provider is given no store: the site hands it its own.
    try SiteBuilder(model: held, diagrams: StepCounting()).build(into: fromModel)
    try SiteBuilder(model: apart, journeys: store, diagrams: StepCounting()).build(into: fromStore)

    let slugs = apart.apps.flatMap { $0.runs.map(\.slug) }
    #expect(Set(store.asked.withLock { $0 }) == Set(slugs), "every journey is read from the store")
    let (expected, built) = (
      try TemporaryFolder.contents(of: fromModel), try TemporaryFolder.contents(of: fromStore)
    )
    let journeyPages = expected.keys.filter { $0.contains("/journey-") && $0.hasSuffix(".html") }
    #expect(journeyPages.count == slugs.count)
    for page in journeyPages { #expect(built[page] == expected[page], "\(page)") }
    let drawn = journeyPages.compactMap { built[$0] }.map { String(decoding: $0, as: UTF8.self) }
    #expect(drawn.contains { $0.contains("id=\"steps-2\"") }, "the diagrams count the stored steps")
  }
}
