/// A recipe: its ingredients and the steps to cook it.
struct Recipe: Hashable, Sendable {
  var id: String
  var title: String
  var ingredients: [String]
  var steps: [String]

  /// The recipes the app ships with.
  static let book: [Recipe] = [
    Recipe(
      id: "pancakes", title: "Pancakes", ingredients: ["Flour", "Eggs", "Milk"],
      steps: ["Whisk flour, eggs and milk", "Rest the batter", "Fry each pancake"]),
    Recipe(
      id: "tomato-soup", title: "Tomato soup", ingredients: ["Tomatoes", "Onion", "Basil"],
      steps: ["Soften the onion", "Simmer the tomatoes", "Blend with basil"]),
  ]

  static func named(_ id: String) -> Recipe? { book.first { $0.id == id } }
}
