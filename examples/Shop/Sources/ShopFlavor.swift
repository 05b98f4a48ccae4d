/// The two shops built from the same code: what they sell and which checkout steps they
/// need. A design review of "digital goods skip address and shipping" compares their runs.
enum ShopFlavor: String, CaseIterable, Hashable, Sendable {
  /// Physical goods: address, shipping option, payment.
  case physical
  /// Digital goods: payment only.
  case digital

  /// The app's name in traces; each flavor is its own app on the site.
  var appName: String {
    switch self {
    case .physical: "Shop"
    case .digital: "Shop Digital"
    }
  }

  var catalog: Catalog {
    switch self {
    case .physical: .physical
    case .digital: .digital
    }
  }

  var checkout: CheckoutConfiguration {
    switch self {
    case .physical: .physicalGoods
    case .digital: .digitalGoods
    }
  }

  /// The build the journeys were "recorded" on, shown in each trace's header.
  var metadata: [String: String] {
    switch self {
    case .physical: ["device": "iPhone 15 (simulated)", "build": "1.4.0 (312)", "os": "iOS 18.2"]
    case .digital: ["device": "iPhone 15 (simulated)", "build": "1.5.0 (327)", "os": "iOS 18.2"]
    }
  }
}
