import UIKit

// The purchase flow's screens. Each reports what the person did to its delegate, the
// coordinator, and knows nothing of what comes next.

@MainActor
protocol ProductListViewControllerDelegate: AnyObject {
  func productList(_ controller: ProductListViewController, didSelect product: Product)
}

final class ProductListViewController: UIViewController {
  weak var delegate: ProductListViewControllerDelegate?
  let products: [Product]

  init(products: [Product]) {
    self.products = products
    super.init(nibName: nil, bundle: nil)
    title = "Products"
  }

  required init?(coder: NSCoder) { nil }

  func select(_ product: Product) { delegate?.productList(self, didSelect: product) }
}

@MainActor
protocol ProductDetailViewControllerDelegate: AnyObject {
  func productDetail(_ controller: ProductDetailViewController, didAdd product: Product)
  func productDetailDidTapCart(_ controller: ProductDetailViewController)
  func productDetailDidTapReviews(_ controller: ProductDetailViewController)
}

/// A product, with "Add to cart" and a "Cart (n)" bar button.
final class ProductDetailViewController: UIViewController {
  weak var delegate: ProductDetailViewControllerDelegate?
  let product: Product

  init(product: Product, cartCount: Int) {
    self.product = product
    super.init(nibName: nil, bundle: nil)
    title = product.name
    showCart(count: cartCount)
  }

  required init?(coder: NSCoder) { nil }

  /// Shows the cart's size on the bar button that opens it.
  func showCart(count: Int) {
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      title: "Cart (\(count))",
      primaryAction: UIAction { [weak self] _ in
        guard let self else { return }
        self.delegate?.productDetailDidTapCart(self)
      })
  }

  func addToCart() { delegate?.productDetail(self, didAdd: product) }
  func openReviews() { delegate?.productDetailDidTapReviews(self) }
}

/// A product's reviews, shown as a sheet.
final class ReviewsViewController: UIViewController {
  init(product: Product) {
    super.init(nibName: nil, bundle: nil)
    title = "Reviews of \(product.name)"
  }

  required init?(coder: NSCoder) { nil }
}

@MainActor
protocol OrderSummaryViewControllerDelegate: AnyObject {
  func orderSummaryDidCheckOut(_ controller: OrderSummaryViewController)
}

final class OrderSummaryViewController: UIViewController {
  weak var delegate: OrderSummaryViewControllerDelegate?

  init(cart: Cart) {
    super.init(nibName: nil, bundle: nil)
    title = "Order (\(cart.count) items, \(cart.total) €)"
  }

  required init?(coder: NSCoder) { nil }

  func checkOut() { delegate?.orderSummaryDidCheckOut(self) }
}

@MainActor
protocol PaymentViewControllerDelegate: AnyObject {
  func paymentDidPay(_ controller: PaymentViewController)
}

final class PaymentViewController: UIViewController {
  weak var delegate: PaymentViewControllerDelegate?

  init(total: Int) {
    super.init(nibName: nil, bundle: nil)
    title = "Pay \(total) €"
  }

  required init?(coder: NSCoder) { nil }

  func pay() { delegate?.paymentDidPay(self) }
}

@MainActor
protocol ConfirmationViewControllerDelegate: AnyObject {
  func confirmationDidFinish(_ controller: ConfirmationViewController)
}

final class ConfirmationViewController: UIViewController {
  weak var delegate: ConfirmationViewControllerDelegate?

  override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    title = "Thank you"
  }

  required init?(coder: NSCoder) { nil }

  func done() { delegate?.confirmationDidFinish(self) }
}
