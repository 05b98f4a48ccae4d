/// Something the shop sells.
struct Product: Hashable, Sendable {
  /// The catalog's stable identifier (a SKU), never shown to people.
  var sku: String
  var name: String
  /// The price in cents, so totals add up exactly.
  var priceCents: Int
}
