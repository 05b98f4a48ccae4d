import FlowAtlasPattern

/// The shop's root flow: browse products, keep the cart, and start a checkout when the
/// customer opens the cart.
@MainActor
final class ShopCoordinator: Coordinator {
  private let catalog: Catalog
  private let configuration: CheckoutConfiguration
  private let orders: OrderService
  /// The cart lives here, not in a screen: it outlives every screen that shows it.
  private(set) var cart = Cart()
  /// The orders placed in this session, newest last.
  private(set) var placedOrders: [Order] = []

  private weak var productList: ProductListViewController?
  private weak var productDetail: ProductDetailViewController?

  init(
    router: any RouterProtocol, catalog: Catalog, configuration: CheckoutConfiguration,
    orders: OrderService = OrderService()
  ) {
    self.catalog = catalog
    self.configuration = configuration
    self.orders = orders
    super.init(router: router)
  }

  override func start() {
    let list = ProductListViewController(products: catalog.products)
    list.delegate = self
    productList = list
    router.setRoot(list)
  }

  private func showCheckout() {
    let checkout = CheckoutCoordinator(
      router: router, cart: cart, configuration: configuration, orders: orders)
    // startChild removes the checkout from childCoordinators before the result arrives.
    startChild(checkout) { [weak self] result in self?.checkoutDidEnd(with: result) }
  }

  private func checkoutDidEnd(with result: CheckoutResult) {
    guard case .ordered(let order) = result else { return }
    placedOrders.append(order)
    cart.removeAll()
    updateCartBadges()
    // Back to the list for the next purchase; only when a detail is showing, as
    // popToRoot on a lone root screen has nothing to remove.
    if productDetail != nil { router.popToRoot() }
  }

  private func updateCartBadges() {
    productList?.cartBadge = cart.itemCount
    productDetail?.cartBadge = cart.itemCount
  }
}

extension ShopCoordinator: ProductListViewControllerDelegate {
  func productList(_ screen: ProductListViewController, didSelect product: Product) {
    let detail = ProductDetailViewController(product: product)
    detail.delegate = self
    detail.cartBadge = cart.itemCount
    productDetail = detail
    router.push(detail)
  }

  func productListDidTapCart(_ screen: ProductListViewController) { showCheckout() }
}

extension ShopCoordinator: ProductDetailViewControllerDelegate {
  func productDetail(_ screen: ProductDetailViewController, didAddToCart product: Product) {
    cart.add(product)
    updateCartBadges()
  }

  func productDetailDidTapCart(_ screen: ProductDetailViewController) { showCheckout() }
}
