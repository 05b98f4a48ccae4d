/// What a shop sells; a real app would load it from the backend.
struct Catalog: Sendable {
  var products: [Product]

  func product(sku: String) -> Product? { products.first { $0.sku == sku } }

  /// Goods that are shipped.
  static let physical = Catalog(products: [
    Product(sku: "mug-01", name: "Coffee Mug", priceCents: 1250),
    Product(sku: "tee-02", name: "Logo T-Shirt", priceCents: 2400),
    Product(sku: "bag-03", name: "Canvas Tote Bag", priceCents: 1800),
  ])

  /// Goods that are downloaded.
  static let digital = Catalog(products: [
    Product(sku: "ebook-01", name: "Swift Patterns (e-book)", priceCents: 2900),
    Product(sku: "album-02", name: "Night Drive (album)", priceCents: 999),
    Product(sku: "course-03", name: "Coordinators Course", priceCents: 4900),
  ])
}
