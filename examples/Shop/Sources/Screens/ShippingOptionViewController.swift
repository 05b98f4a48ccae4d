import FlowAtlasPattern

/// Tells the checkout flow which shipping option the customer picked.
@MainActor
protocol ShippingOptionViewControllerDelegate: AnyObject {
  func shippingOption(_ screen: ShippingOptionViewController, didSelect option: ShippingOption)
}

/// Standard or express delivery, with their prices.
@MainActor
final class ShippingOptionViewController: Presentable {
  weak var delegate: (any ShippingOptionViewControllerDelegate)?
  let options = ShippingOption.allCases
  let selected: ShippingOption?

  var screenTitle: String? { "Shipping" }

  init(selected: ShippingOption?) {
    self.selected = selected
  }

  func didSelect(_ option: ShippingOption) {
    delegate?.shippingOption(self, didSelect: option)
  }

}
