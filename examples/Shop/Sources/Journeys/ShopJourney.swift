/// One scripted run of a shop, before recording: which shop, its name and title, and
/// what the customer does.
struct ShopJourney: Sendable {
  var flavor: ShopFlavor
  /// File-name friendly (`buy-one-product`): the lead's command names the trace after it.
  var run: String
  var title: String
  var script: @MainActor @Sendable (ShopCustomer) throws -> Void
}
