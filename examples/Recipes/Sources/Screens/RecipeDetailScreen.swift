import FlowAtlasPattern

/// One recipe: its ingredients, a button to start cooking, one to add it to the shopping list.
@MainActor
final class RecipeDetailScreen: Presentable {
  let recipe: Recipe
  var onStartCooking: (() -> Void)?
  var onAddToShoppingList: (() -> Void)?

  var screenTitle: String? { recipe.title }

  init(recipe: Recipe) {
    self.recipe = recipe
  }

  func startCooking() { onStartCooking?() }

  func addToShoppingList() { onAddToShoppingList?() }
}
