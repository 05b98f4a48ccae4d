/// What the customer has chosen so far in one checkout; owned by the checkout
/// coordinator, never by its screens, so going back keeps every choice.
struct CheckoutDraft: Hashable, Sendable {
  var cart: Cart
  var address: Address?
  var shipping: ShippingOption?
  var payment: PaymentMethod?

  /// The amount the payment screen charges.
  var totalCents: Int { cart.totalCents + (shipping?.priceCents ?? 0) }
}
