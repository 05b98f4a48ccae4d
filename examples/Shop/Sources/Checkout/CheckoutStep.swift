/// A step of the checkout between the order summary and the confirmation.
enum CheckoutStep: String, Hashable, Sendable {
  case deliveryAddress
  case shippingOption
  case payment

  /// The step's name for people (and for the notes in a run's narrative).
  var title: String {
    switch self {
    case .deliveryAddress: "delivery address"
    case .shippingOption: "shipping option"
    case .payment: "payment"
    }
  }
}
