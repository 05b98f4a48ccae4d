import FlowAtlasPattern

/// Tells the checkout flow the customer has read the confirmation.
@MainActor
protocol ConfirmationViewControllerDelegate: AnyObject {
  func confirmationDidTapDone(_ screen: ConfirmationViewController)
}

/// "Thank you": the order number and what happens next. It has no back button, as the
/// order cannot be un-placed.
@MainActor
final class ConfirmationViewController: Presentable {
  weak var delegate: (any ConfirmationViewControllerDelegate)?
  let order: Order

  var screenTitle: String? { "Order \(order.number)" }
  var message: String {
    order.address == nil
      ? "Your downloads are ready in your library." : "We will email you when your parcel ships."
  }

  init(order: Order) {
    self.order = order
  }

  func didTapDone() {
    delegate?.confirmationDidTapDone(self)
  }
}
