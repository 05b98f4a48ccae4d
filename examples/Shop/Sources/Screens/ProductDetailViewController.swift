import FlowAtlasPattern

/// Tells the flow what the customer did with one product.
@MainActor
protocol ProductDetailViewControllerDelegate: AnyObject {
  func productDetail(_ screen: ProductDetailViewController, didAddToCart product: Product)
  func productDetailDidTapCart(_ screen: ProductDetailViewController)
}

/// One product with its price and an "Add to cart" button.
@MainActor
final class ProductDetailViewController: Presentable {
  weak var delegate: (any ProductDetailViewControllerDelegate)?
  let product: Product
  var cartBadge = 0

  var screenTitle: String? { product.name }
  var priceText: String { Money.format(cents: product.priceCents) }

  init(product: Product) {
    self.product = product
  }

  func didTapAddToCart() {
    delegate?.productDetail(self, didAddToCart: product)
  }

  func didTapCart() {
    delegate?.productDetailDidTapCart(self)
  }

}
