/// The products a customer means to buy, with quantities, in the order they were added.
struct Cart: Hashable, Sendable {
  struct Line: Hashable, Sendable {
    var product: Product
    var quantity: Int
  }

  private(set) var lines: [Line] = []

  var isEmpty: Bool { lines.isEmpty }
  var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
  var totalCents: Int { lines.reduce(0) { $0 + $1.product.priceCents * $1.quantity } }

  mutating func add(_ product: Product) {
    if let index = lines.firstIndex(where: { $0.product.sku == product.sku }) {
      lines[index].quantity += 1
    } else {
      lines.append(Line(product: product, quantity: 1))
    }
  }

  mutating func removeAll() { lines.removeAll() }
}
