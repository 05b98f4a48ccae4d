import FlowAtlasPattern
import Testing

/// A purchase flow: list, product page, a checkout child returning whether it paid.
@MainActor
final class PurchaseCoordinator: Coordinator, Named {
  let name = "purchase"
  private(set) var paid = 0

  override func start() { router.setRoot(TestScreen("list"), animated: false) }

  func select(_ product: String) { router.push(TestScreen(product), animated: true) }

  func buy() {
    startChild(PayCoordinator(router: router)) { [weak self] didPay in
      guard let self else { return }
      if didPay {
        paid += 1
        router.popToRoot(animated: true)
      }
    }
  }
}

@MainActor
final class PayCoordinator: ResultCoordinator<Bool>, Named {
  let name = "pay"
  override func start() { router.present(TestScreen("card"), animated: true) }
  func enterCard() { router.push(TestScreen("confirm"), animated: true) }
  func confirm() {
    router.dismiss(animated: true)
    finish(with: true)
  }
  func cancel() {
    router.dismiss(animated: true)
    finish(with: false)
  }
}

@MainActor
struct FlowCoordinatorTests {
  /// Drives the flow on `router`; returns the coordinator for inspection.
  private func buyOne(on router: any RouterProtocol, confirming: Bool) -> PurchaseCoordinator {
    let purchase = PurchaseCoordinator(router: router)
    purchase.launch()
    purchase.select("lamp")
    purchase.buy()
    let pay = purchase.child(PayCoordinator.self)
    #expect(purchase.child(PurchaseCoordinator.self) == nil)
    pay?.enterCard()
    if confirming { pay?.confirm() } else { pay?.cancel() }
    return purchase
  }

  @Test func aPurchaseAsksTheRouterForTheseTransitionsInOrder() {
    let spy = SpyRouter()
    let purchase = buyOne(on: spy, confirming: true)
    #expect(
      spy.calls == [
        .setRoot("list", animated: false), .push("lamp", animated: true),
        .present("card", animated: true), .push("confirm", animated: true),
        .dismiss(animated: true), .popToRoot(animated: true),
      ])
    #expect(purchase.paid == 1)
    #expect(purchase.childCoordinators.isEmpty)
  }

  @Test(arguments: [true, false])
  func thePurchaseLeavesTheseStacks(confirming: Bool) {
    let router = StackRouter()
    let purchase = buyOne(on: router, confirming: confirming)
    #expect(names(router.layers) == (confirming ? [["list"]] : [["list", "lamp"]]))
    #expect(router.refusals.isEmpty)
    #expect(purchase.childCoordinators.isEmpty)
  }

  @Test func theStackMidwayHasTheCheckoutAsAModalLayerThatPushed() {
    let router = StackRouter()
    let purchase = PurchaseCoordinator(router: router)
    purchase.launch()
    purchase.select("lamp")
    purchase.buy()
    (purchase.childCoordinators.first as? PayCoordinator)?.enterCard()
    #expect(names(router.layers) == [["list", "lamp"], ["card", "confirm"]])
  }
}
