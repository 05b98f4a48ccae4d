import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import Testing

@MainActor
struct ScriptedJourneyTests {
  static let buyLamp = ScriptedJourney(
    app: "Shop", run: "buy-lamp", title: "Buy a lamp", metadata: ["device": "headless"]
  ) { recorder in
    let shop = ShopCoordinator(router: recorder.router(wrapping: StackRouter()))
    recorder.launch(shop)
    recorder.userAction(on: shop.list, action: "tapProduct", label: "Lamp")
    shop.open("Lamp")
    shop.login()
    (shop.childCoordinators.first as? LoginCoordinator)?.submit()
    recorder.note("paid")
  }

  @Test func writesTheHeaderThenTheEventsThenFinishes() throws {
    let sink = MemoryTraceSink()
    try Self.buyLamp.record(to: sink)
    #expect(
      sink.header
        == TraceHeader(
          app: "Shop", run: "buy-lamp", title: "Buy a lamp", metadata: ["device": "headless"]))
    #expect(sink.isFinished)
    #expect(sink.events.first == .coordinatorStart(coordinator: "c1", type: "ShopCoordinator", parent: nil))
    // The root is released when the journey returns, before the run ends.
    #expect(sink.events.last == .coordinatorDeinit(coordinator: "c1"))
    #expect(sink.records.allSatisfy { $0.time == nil })
  }

  @Test func theSameJourneyTwiceGivesIdenticalRecords() throws {
    let first = MemoryTraceSink()
    let second = MemoryTraceSink()
    try Self.buyLamp.record(to: first)
    try Self.buyLamp.record(to: second)
    #expect(first.records == second.records)
    #expect(first.records.count > 10)
  }

  @Test func aThrowingJourneyStillFinishesItsTrace() {
    struct Stop: Error {}
    let journey = ScriptedJourney(app: "Shop", run: "broken", title: "Breaks") { recorder in
      recorder.note("before")
      throw Stop()
    }
    let sink = MemoryTraceSink()
    #expect(throws: Stop.self) { try journey.record(to: sink) }
    #expect(sink.isFinished)
    #expect(sink.events == [.note(text: "before")])
  }
}
