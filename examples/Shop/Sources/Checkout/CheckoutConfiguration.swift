/// Which checkout steps a shop needs: the one place where the physical-goods and the
/// digital-goods shops differ.
///
/// The checkout coordinator asks the configuration what comes next instead of
/// hard-coding the order, so dropping a step is a one-line product decision, and the
/// two flows stay one piece of code a design review can compare.
struct CheckoutConfiguration: Hashable, Sendable {
  /// The steps in order; payment is always last, as it places the order.
  var steps: [CheckoutStep]
  /// The payment method preselected on the payment screen.
  var defaultPayment: PaymentMethod

  /// Parcels need an address and a shipping option.
  static let physicalGoods = CheckoutConfiguration(
    steps: [.deliveryAddress, .shippingOption, .payment], defaultPayment: .card)

  /// Downloads go straight to payment: the business dropped address and shipping.
  static let digitalGoods = CheckoutConfiguration(steps: [.payment], defaultPayment: .card)

  /// Whether the flow ships anything (and so asks for an address).
  var ships: Bool { steps.contains(.deliveryAddress) }

  /// The step after `step`, or the first one for `nil` (leaving the order summary).
  func step(after step: CheckoutStep?) -> CheckoutStep? {
    guard let step else { return steps.first }
    guard let index = steps.firstIndex(of: step), index + 1 < steps.count else { return nil }
    return steps[index + 1]
  }
}
