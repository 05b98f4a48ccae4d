import FlowAtlasLock
import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasSite

/// A model whose runs left their journeys in a store gives the same journey pages and diagrams
/// as one whose runs hold them: each page and diagram reads the journey through its run, and the
/// store is asked for every one.
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

  /// Draws a journey as the number of its steps, read through its run.
  struct StepCounting: DiagramProvider {
    func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
      -> [DiagramSubject: String]
    {
      var svgs: [DiagramSubject: String] = [:]
      for subject in subjects {
        var drawn = "none"
        if case .journey(let slug) = subject, let run = app.run(slug: slug) {
          drawn = "steps-\(run.journey.steps.count)"
        }
        svgs[subject] = "<svg viewBox=\"0 0 1 1\"><g id=\"\(drawn)\"/></svg>"
      }
      return svgs
    }
  }

  @Test func journeyPagesAndDiagramsComeFromTheStoreTheRunsLeftThemIn() throws {
    let held = SampleModel.model(replayed: true)
    var journeys: [String: Journey] = [:]
    var left: [[(run: Run, key: String)]] = []
    for app in held.apps {
      left.append(app.runs.map { ($0, $0.replayKey!) })
      for run in app.runs { journeys[run.replayKey!] = run.journey }
    }
    let apart = KeptApart(journeys)
    let apps = zip(held.apps, left).map { app, runs in
      AppModel(
        name: app.name, slug: app.slug,
        runs: runs.map { run, key in
          var plain = run
          plain.leaveJourney(in: apart, under: key)
          return plain
        },
        coordinators: app.coordinators, screens: app.screens, transitions: app.transitions, flows: app.flows,
        diagnostics: app.diagnostics)
    }
    let stored = NavigationModel(apps: apps, diagnostics: held.diagnostics)
    #expect(stored.apps.allSatisfy { $0.runs.allSatisfy { !$0.holdsJourney && $0.stepCount > 0 } })
    #expect(apart.asked.withLock { $0 }.isEmpty, "leaving a journey reads none")

    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let fromModel = temp.url.appendingPathComponent("held")
    let fromStore = temp.url.appendingPathComponent("apart")
    try SiteBuilder(model: held, diagrams: StepCounting()).build(into: fromModel)
    try SiteBuilder(model: stored, diagrams: StepCounting()).build(into: fromStore)

    let slugs = stored.apps.flatMap { $0.runs.map(\.slug) }
    #expect(Set(apart.asked.withLock { $0 }) == Set(slugs), "every journey is read from the store")
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
