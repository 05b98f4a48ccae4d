/// How the customer pays.
enum PaymentMethod: String, CaseIterable, Hashable, Sendable {
  case card
  case applePay
  case payPal

  var title: String {
    switch self {
    case .card: "Card ending 4242"
    case .applePay: "Apple Pay"
    case .payPal: "PayPal"
    }
  }
}
