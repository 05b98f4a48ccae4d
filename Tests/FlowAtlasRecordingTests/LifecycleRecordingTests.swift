import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import Testing

@MainActor
struct LifecycleRecordingTests {
  @Test func delegateStyleRecordsAttachStartFinishDetachDeinit() {
    let (recorder, sink) = makeRecorder()
    let cart = CartCoordinator(router: recorder.router(wrapping: StackRouter()))
    recorder.launch(cart)
    cart.checkout().pay()
    #expect(
      sink.events == [
        .coordinatorStart(coordinator: "c1", type: "CartCoordinator", parent: nil),
        .setRoot(
          screen: introduce("s1", "ProductListScreen", "Products"), coordinator: "c1",
          router: nil, background: nil),
        .coordinatorAttach(coordinator: "c2", type: "PaymentCoordinator", parent: "c1"),
        .coordinatorStart(coordinator: "c2", type: "PaymentCoordinator", parent: "c1"),
        .push(
          screen: introduce("s2", "PaymentScreen"), coordinator: "c2", router: nil, animated: true),
        .pop(coordinator: "c2", router: nil, screen: .reference("s2")),
        .coordinatorFinish(coordinator: "c2", output: nil),
        .coordinatorDetach(coordinator: "c2", parent: "c1"),
        .coordinatorDeinit(coordinator: "c2"),
      ])
  }

  /// The leak as the spec defines it: attach, finish, and no detach (nor deinit).
  @Test func theLeakShowsAsAttachAndFinishWithoutDetach() {
    let (recorder, sink) = makeRecorder()
    let cart = CartCoordinator(router: recorder.router(wrapping: StackRouter()))
    cart.forgetsToRemove = true
    recorder.launch(cart)
    cart.checkout().pay()
    recorder.finish()
    let names = sink.events.map(\.name)
    #expect(names.contains("coordinator.attach"))
    #expect(names.contains("coordinator.finish"))
    #expect(!names.contains("coordinator.detach"))
    #expect(!names.contains("coordinator.deinit"))
    #expect(cart.childCoordinators.count == 1)
  }

  @Test func aResultFlowRecordsTheSameLifecycle() {
    let (recorder, sink) = makeRecorder()
    let shop = ShopCoordinator(router: recorder.router(wrapping: StackRouter()))
    recorder.launch(shop)
    var told = false
    do {
      let payment = PaymentCoordinator(router: shop.router)
      shop.startChild(payment) { told = true }
    }
    (shop.childCoordinators.first as? PaymentCoordinator)?.pay()
    #expect(told)
    #expect(
      sink.events.filter { $0.name.hasPrefix("coordinator.") } == [
        .coordinatorStart(coordinator: "c1", type: "ShopCoordinator", parent: nil),
        .coordinatorAttach(coordinator: "c2", type: "PaymentCoordinator", parent: "c1"),
        .coordinatorStart(coordinator: "c2", type: "PaymentCoordinator", parent: "c1"),
        .coordinatorFinish(coordinator: "c2", output: nil),
        .coordinatorDetach(coordinator: "c2", parent: "c1"),
        .coordinatorDeinit(coordinator: "c2"),
      ])
  }

  @Test func resultStyleRecordsTheOutput() {
    let (recorder, sink) = makeRecorder()
    let shop = ShopCoordinator(router: recorder.router(wrapping: StackRouter()))
    recorder.launch(shop)
    shop.login()
    (shop.childCoordinators.first as? LoginCoordinator)?.submit()
    #expect(sink.events.contains(.coordinatorFinish(coordinator: "c2", output: "loggedIn")))
    #expect(shop.outcomes == [.loggedIn])
  }

  /// The recorder holds coordinators weakly: recording cannot cause the leak it reports.
  @Test func theRecorderDoesNotKeepCoordinatorsAlive() {
    let (recorder, sink) = makeRecorder()
    weak var released: ShopCoordinator?
    do {
      let shop = ShopCoordinator(router: recorder.router(wrapping: StackRouter()))
      released = shop
      recorder.launch(shop)
    }
    #expect(released == nil)
    #expect(sink.events.last == .coordinatorDeinit(coordinator: "c1"))
  }

  /// A coordinator released after another died at the same address still gets a new id.
  @Test func idsAreNeverReusedForNewCoordinators() {
    let (recorder, sink) = makeRecorder()
    let router = recorder.router(wrapping: StackRouter())
    for _ in 0..<50 {
      recorder.launch(ShopCoordinator(router: router))
    }
    let started = sink.events.compactMap { event -> String? in
      if case .coordinatorStart(let id, _, _, _) = event { return id }
      return nil
    }
    #expect(started.count == 50)
    #expect(Set(started).count == 50)
  }
}
