import FlowAtlasPattern

/// The root flow: the recipe list, a recipe's page, and the flows they start (cooking, the
/// shopping list). Written against `RouterProtocol`, so it runs unchanged over UIKit, the
/// headless `StackRouter` and SwiftUI's `NavigationStackRouter`.
@MainActor
final class RecipesCoordinator: Coordinator {
  private let shoppingList: ShoppingList

  init(router: any RouterProtocol, shoppingList: ShoppingList) {
    self.shoppingList = shoppingList
    super.init(router: router)
  }

  override func start() {
    let list = RecipeListScreen(recipes: Recipe.book)
    list.onOpen = { [weak self] recipe in self?.showDetail(of: recipe) }
    router.setRoot(list)
  }

  private func showDetail(of recipe: Recipe) {
    let detail = RecipeDetailScreen(recipe: recipe)
    detail.onStartCooking = { [weak self] in self?.cook(recipe, openingStep: 1) }
    detail.onAddToShoppingList = { [weak self] in self?.showShoppingList(adding: recipe) }
    router.push(detail)
  }

  private func cook(_ recipe: Recipe, openingStep step: Int) {
    startChild(CookingCoordinator(router: router, recipe: recipe, openingStep: step))
  }

  private func showShoppingList(adding recipe: Recipe) {
    shoppingList.add(recipe.ingredients)
    startChild(ShoppingListCoordinator(router: router, shoppingList: shoppingList))
  }

  /// Opens `recipes://recipes/<id>` or `recipes://recipes/<id>/steps/<n>` from the recipe list:
  /// the recipe's page, then the steps up to `n`, all pushed in one turn, which SwiftUI draws
  /// as one update of the path.
  /// - Returns: Whether the link names a recipe (and a step it has).
  func open(url: String) -> Bool {
    let parts = url.split(separator: "/").map(String.init)
    guard parts.count >= 3, parts[0] == "recipes:", parts[1] == "recipes", let recipe = Recipe.named(parts[2])
    else { return false }
    var step: Int?
    if parts.count == 5, parts[3] == "steps" {
      guard let number = Int(parts[4]), recipe.steps.indices.contains(number - 1) else { return false }
      step = number
    } else if parts.count != 3 {
      return false
    }
    showDetail(of: recipe)
    if let step { cook(recipe, openingStep: step) }
    return true
  }
}
