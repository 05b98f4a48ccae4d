import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording

/// The bundled Recipes example: a SwiftUI-style app whose coordinators navigate a
/// `NavigationStackRouter` (a list → recipe → steps stack, a shopping-list sheet with a stack
/// of its own, a deep link opening three screens), driven headless through the state writes
/// SwiftUI makes when the person goes back or drags a sheet down.
public enum RecipesExample {
  /// Every journey; each records one trace, the same bytes every time.
  public static let journeys: [ScriptedJourney] = RecipesJourney.all.map(\.scripted)
}

extension RecipesJourney {
  /// Plays the journey on a fresh app over `window`, recorded by `recorder` when given.
  ///
  /// The run ends with the app still running, as a UI test ends: its teardown is no part of
  /// the journey.
  ///
  /// SwiftUI's `NavigationStackHost` tells the router each screen it shows once its view appears:
  /// headless, the person looks at the screen on top at launch and after each step.
  @MainActor
  func play(over window: any RouterProtocol, recorder: Recorder?) throws {
    let app = RecipesApp(window: window)
    try withExtendedLifetime(app) {
      app.launch(recorder: recorder)
      let person = RecipesPerson(app: app, recorder: recorder)
      person.appeared()
      try script(person)
      recorder?.finish()
    }
  }

  /// The journey as the recording side runs it: over a recorded `NavigationStackRouter`.
  var scripted: ScriptedJourney {
    ScriptedJourney(
      app: "Recipes", run: run, title: title,
      metadata: ["device": "iPhone 16 (simulated)", "build": "3.1.0 (7)", "os": "iOS 18.2", "ui": "SwiftUI"]
    ) { [self] recorder in
      try play(over: recorder.router(wrapping: NavigationStackRouter()), recorder: recorder)
    }
  }
}
