import FlowAtlasPattern

/// Tells the flow what the customer chose on the product list.
@MainActor
protocol ProductListViewControllerDelegate: AnyObject {
  func productList(_ screen: ProductListViewController, didSelect product: Product)
  func productListDidTapCart(_ screen: ProductListViewController)
}

/// The shop's first screen: every product, and a cart button with a badge.
@MainActor
final class ProductListViewController: Presentable {
  weak var delegate: (any ProductListViewControllerDelegate)?
  let products: [Product]
  /// How many items the cart holds; the coordinator keeps it current.
  var cartBadge = 0

  var screenTitle: String? { "Products" }

  init(products: [Product]) {
    self.products = products
  }

  /// The customer tapped a row.
  func didTapProduct(at index: Int) {
    delegate?.productList(self, didSelect: products[index])
  }

  /// The customer tapped the cart button in the navigation bar.
  func didTapCart() {
    delegate?.productListDidTapCart(self)
  }
}
