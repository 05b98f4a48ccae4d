/// How a checkout ended, for the coordinator that started it.
enum CheckoutResult: Hashable, Sendable {
  /// The order was placed and the customer closed the confirmation.
  case ordered(Order)
  /// The customer closed the order summary without paying.
  case cancelled

  /// The result's name as the trace records it (`coordinator.finish` `output`).
  var name: String {
    switch self {
    case .ordered: "ordered"
    case .cancelled: "cancelled"
    }
  }
}
