import FlowAtlasPattern

/// Runs one checkout, modally above the shop: order summary, then the steps the
/// ``CheckoutConfiguration`` asks for, then the confirmation.
///
/// It owns the checkout's data (``CheckoutDraft``): screens get only what they show and
/// report choices through their delegates, so going back and forth keeps every choice. Going
/// back is the system's (the back button, an edge swipe): no screen asks the coordinator.
@MainActor
final class CheckoutCoordinator: ResultCoordinator<CheckoutResult> {
  private let configuration: CheckoutConfiguration
  private let orders: OrderService
  private let addresses: [Address]
  private(set) var draft: CheckoutDraft
  /// The placed order, once payment went through; closing the confirmation returns it.
  private var placedOrder: Order?

  init(
    router: any RouterProtocol, cart: Cart, configuration: CheckoutConfiguration,
    orders: OrderService, addresses: [Address] = Address.saved
  ) {
    self.configuration = configuration
    self.orders = orders
    self.addresses = addresses
    self.draft = CheckoutDraft(cart: cart)
    super.init(router: router)
  }

  override func start() {
    let summary = OrderSummaryViewController(cart: draft.cart)
    summary.delegate = self
    // Presented in a navigation stack of its own, so the steps push inside the modal.
    router.present(summary)
  }

  /// The trace names the result without its payload: `ordered` or `cancelled`.
  override func describe(_ output: CheckoutResult) -> String? { output.name }

  /// The checkout sheet swiped down: the customer gave up, as with "Close".
  override var outputWhenEndedBySystem: CheckoutResult? { .cancelled }

  /// Closes the modal (with every step it pushed) and hands the result to the parent.
  private func end(with result: CheckoutResult) {
    router.dismiss()
    finish(with: result)
  }

  /// Shows one step's screen, pushed inside the modal.
  private func show(_ step: CheckoutStep) {
    switch step {
    case .deliveryAddress:
      let screen = DeliveryAddressViewController(addresses: addresses, selected: draft.address)
      screen.delegate = self
      router.push(screen)
    case .shippingOption:
      let screen = ShippingOptionViewController(selected: draft.shipping)
      screen.delegate = self
      router.push(screen)
    case .payment:
      let screen = PaymentViewController(
        amountCents: draft.totalCents, selected: draft.payment ?? configuration.defaultPayment)
      screen.delegate = self
      router.push(screen)
    }
  }

  /// Shows the step the configuration puts after `step` (after the summary for `nil`).
  private func continueAfter(_ step: CheckoutStep?) {
    if let next = configuration.step(after: step) { show(next) }
  }
}

extension CheckoutCoordinator: OrderSummaryViewControllerDelegate {
  func orderSummaryDidTapCheckout(_ screen: OrderSummaryViewController) { continueAfter(nil) }
  func orderSummaryDidTapClose(_ screen: OrderSummaryViewController) { end(with: .cancelled) }
}

extension CheckoutCoordinator: DeliveryAddressViewControllerDelegate {
  func deliveryAddress(_ screen: DeliveryAddressViewController, didSelect address: Address) {
    draft.address = address
    continueAfter(.deliveryAddress)
  }
}

extension CheckoutCoordinator: ShippingOptionViewControllerDelegate {
  func shippingOption(_ screen: ShippingOptionViewController, didSelect option: ShippingOption) {
    draft.shipping = option
    continueAfter(.shippingOption)
  }
}

extension CheckoutCoordinator: PaymentViewControllerDelegate {
  func payment(_ screen: PaymentViewController, didPayWith method: PaymentMethod) {
    draft.payment = method
    let order = orders.placeOrder(draft, payment: method)
    placedOrder = order
    let confirmation = ConfirmationViewController(order: order)
    confirmation.delegate = self
    router.push(confirmation)
  }
}

extension CheckoutCoordinator: ConfirmationViewControllerDelegate {
  func confirmationDidTapDone(_ screen: ConfirmationViewController) {
    end(with: placedOrder.map(CheckoutResult.ordered) ?? .cancelled)
  }
}
