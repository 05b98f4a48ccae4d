import FlowAtlasPattern

/// Pays for an order.
@MainActor
public final class PaymentViewController: Presentable {
  /// Set by the coordinator: the payment went through.
  public var onPaid: (() -> Void)?
  public let order: TicketOrder

  public var screenTitle: String? { "Pay" }

  public init(order: TicketOrder) {
    self.order = order
  }

  public func didTapPay() { onPaid?() }
}
