/// A step of the checkout between the order summary and the confirmation.
enum CheckoutStep: String, Hashable, Sendable {
  case deliveryAddress
  case shippingOption
  case payment
}
