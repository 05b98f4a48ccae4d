/// Places orders. A real app calls the backend; this one numbers orders from a fixed
/// start so journeys record the same bytes every time.
@MainActor
final class OrderService {
  private var nextNumber: Int

  init(firstNumber: Int = 1001) {
    nextNumber = firstNumber
  }

  /// Places the order for the draft.
  /// - Parameters:
  ///   - draft: the customer's choices; `payment` must be set.
  ///   - payment: the method the customer paid with.
  /// - Returns: the placed order.
  func placeOrder(_ draft: CheckoutDraft, payment: PaymentMethod) -> Order {
    defer { nextNumber += 1 }
    return Order(
      number: "#\(nextNumber)", cart: draft.cart, address: draft.address, shipping: draft.shipping,
      payment: payment)
  }
}
