import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasTestSupport
import Testing

@testable import ShopExample

/// Runs every journey unrecorded on a spy router and checks what the coordinators asked
/// the router to do, call by call, and where the app ended.
@MainActor
struct ShopJourneyNavigationTests {
  /// The router calls each journey must cause, by "app/run".
  static let expectedCalls: [String: [String]] = [
    "Shop/buy-one-product": [
      "setRoot(ProductListViewController)", "push(ProductDetailViewController)",
      "present(OrderSummaryViewController)", "push(DeliveryAddressViewController)",
      "push(ShippingOptionViewController)", "push(PaymentViewController)",
      "push(ConfirmationViewController)", "dismiss", "popToRoot",
    ],
    "Shop Digital/buy-one-product": [
      "setRoot(ProductListViewController)", "push(ProductDetailViewController)",
      "present(OrderSummaryViewController)", "push(PaymentViewController)",
      "push(ConfirmationViewController)", "dismiss", "popToRoot",
    ],
    "Shop/browse-and-go-back": browse,
    "Shop Digital/browse-and-go-back": browse,
    "Shop/cancel-checkout": cancel,
    "Shop Digital/cancel-checkout": cancel,
    "Shop/buy-two-products": [
      "setRoot(ProductListViewController)", "push(ProductDetailViewController)", "tapBackButton",
      "push(ProductDetailViewController)", "tapBackButton", "present(OrderSummaryViewController)",
      "push(DeliveryAddressViewController)", "push(ShippingOptionViewController)",
      "push(PaymentViewController)", "push(ConfirmationViewController)", "dismiss",
    ],
    "Shop Digital/buy-two-products": [
      "setRoot(ProductListViewController)", "push(ProductDetailViewController)", "tapBackButton",
      "push(ProductDetailViewController)", "tapBackButton", "present(OrderSummaryViewController)",
      "push(PaymentViewController)", "push(ConfirmationViewController)", "dismiss",
    ],
    "Shop/change-shipping-option": [
      "setRoot(ProductListViewController)", "push(ProductDetailViewController)",
      "present(OrderSummaryViewController)", "push(DeliveryAddressViewController)",
      "push(ShippingOptionViewController)", "push(PaymentViewController)", "swipeBack",
      "push(PaymentViewController)", "push(ConfirmationViewController)", "dismiss", "popToRoot",
    ],
    "Shop/back-menu-to-address": [
      "setRoot(ProductListViewController)", "push(ProductDetailViewController)",
      "present(OrderSummaryViewController)", "push(DeliveryAddressViewController)",
      "push(ShippingOptionViewController)", "push(PaymentViewController)",
      "pickFromBackMenu(DeliveryAddressViewController)", "push(ShippingOptionViewController)",
      "push(PaymentViewController)", "push(ConfirmationViewController)", "dismiss", "popToRoot",
    ],
    "Shop/swipe-away-checkout": [
      "setRoot(ProductListViewController)", "push(ProductDetailViewController)",
      "present(OrderSummaryViewController)", "swipeDownSheet", "tapBackButton",
    ],
    "Shop Digital/back-from-payment": [
      "setRoot(ProductListViewController)", "push(ProductDetailViewController)",
      "present(OrderSummaryViewController)", "push(PaymentViewController)", "swipeBack",
      "push(PaymentViewController)", "push(ConfirmationViewController)", "dismiss", "popToRoot",
    ],
  ]

  /// The back button is the system's: the router is driven as a person would, not asked.
  static let browse = [
    "setRoot(ProductListViewController)", "push(ProductDetailViewController)", "tapBackButton",
    "push(ProductDetailViewController)", "tapBackButton",
  ]

  static let cancel = [
    "setRoot(ProductListViewController)", "push(ProductDetailViewController)",
    "present(OrderSummaryViewController)", "dismiss", "tapBackButton",
  ]

  static func key(_ journey: ShopJourney) -> String { "\(journey.flavor.appName)/\(journey.run)" }

  @Test("every journey has expected router calls, and every expectation a journey")
  func tableCoversJourneys() {
    #expect(Set(ShopJourney.all.map(Self.key)) == Set(Self.expectedCalls.keys))
  }

  @Test("each journey makes exactly the expected router calls", arguments: ShopJourney.all)
  func routerCalls(_ journey: ShopJourney) throws {
    let run = try ShopRun(journey)
    #expect(run.router.calls == Self.expectedCalls[Self.key(journey)])
  }

  @Test(
    "each journey ends on the product list with nothing presented and no child left",
    arguments: ShopJourney.all)
  func finalState(_ journey: ShopJourney) throws {
    let run = try ShopRun(journey)
    #expect(run.router.layerTypes == [["ProductListViewController"]])
    #expect(run.app.coordinator.childCoordinators.isEmpty)
    #expect(run.router.stack.refusals.isEmpty)
  }

  @Test("journeys that pay place one order and empty the cart; the others keep the cart")
  func ordersAndCart() throws {
    for journey in ShopJourney.all {
      let run = try ShopRun(journey)
      let pays =
        journey.run.hasPrefix("buy") || journey.run == "change-shipping-option"
        || journey.run == "back-from-payment" || journey.run == "back-menu-to-address"
      #expect(run.app.coordinator.placedOrders.count == (pays ? 1 : 0), "\(Self.key(journey))")
      if pays { #expect(run.app.coordinator.cart.isEmpty, "\(Self.key(journey))") }
    }
  }

  @Test("the digital checkout ships nothing; the physical one ships to the chosen address")
  func ordersMatchFlavor() throws {
    let physical = try ShopRun(journey("Shop/buy-one-product"))
    let digital = try ShopRun(journey("Shop Digital/buy-one-product"))
    #expect(physical.app.coordinator.placedOrders.first?.address == Address.saved[0])
    #expect(physical.app.coordinator.placedOrders.first?.shipping == .standard)
    #expect(digital.app.coordinator.placedOrders.first?.address == nil)
    #expect(digital.app.coordinator.placedOrders.first?.shipping == nil)
  }

  @Test("going back from payment keeps the address and charges the newly chosen shipping")
  func changeShippingKeepsDraft() throws {
    let run = try ShopRun(journey("Shop/change-shipping-option"))
    let order = try #require(run.app.coordinator.placedOrders.first)
    #expect(order.address == Address.saved[0])
    #expect(order.shipping == .express)
    #expect(order.payment == .applePay)
    #expect(Money.format(cents: order.totalCents) == "€33.90")
  }

  @Test("a script acting on a screen that is not showing fails with the screens named")
  func unexpectedScreenFails() throws {
    let broken = ShopJourney(flavor: .digital, run: "broken", title: "Broken") { customer in
      try customer.openProduct(0)
      try customer.checkout()
    }
    #expect(
      throws: ShopJourneyError.unexpectedScreen(
        expected: "OrderSummaryViewController", found: "ProductDetailViewController", action: "Checkout")
    ) {
      try ShopRun(broken)
    }
  }

  func journey(_ key: String) throws -> ShopJourney {
    try #require(ShopJourney.all.first { Self.key($0) == key })
  }
}

/// One journey played unrecorded on a spy router.
@MainActor
struct ShopRun {
  let app: ShopApp
  let router: SpyRouter

  init(_ journey: ShopJourney) throws {
    self = Self.launched(journey.flavor)
    try journey.script(
      ShopCustomer(screen: try Person(on: router), recorder: nil, catalog: journey.flavor.catalog))
  }

  private init(app: ShopApp, router: SpyRouter) {
    self.app = app
    self.router = router
  }

  /// A shop showing its product list.
  static func launched(_ flavor: ShopFlavor) -> ShopRun {
    let router = SpyRouter()
    let app = ShopApp(flavor: flavor, router: router)
    app.launch()
    return ShopRun(app: app, router: router)
  }
}

extension ShopJourney: CustomTestStringConvertible {
  public var testDescription: String { "\(flavor.appName)/\(run)" }
}
