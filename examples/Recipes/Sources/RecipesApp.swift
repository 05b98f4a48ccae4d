import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording

/// One launched Recipes app: what the SwiftUI `App` would own (the router its
/// `NavigationStackHost` shows, the shared shopping list, the root coordinator).
@MainActor
final class RecipesApp {
  let coordinator: RecipesCoordinator
  /// The router the app's view shows: a `NavigationStackRouter` (maybe recorded), or any other
  /// router when a test runs the same coordinators elsewhere.
  let window: any RouterProtocol

  init(window: any RouterProtocol) {
    self.window = window
    coordinator = RecipesCoordinator(router: window, shoppingList: ShoppingList())
  }

  /// Starts the root coordinator, as the `App`'s first scene appearing would.
  /// - Parameter recorder: Records every coordinator's lifecycle, if the run is recorded.
  func launch(recorder: Recorder? = nil) {
    if let recorder { recorder.launch(coordinator) } else { coordinator.launch() }
  }

  /// What people see.
  var visibleScreen: (any Presentable)? {
    (try? Person(on: window))?.visibleScreen
  }
}
