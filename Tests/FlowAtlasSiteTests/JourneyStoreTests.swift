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

  @Test func journeyPagesComeFromTheStoreTheSiteIsHanded() throws {
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
    // A drawing that does not depend on the journey: the pages' own text is what is compared.
    let diagrams = FixedDiagramProvider(svg: "<svg viewBox=\"0 0 1 1\"><g id=\"drawn\"/></svg>")
    try SiteBuilder(model: held, diagrams: diagrams).build(into: fromModel)
    try SiteBuilder(model: apart, journeys: store, diagrams: diagrams).build(into: fromStore)

    let slugs = apart.apps.flatMap { $0.runs.map(\.slug) }
    #expect(Set(store.asked.withLock { $0 }) == Set(slugs), "every journey is read from the store")
    let (expected, built) = (
      try TemporaryFolder.contents(of: fromModel), try TemporaryFolder.contents(of: fromStore)
    )
    let journeyPages = expected.keys.filter { $0.contains("/journey-") && $0.hasSuffix(".html") }
    #expect(journeyPages.count == slugs.count)
    for page in journeyPages { #expect(built[page] == expected[page], "\(page)") }
  }
}
