import TicketsKit

/// Buying tickets: seats, payment, then a confirmation shown modally. It hands its result to
/// its parent with a typed completion.
@MainActor
final class PurchaseCoordinator: BaseCoordinator {
  enum Result {
    case purchased(TicketOrder)
  }

  var onFinish: ((Result) -> Void)?
  @RecordedRouter private var router: Routing  // FlowAtlas
  private let film: Film

  init(router: Routing, film: Film) {
    self.router = router
    self.film = film
  }

  override func start() {
    Recorder.started(self)  // FlowAtlas
    let seats = SeatsViewController(film: film)
    seats.onChoose = { [weak self] count in self?.showPayment(seats: count) }
    router.push(seats)
  }

  private func showPayment(seats: Int) {
    let order = TicketOrder(film: film, seats: seats)
    let payment = PaymentViewController(order: order)
    payment.onPaid = { [weak self] in self?.showConfirmation(of: order) }
    router.push(payment)
  }

  private func showConfirmation(of order: TicketOrder) {
    let confirmation = ConfirmationViewController(order: order)
    confirmation.onDone = { [weak self] in self?.finishFlow(with: order) }
    router.present(confirmation)
  }

  private func finishFlow(with order: TicketOrder) {
    router.dismissModule()
    Recorder.finished(self, output: "purchased")  // FlowAtlas
    onFinish?(.purchased(order))
  }
}
