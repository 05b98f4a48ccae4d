import FlowAtlasModel
import FlowAtlasRecording
import FlowAtlasTrace
import Testing

@testable import TicketsExample

/// What the traces recorded from the adopted build give: the model FlowAtlas draws, as the
/// spec's reference reader replays it.
@MainActor
struct TicketsModelTests {
  static func model() throws -> NavigationModel {
    var traces: [(file: String, bytes: [UInt8])] = []
    for journey in TicketsExample.journeys {
      let sink = MemoryTraceSink()
      try journey.record(to: sink)
      traces.append(("tickets/\(journey.run).jsonl", Array(sink.text.utf8)))
    }
    return ModelBuilder(workers: 1).build(traces: traces)
  }

  static func app() throws -> AppModel {
    try #require(try model().app(named: "Tickets"))
  }

  @Test func theHierarchyIsTheTeamsCoordinators() throws {
    let app = try Self.app()
    let children = Dictionary(uniqueKeysWithValues: app.coordinators.map { ($0.type, $0.children) })
    #expect(children["AppCoordinator"] == ["AuthCoordinator", "HomeCoordinator"])
    #expect(children["HomeCoordinator"] == ["HelpCoordinator", "PurchaseCoordinator"])
    #expect(children["PurchaseCoordinator"] == [])
    let outputs = Dictionary(uniqueKeysWithValues: app.coordinators.map { ($0.type, $0.outputs) })
    #expect(outputs["AuthCoordinator"] == ["loggedIn"])
    #expect(outputs["PurchaseCoordinator"] == ["purchased"])
  }

  @Test func eachMarkedCoordinatorOwnsTheScreensItShowed() throws {
    let owners = Dictionary(uniqueKeysWithValues: try Self.app().screens.map { ($0.type, $0.owner) })
    #expect(owners["LoginViewController"] == "AuthCoordinator")
    #expect(owners["FilmListViewController"] == "HomeCoordinator")
    #expect(owners["FilmDetailViewController"] == "HomeCoordinator")
    #expect(owners["SeatsViewController"] == "PurchaseCoordinator")
    #expect(owners["PaymentViewController"] == "PurchaseCoordinator")
    #expect(owners["ConfirmationViewController"] == "PurchaseCoordinator")
    // HelpCoordinator has no marked router: what it showed is not guessed.
    #expect(owners["HelpViewController"] == .some(nil))
  }

  @Test func whatNoCoordinatorClaimedStaysUnattributed() throws {
    let transitions = try Self.app().transitions.filter { $0.coordinator == nil }
    #expect(
      transitions.map { "\($0.from ?? "entry") \($0.kind.rawValue) \($0.to) \($0.system)" } == [
        "FilmListViewController push HelpViewController 0",
        "HelpViewController pop FilmListViewController 1",
      ])
  }

  @Test func theBackButtonIsTheSystemsAndBelongsToWhoShowedTheScreen() throws {
    let pops = try Self.app().transitions.filter { $0.kind == .pop }
    let seats = try #require(pops.first { $0.from == "SeatsViewController" })
    #expect(seats.coordinator == "PurchaseCoordinator")
    #expect(seats.isSystem)
    #expect(seats.triggers == ["backButton"])
  }

  @Test func theForgottenChildAndTheBackButtonLeakAreFound() throws {
    let diagnostics = try Self.model().diagnostics.filter {
      $0.code == .coordinatorLeak || $0.code == .orphanedCoordinator
    }
    #expect(
      diagnostics.map { "\($0.file) \($0.code.rawValue)" } == [
        "tickets/back-out-of-the-seat-map.jsonl orphaned-coordinator",
        "tickets/log-in-and-buy-tickets.jsonl coordinator-leak",
      ])
    #expect(diagnostics.allSatisfy { $0.message.contains("PurchaseCoordinator") })
    let purchase = try #require(try Self.app().coordinators.first { $0.type == "PurchaseCoordinator" })
    #expect(purchase.leaks == 1)
    #expect(purchase.orphans == 1)
  }

  @Test func theTracesHaveNoOtherProblems() throws {
    let others = try Self.model().diagnostics.filter {
      $0.code != .coordinatorLeak && $0.code != .orphanedCoordinator
    }
    #expect(others.isEmpty, "\(others.map(\.formatted))")
  }
}
