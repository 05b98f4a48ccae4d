import FlowAtlasJourneys
import FlowAtlasPattern
import Testing

@testable import ShopExample

/// The checkout child and its screens must go away when the checkout ends, whichever way.
@MainActor
struct ShopLifecycleTests {
  /// Opens the cart of a fresh shop with one product in it.
  func openCart(_ flavor: ShopFlavor) throws -> (ShopRun, CheckoutCoordinator) {
    let journey = ShopJourney(flavor: flavor, run: "open-cart", title: "") { customer in
      try customer.openProduct(0)
      try customer.addToCart()
      try customer.openCartFromDetail()
    }
    let run = try ShopRun(journey)
    let checkout = try #require(run.app.coordinator.child(CheckoutCoordinator.self))
    return (run, checkout)
  }

  func customer(_ run: ShopRun) throws -> ShopCustomer {
    ShopCustomer(screen: try Person(on: run.router), recorder: nil, catalog: run.app.flavor.catalog)
  }

  @Test("the checkout is attached while it runs, with the cart copied into its draft")
  func checkoutAttached() throws {
    let (run, checkout) = try openCart(.physical)
    #expect(run.app.coordinator.childCoordinators.count == 1)
    #expect(checkout.draft.cart.itemCount == 1)
    #expect(
      run.router.layerTypes == [
        ["ProductListViewController", "ProductDetailViewController"], ["OrderSummaryViewController"],
      ])
  }

  @Test("closing the cart releases the checkout coordinator and its screen", arguments: ShopFlavor.allCases)
  func cancelReleases(_ flavor: ShopFlavor) throws {
    weak var checkout: CheckoutCoordinator?
    weak var summary: OrderSummaryViewController?
    let run: ShopRun
    do {
      let (opened, child) = try openCart(flavor)
      run = opened
      checkout = child
      summary = run.router.visibleScreen as? OrderSummaryViewController
    }
    #expect(checkout != nil)
    #expect(summary != nil)
    try customer(run).closeCart()
    #expect(run.app.coordinator.childCoordinators.isEmpty)
    #expect(checkout == nil)
    #expect(summary == nil)
    #expect(run.app.coordinator.cart.itemCount == 1)
  }

  @Test("paying releases the checkout coordinator and every checkout screen", arguments: ShopFlavor.allCases)
  func orderReleases(_ flavor: ShopFlavor) throws {
    weak var checkout: CheckoutCoordinator?
    weak var payment: PaymentViewController?
    let run: ShopRun
    do {
      let (opened, child) = try openCart(flavor)
      run = opened
      checkout = child
    }
    let customer = try customer(run)
    try customer.checkout()
    try customer.enterDeliveryDetails()
    payment = run.router.visibleScreen as? PaymentViewController
    #expect(payment != nil)
    try customer.pay(with: .card)
    try customer.closeConfirmation()
    #expect(checkout == nil)
    #expect(payment == nil)
    #expect(run.app.coordinator.placedOrders.map(\.number) == ["#1001"])
  }

  @Test("screens hold their delegates weakly: the shop coordinator goes away with its app")
  func noRetainCycle() throws {
    weak var coordinator: ShopCoordinator?
    weak var list: ProductListViewController?
    do {
      let (run, _) = try openCart(.digital)
      coordinator = run.app.coordinator
      list = run.router.stack.stack.first as? ProductListViewController
      #expect(coordinator != nil)
      #expect(list != nil)
    }
    #expect(coordinator == nil)
    #expect(list == nil)
  }

  @Test("the cart badge follows the cart, and checkout is disabled for an empty cart")
  func badgeAndEmptyCart() throws {
    let journey = ShopJourney(flavor: .physical, run: "badge", title: "") { customer in
      try customer.openProduct(0)
      try customer.addToCart()
      try customer.addToCart()
      try customer.goBackToList()
    }
    let run = try ShopRun(journey)
    let list = try #require(run.router.visibleScreen as? ProductListViewController)
    #expect(list.cartBadge == 2)

    let empty = ShopRun.launched(.physical)
    try customer(empty).openCartFromList()
    let summary = try #require(empty.router.visibleScreen as? OrderSummaryViewController)
    #expect(!summary.canCheckout)
    summary.didTapCheckout()
    #expect(empty.router.visibleScreen === summary)
  }
}
