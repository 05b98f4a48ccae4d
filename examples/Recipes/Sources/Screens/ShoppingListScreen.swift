import FlowAtlasPattern

/// The shopping list, shown in a sheet with a navigation stack of its own.
@MainActor
final class ShoppingListScreen: Presentable {
  let items: [String]
  var onOpen: ((String) -> Void)?
  var onDone: (() -> Void)?

  var screenTitle: String? { "Shopping list" }

  init(items: [String]) {
    self.items = items
  }

  func open(_ item: String) { onOpen?(item) }

  func done() { onDone?() }
}
