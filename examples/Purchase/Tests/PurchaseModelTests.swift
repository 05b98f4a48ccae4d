import FlowAtlasModel
import FlowAtlasRecording
import FlowAtlasTrace
import Testing

@testable import PurchaseExample

/// What the Purchase journeys record, replayed into the model FlowAtlas draws: the plain
/// coordinators own their screens, and the person's moves are the system's.
@MainActor
struct PurchaseModelTests {
  static func model() throws -> NavigationModel {
    var traces: [(file: String, bytes: [UInt8])] = []
    for journey in PurchaseExample.journeys {
      let sink = MemoryTraceSink()
      try journey.record(to: sink)
      traces.append(("purchase/\(journey.run).jsonl", Array(sink.text.utf8)))
    }
    return ModelBuilder(workers: 1).build(traces: traces)
  }

  static func app() throws -> AppModel {
    try #require(try model().app(named: "Purchase"))
  }

  @Test func theCoordinatorsOwnTheScreensTheyPushed() throws {
    let app = try Self.app()
    let owners = Dictionary(uniqueKeysWithValues: app.screens.map { ($0.type, $0.owner) })
    #expect(owners["ProductListViewController"] == "PurchaseCoordinator")
    #expect(owners["ProductDetailViewController"] == "PurchaseCoordinator")
    #expect(owners["OrderSummaryViewController"] == "PurchaseCoordinator")
    #expect(owners["PaymentViewController"] == "PaymentCoordinator")
    #expect(owners["ConfirmationViewController"] == "PaymentCoordinator")
    let children = Dictionary(uniqueKeysWithValues: app.coordinators.map { ($0.type, $0.children) })
    #expect(children["PurchaseCoordinator"] == ["PaymentCoordinator"])
  }

  @Test func pushesAreTheAppsAndTheBackButtonTheSystems() throws {
    let transitions = try Self.app().transitions
    let pushes = transitions.filter { $0.kind == .push }
    #expect(!pushes.isEmpty && pushes.allSatisfy { $0.system == 0 && $0.coordinator != nil })
    #expect(pushes.contains { $0.to == "ProductDetailViewController" && $0.triggers.contains("Lamp") })
    let systemKinds = Set(transitions.filter { $0.system > 0 }.map(\.kind))
    #expect(systemKinds == [.pop, .popTo, .dismiss])
    let systemTriggers = Set(transitions.filter { $0.system > 0 }.flatMap(\.triggers))
    #expect(
      systemTriggers.isSuperset(of: ["backButton", "edgeSwipe", "backMenu", "swipeDown"]), "\(systemTriggers)"
    )
  }

  @Test func leavingThePaymentByTheBackButtonOrphansItsFlow() throws {
    let model = try Self.model()
    let orphans = model.diagnostics.filter { $0.code == .orphanedCoordinator }
    #expect(orphans.count == 1)
    #expect(orphans.first?.file == "purchase/back-out-of-payment.jsonl")
    #expect(orphans.first?.message.contains("PaymentCoordinator") == true)
  }

  @Test func theJourneysRecordTheSameBytesEveryTime() throws {
    for journey in PurchaseExample.journeys {
      let first = MemoryTraceSink()
      let second = MemoryTraceSink()
      try journey.record(to: first)
      try journey.record(to: second)
      #expect(first.text == second.text, "\(journey.run)")
    }
  }
}
