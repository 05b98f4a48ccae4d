/// One scripted run of the Recipes app: its name, title, and what the person does.
struct RecipesJourney: Sendable {
  var run: String
  var title: String
  var script: @MainActor @Sendable (RecipesPerson) throws -> Void

  static let all: [RecipesJourney] = [
    RecipesJourney(run: "cook-pancakes", title: "Cook pancakes step by step, then Done") { person in
      try person.open("pancakes")
      try person.startCooking()
      try person.nextStep()
      try person.nextStep()
      try person.nextStep()
    },
    RecipesJourney(
      run: "swipe-back-out-of-cooking", title: "Start cooking, go back a step, then leave cooking with Back"
    ) { person in
      try person.open("pancakes")
      try person.startCooking()
      try person.nextStep()
      try person.goBack(from: StepScreen.self)
      try person.goBack(from: StepScreen.self)
      try person.goBack(from: RecipeDetailScreen.self)
    },
    RecipesJourney(
      run: "shopping-list-dragged-down",
      title: "Add tomato soup to the shopping list, open an item, go back in the sheet, drag it down"
    ) { person in
      try person.open("tomato-soup")
      try person.addToShoppingList()
      try person.openItem("Basil")
      try person.goBack(from: ShoppingItemScreen.self)
      try person.dragSheetDown(on: ShoppingListScreen.self)
    },
    RecipesJourney(
      run: "shopping-list-done", title: "Add pancakes to the shopping list and close it with Done"
    ) { person in
      try person.open("pancakes")
      try person.addToShoppingList()
      try person.closeShoppingList()
    },
    RecipesJourney(
      run: "deep-link-to-step-two",
      title: "Open recipes://recipes/pancakes/steps/2, then go back to the recipes from the back menu"
    ) { person in
      try person.openLink("recipes://recipes/pancakes/steps/2")
      try person.goBackToRecipes(from: StepScreen.self)
    },
  ]
}
