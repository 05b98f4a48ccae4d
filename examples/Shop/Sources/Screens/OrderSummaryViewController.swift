import FlowAtlasPattern

/// Tells the checkout flow what the customer did on the order summary.
@MainActor
protocol OrderSummaryViewControllerDelegate: AnyObject {
  func orderSummaryDidTapCheckout(_ screen: OrderSummaryViewController)
  func orderSummaryDidTapClose(_ screen: OrderSummaryViewController)
}

/// The cart's lines and total, shown modally with a close button and a checkout button.
@MainActor
final class OrderSummaryViewController: Presentable {
  weak var delegate: (any OrderSummaryViewControllerDelegate)?
  let cart: Cart

  var screenTitle: String? { "Order Summary" }
  var totalText: String { Money.format(cents: cart.totalCents) }
  /// Checkout is disabled for an empty cart, as the button would be.
  var canCheckout: Bool { !cart.isEmpty }

  init(cart: Cart) {
    self.cart = cart
  }

  func didTapCheckout() {
    guard canCheckout else { return }
    delegate?.orderSummaryDidTapCheckout(self)
  }

  func didTapClose() {
    delegate?.orderSummaryDidTapClose(self)
  }
}
