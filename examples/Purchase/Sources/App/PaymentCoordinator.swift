import UIKit

/// Paying for the cart: its own flow on the purchase flow's navigation controller, which it is
/// given. It tells its parent by a closure when the person is done.
@MainActor
final class PaymentCoordinator {
  @RecordedRouter var navigationController: UINavigationController  // FlowAtlas
  var onFinish: (() -> Void)?
  private let total: Int

  init(navigationController: UINavigationController, total: Int) {
    self.navigationController = navigationController
    self.total = total
  }

  func start() {
    Recorder.started(self)  // FlowAtlas
    let payment = PaymentViewController(total: total)
    payment.delegate = self
    navigationController.pushViewController(payment, animated: true)
  }
}

extension PaymentCoordinator: PaymentViewControllerDelegate {
  func paymentDidPay(_ controller: PaymentViewController) {
    let confirmation = ConfirmationViewController(nibName: nil, bundle: nil)
    confirmation.delegate = self
    navigationController.pushViewController(confirmation, animated: true)
  }
}

extension PaymentCoordinator: ConfirmationViewControllerDelegate {
  func confirmationDidFinish(_ controller: ConfirmationViewController) {
    Recorder.finished(self, output: "paid")  // FlowAtlas
    onFinish?()
  }
}
