import FlowAtlasPattern

/// Shown modally once the tickets are bought.
@MainActor
public final class ConfirmationViewController: Presentable {
  /// Set by the coordinator: the person closed the confirmation.
  public var onDone: (() -> Void)?
  public let order: TicketOrder

  public var screenTitle: String? { "Enjoy the film" }

  public init(order: TicketOrder) {
    self.order = order
  }

  public func didTapDone() { onDone?() }
}
