import FlowAtlasPattern

/// The shopping list in a sheet with a stack of its own: an item's page pushes inside it. Done
/// dismisses it (the flow ends `done`); dragging the sheet down ends it too, with no result.
@MainActor
final class ShoppingListCoordinator: ResultCoordinator<ShoppingListCoordinator.Outcome> {
  enum Outcome { case done }

  private let shoppingList: ShoppingList

  init(router: any RouterProtocol, shoppingList: ShoppingList) {
    self.shoppingList = shoppingList
    super.init(router: router)
  }

  override func start() {
    let list = ShoppingListScreen(items: shoppingList.items)
    list.onOpen = { [weak self] item in self?.router.push(ShoppingItemScreen(item: item)) }
    list.onDone = { [weak self] in self?.close() }
    router.present(list)
  }

  private func close() {
    router.dismiss()
    finish(with: .done)
  }
}
