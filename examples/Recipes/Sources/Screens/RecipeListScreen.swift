import FlowAtlasPattern

/// The recipe list: the model a SwiftUI `List` view draws, and the taps it forwards.
@MainActor
final class RecipeListScreen: Presentable {
  let recipes: [Recipe]
  var onOpen: ((Recipe) -> Void)?

  var screenTitle: String? { "Recipes" }

  init(recipes: [Recipe]) {
    self.recipes = recipes
  }

  func open(_ recipe: Recipe) { onOpen?(recipe) }
}
