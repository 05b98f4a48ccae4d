import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasDocC

/// A catalog made from a model whose runs keep their journeys in a store (as a cached build's
/// do) reads each journey a few times, however many flows the app has, and writes what a model
/// holding them writes.
@Suite struct DocCJourneyReadsTests {
  /// Journeys kept apart from the model, counting what is asked.
  final class Counting: JourneyStore, @unchecked Sendable {
    let journeys: [String: Journey]
    private let lock = NSLock()
    private var asked: [String: Int] = [:]

    init(_ journeys: [String: Journey]) { self.journeys = journeys }

    func journey(of run: Run) -> Journey {
      lock.withLock { asked[run.slug, default: 0] += 1 }
      return journeys[run.slug] ?? Journey()
    }

    var reads: [String: Int] { lock.withLock { asked } }
  }

  @Test func eachJourneyIsReadAFewTimesWhateverTheFlows() throws {
    let held = try DocCCatalogTests.model("examples/Accounts/traces")
    let app = try #require(held.app(named: "Accounts"))
    #expect(app.flows.count >= 4, "enough flows for reads per flow to show")
    var journeys: [String: Journey] = [:]
    for run in app.runs { journeys[run.slug] = run.journey }
    let store = Counting(journeys)
    let kept = AppModel(
      name: app.name, slug: app.slug,
      runs: app.runs.map { run in
        var plain = run
        plain.leaveJourney(in: store, under: run.slug)
        return plain
      },
      coordinators: app.coordinators, screens: app.screens, transitions: app.transitions, flows: app.flows,
      diagnostics: app.diagnostics)
    let fromStore = try DocCCatalog(
      model: NavigationModel(apps: [kept], diagnostics: []), diagrams: SimpleDiagrams()
    ).files()
    let fromModel = try DocCCatalog(
      model: NavigationModel(apps: [app], diagnostics: []), diagrams: SimpleDiagrams()
    ).files()
    #expect(fromStore.map(\.path) == fromModel.map(\.path))
    #expect(zip(fromStore, fromModel).allSatisfy { $0.bytes == $1.bytes })
    let reads = store.reads
    #expect(Set(reads.keys) == Set(app.runs.map(\.slug)))
    #expect(reads.values.allSatisfy { $0 <= 4 }, "\(reads) over \(app.flows.count) flows")
  }
}
