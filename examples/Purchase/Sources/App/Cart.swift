/// What the shop sells.
public struct Product: Equatable, Sendable {
  public let name: String
  public let price: Int
}

/// The products a person chose, kept by the purchase flow.
public final class Cart {
  public private(set) var products: [Product] = []

  public var count: Int { products.count }
  public var total: Int { products.reduce(0) { $0 + $1.price } }

  public func add(_ product: Product) { products.append(product) }
  public func empty() { products = [] }
}
