/// How fast a parcel travels, and what that costs.
enum ShippingOption: String, CaseIterable, Hashable, Sendable {
  case standard
  case express

  var title: String {
    switch self {
    case .standard: "Standard (3–5 days)"
    case .express: "Express (next day)"
    }
  }

  var priceCents: Int {
    switch self {
    case .standard: 0
    case .express: 990
    }
  }
}
