import FlowAtlasJourneys
import FlowAtlasRecording
import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

@testable import ShopExample

/// What the journeys write: the trace the site is built from.
@MainActor
struct ShopRecordingTests {
  static func record(_ journey: ScriptedJourney) throws -> MemoryTraceSink {
    let sink = MemoryTraceSink()
    try journey.record(to: sink)
    return sink
  }

  static func journey(app: String, run: String) throws -> ScriptedJourney {
    try #require(ShopExample.journeys.first { $0.app == app && $0.run == run })
  }

  @Test("both shop apps have at least five journeys, each run unique and file-name friendly")
  func journeyList() {
    for app in ["Shop", "Shop Digital"] {
      let runs = ShopExample.journeys.filter { $0.app == app }.map(\.run)
      #expect(runs.count >= 5, "\(app)")
      #expect(Set(runs).count == runs.count, "\(app)")
    }
    for journey in ShopExample.journeys {
      #expect(journey.run.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(journey.run)")
      #expect(!journey.title.isEmpty)
      #expect(journey.metadata["device"] != nil)
    }
  }

  @Test(
    "each journey records without error, the same records every time",
    arguments: ShopExample.journeys.indices)
  func deterministic(_ index: Int) throws {
    let journey = ShopExample.journeys[index]
    let first = try Self.record(journey)
    let second = try Self.record(journey)
    #expect(first.isFinished)
    #expect(first.header == journey.header)
    #expect(first.records == second.records)
    #expect(first.records.count > 5)
    #expect(first.records.map(\.seq) == Array(1...first.records.count))
    #expect(first.records.allSatisfy { $0.time == nil })
  }

  @Test("every router event names the coordinator that asked", arguments: ShopExample.journeys.indices)
  func attributed(_ index: Int) throws {
    let lines = TraceTranscript(try Self.record(ShopExample.journeys[index]).events).lines
    let routerLines = lines.filter {
      ["setRoot", "push", "pop", "popToRoot", "present", "dismiss"].contains($0.split(separator: " ")[0])
    }
    #expect(!routerLines.isEmpty)
    #expect(
      routerLines.allSatisfy { $0.contains(" by ShopCoordinator") || $0.contains(" by CheckoutCoordinator") })
  }

  @Test("buy-one-product in the physical shop: the whole story, action before navigation")
  func buyOneProductTrace() throws {
    let sink = try Self.record(Self.journey(app: "Shop", run: "buy-one-product"))
    let lines = TraceTranscript(sink.events).lines
    #expect(
      lines == [
        "note Checkout steps: delivery address → shipping option → payment",
        "start ShopCoordinator",
        "setRoot ProductListViewController by ShopCoordinator",
        "user Select product (Coffee Mug) on ProductListViewController",
        "push ProductDetailViewController by ShopCoordinator",
        "user Add to cart on ProductDetailViewController",
        "user Cart on ProductDetailViewController",
        "attach CheckoutCoordinator to ShopCoordinator",
        "start CheckoutCoordinator under ShopCoordinator",
        "present OrderSummaryViewController by CheckoutCoordinator",
        "user Checkout on OrderSummaryViewController",
        "push DeliveryAddressViewController by CheckoutCoordinator",
        "user Select address (12 St James's Square) on DeliveryAddressViewController",
        "push ShippingOptionViewController by CheckoutCoordinator",
        "user Select shipping (Standard (3–5 days)) on ShippingOptionViewController",
        "push PaymentViewController by CheckoutCoordinator",
        "user Pay (Card ending 4242) on PaymentViewController",
        "push ConfirmationViewController by CheckoutCoordinator",
        "user Done on ConfirmationViewController",
        "dismiss OrderSummaryViewController by CheckoutCoordinator",
        "finish CheckoutCoordinator -> ordered",
        "detach CheckoutCoordinator from ShopCoordinator",
        "popToRoot by ShopCoordinator",
        "deinit CheckoutCoordinator",
      ])
  }

  @Test("the digital shop's buy-one-product goes from the order summary straight to payment")
  func digitalSkipsDelivery() throws {
    let lines = TraceTranscript(
      try Self.record(Self.journey(app: "Shop Digital", run: "buy-one-product")).events
    ).lines
    let summary = try #require(lines.firstIndex(of: "user Checkout on OrderSummaryViewController"))
    #expect(lines[summary + 1] == "push PaymentViewController by CheckoutCoordinator")
    #expect(!lines.contains { $0.contains("DeliveryAddress") || $0.contains("ShippingOption") })
    #expect(lines.first == "note Checkout steps: payment")
  }

  @Test(
    "cancelling the checkout finishes it as cancelled and detaches it: no leak",
    arguments: ["Shop", "Shop Digital"])
  func cancelTrace(app: String) throws {
    let lines = TraceTranscript(try Self.record(Self.journey(app: app, run: "cancel-checkout")).events).lines
    let close = try #require(lines.firstIndex(of: "user Close on OrderSummaryViewController"))
    #expect(
      Array(lines[(close + 1)...].prefix(3)) == [
        "dismiss OrderSummaryViewController by CheckoutCoordinator",
        "finish CheckoutCoordinator -> cancelled",
        "detach CheckoutCoordinator from ShopCoordinator",
      ])
  }

  @Test("every attached child is detached before the run ends", arguments: ShopExample.journeys.indices)
  func noLeaks(_ index: Int) throws {
    let events = try Self.record(ShopExample.journeys[index]).events
    var attached = Set<String>()
    for event in events {
      switch event {
      case .coordinatorAttach(let id, _, _, _): attached.insert(id)
      case .coordinatorDetach(let id, _): attached.remove(id)
      default: break
      }
    }
    #expect(attached.isEmpty)
  }
}
