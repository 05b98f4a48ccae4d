/// A placed order: what the confirmation screen shows.
struct Order: Hashable, Sendable {
  /// Order numbers count up from a fixed start so journeys are deterministic.
  var number: String
  var cart: Cart
  /// Nil for digital goods, which are not shipped.
  var address: Address?
  var shipping: ShippingOption?
  var payment: PaymentMethod

  var totalCents: Int { cart.totalCents + (shipping?.priceCents ?? 0) }
}
