/// The steps journeys are made of, named as a tester would say them.
extension ShopCustomer {
  func openProduct(_ index: Int) throws {
    try on(ProductListViewController.self, "Select product", label: catalog.products[index].name) {
      $0.didTapProduct(at: index)
    }
  }

  func addToCart() throws {
    try on(ProductDetailViewController.self, "Add to cart") { $0.didTapAddToCart() }
  }

  /// The navigation bar's back button: the system pops, no coordinator is asked.
  func goBackToList() throws {
    try system(on: ProductDetailViewController.self) { $0.tapBackButton() }
  }

  /// Swipes the checkout sheet down, whichever step of it shows.
  func swipeAwayCheckout() throws {
    try system(on: OrderSummaryViewController.self) { $0.swipeDownSheet() }
  }

  func openCartFromDetail() throws {
    try on(ProductDetailViewController.self, "Cart") { $0.didTapCart() }
  }

  func openCartFromList() throws {
    try on(ProductListViewController.self, "Cart") { $0.didTapCart() }
  }

  func checkout() throws {
    try on(OrderSummaryViewController.self, "Checkout") { $0.didTapCheckout() }
  }

  func closeCart() throws {
    try on(OrderSummaryViewController.self, "Close") { $0.didTapClose() }
  }

  /// Picks the first saved address and `shipping`, where the shop asks for them (the
  /// digital shop does not): one script serves both flavors, as one UI test would.
  func enterDeliveryDetails(shipping: ShippingOption = .standard) throws {
    if sees(DeliveryAddressViewController.self) {
      try on(DeliveryAddressViewController.self, "Select address", label: Address.saved[0].street) {
        $0.didSelectAddress(at: 0)
      }
    }
    if sees(ShippingOptionViewController.self) {
      try chooseShipping(shipping)
    }
  }

  func chooseShipping(_ option: ShippingOption) throws {
    try on(ShippingOptionViewController.self, "Select shipping", label: option.title) {
      $0.didSelect(option)
    }
  }

  /// Long-presses the back button on payment and picks the delivery address from its menu.
  func goBackFromPaymentToAddress() throws {
    try system(on: PaymentViewController.self) { person in
      guard let address = screen.backMenu.first(where: { $0 is DeliveryAddressViewController }) else {
        return
      }
      person.pickFromBackMenu(address)
    }
  }

  /// An edge swipe back from payment.
  func goBackFromPayment() throws {
    try system(on: PaymentViewController.self) { $0.swipeBack() }
  }

  func pay(with method: PaymentMethod) throws {
    try on(PaymentViewController.self, "Pay", label: method.title) {
      $0.didSelect(method)
      $0.didTapPay()
    }
  }

  func closeConfirmation() throws {
    try on(ConfirmationViewController.self, "Done") { $0.didTapDone() }
  }
}
