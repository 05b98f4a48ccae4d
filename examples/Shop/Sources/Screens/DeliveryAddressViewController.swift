import FlowAtlasPattern

/// Tells the checkout flow which address the customer picked.
@MainActor
protocol DeliveryAddressViewControllerDelegate: AnyObject {
  func deliveryAddress(_ screen: DeliveryAddressViewController, didSelect address: Address)
}

/// The customer's saved addresses; picking one continues the checkout.
@MainActor
final class DeliveryAddressViewController: Presentable {
  weak var delegate: (any DeliveryAddressViewControllerDelegate)?
  let addresses: [Address]
  /// The address chosen earlier, when the customer came back to this step.
  let selected: Address?

  var screenTitle: String? { "Delivery Address" }

  init(addresses: [Address], selected: Address?) {
    self.addresses = addresses
    self.selected = selected
  }

  func didSelectAddress(at index: Int) {
    delegate?.deliveryAddress(self, didSelect: addresses[index])
  }

}
