/// Every journey of both shops. The four shared runs have the same names in both apps, so
/// a review of the digital checkout can put them side by side.
extension ShopJourney {
  static let all: [ShopJourney] =
    ShopFlavor.allCases.flatMap { flavor in shared(flavor) } + [
      ShopJourney(
        flavor: .physical, run: "change-shipping-option",
        title: "Go back from payment to pick express shipping, then pay with Apple Pay"
      ) { customer in
        try customer.openProduct(1)
        try customer.addToCart()
        try customer.openCartFromDetail()
        try customer.checkout()
        try customer.enterDeliveryDetails(shipping: .standard)
        try customer.goBackFromPayment()
        try customer.chooseShipping(.express)
        try customer.pay(with: .applePay)
        try customer.closeConfirmation()
      },
      ShopJourney(
        flavor: .physical, run: "back-menu-to-address",
        title: "From payment, jump back to the delivery address with the back button's menu"
      ) { customer in
        try customer.openProduct(2)
        try customer.addToCart()
        try customer.openCartFromDetail()
        try customer.checkout()
        try customer.enterDeliveryDetails()
        try customer.goBackFromPaymentToAddress()
        try customer.enterDeliveryDetails(shipping: .express)
        try customer.pay(with: .card)
        try customer.closeConfirmation()
      },
      ShopJourney(
        flavor: .physical, run: "swipe-away-checkout",
        title: "Open the cart, swipe the checkout sheet down, and go back to the list"
      ) { customer in
        try customer.openProduct(0)
        try customer.addToCart()
        try customer.openCartFromDetail()
        try customer.swipeAwayCheckout()
        try customer.goBackToList()
      },
      ShopJourney(
        flavor: .digital, run: "back-from-payment",
        title: "Go back from payment to the order summary, then pay by card"
      ) { customer in
        try customer.openProduct(0)
        try customer.addToCart()
        try customer.openCartFromDetail()
        try customer.checkout()
        try customer.goBackFromPayment()
        try customer.checkout()
        try customer.pay(with: .card)
        try customer.closeConfirmation()
      },
    ]

  /// The runs both shops have, scripted once.
  private static func shared(_ flavor: ShopFlavor) -> [ShopJourney] {
    let thing = flavor == .physical ? "product" : "download"
    return [
      ShopJourney(
        flavor: flavor, run: "buy-one-product", title: "Buy one \(thing) and pay by card"
      ) { customer in
        try customer.openProduct(0)
        try customer.addToCart()
        try customer.openCartFromDetail()
        try customer.checkout()
        try customer.enterDeliveryDetails()
        try customer.pay(with: .card)
        try customer.closeConfirmation()
      },
      ShopJourney(
        flavor: flavor, run: "browse-and-go-back",
        title: "Look at two \(thing)s, going back to the list after each"
      ) { customer in
        try customer.openProduct(1)
        try customer.goBackToList()
        try customer.openProduct(2)
        try customer.goBackToList()
      },
      ShopJourney(
        flavor: flavor, run: "cancel-checkout",
        title: "Add a \(thing), open the cart and close it without paying"
      ) { customer in
        try customer.openProduct(2)
        try customer.addToCart()
        try customer.openCartFromDetail()
        try customer.closeCart()
        try customer.goBackToList()
      },
      ShopJourney(
        flavor: flavor, run: "buy-two-products",
        title: "Add two \(thing)s, check out from the list's cart button and pay with PayPal"
      ) { customer in
        try customer.openProduct(0)
        try customer.addToCart()
        try customer.goBackToList()
        try customer.openProduct(1)
        try customer.addToCart()
        try customer.goBackToList()
        try customer.openCartFromList()
        try customer.checkout()
        try customer.enterDeliveryDetails()
        try customer.pay(with: .payPal)
        try customer.closeConfirmation()
      },
    ]
  }
}
