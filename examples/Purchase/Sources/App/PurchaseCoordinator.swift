import UIKit

/// The seed's purchase flow, as the article writes it: a plain class that owns its navigation
/// controller, is the delegate of its view controllers, keeps the cart, and pushes and presents
/// itself. Recording it took the three lines marked `// FlowAtlas`.
@MainActor
final class PurchaseCoordinator {
  @RecordedRouter var rootViewController: UINavigationController = .recorded()  // FlowAtlas
  @RecordedChildren var childCoordinators: [AnyObject] = []  // FlowAtlas
  let cart = Cart()
  let products: [Product]

  init(products: [Product]) {
    self.products = products
  }

  func start() {
    Recorder.started(self)  // FlowAtlas
    let list = ProductListViewController(products: products)
    list.delegate = self
    rootViewController.setViewControllers([list], animated: false)
  }

  private func startPayment() {
    let payment = PaymentCoordinator(navigationController: rootViewController, total: cart.total)
    payment.onFinish = { [weak self, weak payment] in
      guard let self, let payment else { return }
      self.childCoordinators.removeAll { $0 === payment }
      self.cart.empty()
      self.rootViewController.popToRootViewController(animated: true)
    }
    childCoordinators.append(payment)
    payment.start()
  }
}

extension PurchaseCoordinator: ProductListViewControllerDelegate {
  func productList(_ controller: ProductListViewController, didSelect product: Product) {
    let detail = ProductDetailViewController(product: product, cartCount: cart.count)
    detail.delegate = self
    rootViewController.pushViewController(detail, animated: true)
  }
}

extension PurchaseCoordinator: ProductDetailViewControllerDelegate {
  func productDetail(_ controller: ProductDetailViewController, didAdd product: Product) {
    cart.add(product)
    controller.showCart(count: cart.count)
  }

  func productDetailDidTapCart(_ controller: ProductDetailViewController) {
    let summary = OrderSummaryViewController(cart: cart)
    summary.delegate = self
    rootViewController.pushViewController(summary, animated: true)
  }

  func productDetailDidTapReviews(_ controller: ProductDetailViewController) {
    rootViewController.present(ReviewsViewController(product: controller.product), animated: true)
  }
}

extension PurchaseCoordinator: OrderSummaryViewControllerDelegate {
  func orderSummaryDidCheckOut(_ controller: OrderSummaryViewController) {
    startPayment()
  }
}
