import FlowAtlasPattern

/// Tells the checkout flow how the customer wants to pay.
@MainActor
protocol PaymentViewControllerDelegate: AnyObject {
  func payment(_ screen: PaymentViewController, didPayWith method: PaymentMethod)
}

/// The payment methods and the amount due; "Pay" places the order.
@MainActor
final class PaymentViewController: Presentable {
  weak var delegate: (any PaymentViewControllerDelegate)?
  let methods = PaymentMethod.allCases
  let amountCents: Int
  /// What the "Pay" button will use; the customer may change it first.
  private(set) var selectedMethod: PaymentMethod

  var screenTitle: String? { "Payment" }
  var amountText: String { Money.format(cents: amountCents) }

  init(amountCents: Int, selected: PaymentMethod) {
    self.amountCents = amountCents
    self.selectedMethod = selected
  }

  /// Choosing a method only changes the selection; no navigation happens.
  func didSelect(_ method: PaymentMethod) {
    selectedMethod = method
  }

  func didTapPay() {
    delegate?.payment(self, didPayWith: selectedMethod)
  }

}
