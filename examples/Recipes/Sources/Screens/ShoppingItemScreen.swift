import FlowAtlasPattern

/// One item of the shopping list: where to find it.
@MainActor
final class ShoppingItemScreen: Presentable {
  let item: String

  var screenTitle: String? { item }

  init(item: String) {
    self.item = item
  }
}
