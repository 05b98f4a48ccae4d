import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording

/// A screen that was not the one a journey expected.
struct UnexpectedScreen: Error, CustomStringConvertible {
  var expected: String
  var found: String?
  var action: String

  var description: String { "\(action): expected \(expected) on top, found \(found ?? "no screen")" }
}

/// The person a journey scripts: taps on the screen on top (recorded as `user.action` first),
/// and the system's controls, which on a `NavigationStackRouter` are the very state writes
/// SwiftUI makes (a shorter path, a sheet's `isPresented` set to false).
@MainActor
struct RecipesPerson {
  let app: RecipesApp
  let recorder: Recorder?
  /// The person looks at the screen on top, which the SwiftUI view reports shown once it
  /// appeared (headless, nothing else does; over another router, nothing happens).
  func appeared() { (try? Person(on: app.window))?.looksAtTheScreen() }

  private func on<Screen: Presentable>(_ type: Screen.Type, _ action: String, _ body: (Screen) -> Void) throws
  {
    guard let screen = app.visibleScreen as? Screen else {
      throw UnexpectedScreen(
        expected: String(describing: type), found: app.visibleScreen?.screenType, action: action)
    }
    recorder?.userAction(on: screen, action: action)
    body(screen)
    appeared()
  }

  private func system<Screen: Presentable>(
    on type: Screen.Type, _ action: String, _ gesture: (Person) -> Void
  ) throws {
    guard app.visibleScreen is Screen, let person = try? Person(on: app.window) else {
      throw UnexpectedScreen(
        expected: String(describing: type), found: app.visibleScreen?.screenType, action: action)
    }
    gesture(person)
    appeared()
  }

  func open(_ recipe: String) throws {
    try on(RecipeListScreen.self, "Open recipe") { list in
      if let found = list.recipes.first(where: { $0.id == recipe }) { list.open(found) }
    }
  }

  func startCooking() throws { try on(RecipeDetailScreen.self, "Start cooking") { $0.startCooking() } }
  func nextStep() throws { try on(StepScreen.self, "Next") { $0.next() } }
  func addToShoppingList() throws {
    try on(RecipeDetailScreen.self, "Add to shopping list") { $0.addToShoppingList() }
  }
  func openItem(_ item: String) throws { try on(ShoppingListScreen.self, "Open item") { $0.open(item) } }
  func closeShoppingList() throws { try on(ShoppingListScreen.self, "Done") { $0.done() } }

  /// Back one screen (SwiftUI: the path loses its last route).
  func goBack<Screen: Presentable>(from type: Screen.Type) throws {
    try system(on: type, "Back") { $0.tapBackButton() }
  }

  /// The back button's menu, back to the recipe list (SwiftUI: the path is emptied at once).
  func goBackToRecipes<Screen: Presentable>(from type: Screen.Type) throws {
    guard let list = (try? Person(on: app.window))?.backMenu.first else {
      throw UnexpectedScreen(expected: "RecipeListScreen", found: nil, action: "Back menu")
    }
    try system(on: type, "Back menu") { $0.pickFromBackMenu(list) }
  }

  /// Drags the sheet down (SwiftUI: the sheet's `isPresented` becomes false).
  func dragSheetDown<Screen: Presentable>(on type: Screen.Type) throws {
    try system(on: type, "Drag down") { $0.swipeDownSheet() }
  }

  /// Opens the app at `url`, as iOS does when a link is tapped elsewhere.
  func openLink(_ url: String) throws {
    recorder?.deeplink(url, handledBy: app.coordinator)
    guard app.coordinator.open(url: url) else {
      throw UnexpectedScreen(expected: "a recipe link", found: url, action: "Open link")
    }
    appeared()
  }
}
