import FlowAtlasJourneys
import FlowAtlasRecording
import UIKit

/// The bundled Inventory example: an app built as the classic coordinator sample builds one (a
/// router of its own over `UINavigationController`, factories, a tab bar of navigation
/// controllers from the storyboard, a flow presented in a navigation controller of its own,
/// onboarding and login that replace the window's root, deep links through `start(with:)`),
/// written against UIKit's API, in Swift 5, and run on FlowAtlas's model of UIKit by a person
/// tapping what the screen shows.
public enum InventoryExample {
  /// Every journey of the Inventory app; each records one trace, the same bytes every time.
  public static let journeys: [ScriptedJourney] = InventoryJourney.all.map(\.scripted)
}

/// One scripted use of the app: how it was left last time, the link it is opened at, and what the
/// person does.
struct InventoryJourney: Sendable {
  let run: String
  let title: String
  var hasSeenOnboarding = true
  var isLoggedIn = true
  var openedAt: String?
  let script: @MainActor @Sendable (InventoryPerson) -> Void

  /// The journey as the recording side runs it: the app launched by iOS (the model's), with the
  /// recorder its launch environment would give it.
  var scripted: ScriptedJourney {
    ScriptedJourney(
      app: "Inventory", run: run, title: title,
      metadata: [
        "device": "iPhone 15 (model of UIKit)", "build": "2.4 (118)",
        "coordinators": "the classic sample's: a Router of the app's own, factories, start(with:)",
      ]
    ) { [self] recorder in
      UIKitModel.reset()
      MainStoryboard.register()
      let app = AppDelegate()
      app.session = Session(hasSeenOnboarding: hasSeenOnboarding, isLoggedIn: isLoggedIn)
      app.recorder = recorder
      let link = openedAt.flatMap(URL.init(string:))
      UIKitModel.launch(appDelegate: app, options: link.map { [.url: $0] })
      UIKitModel.finishAnimations()
      withExtendedLifetime(app) {
        script(InventoryPerson(app: app, recorder: recorder))
      }
      recorder.finish()
    }
  }
}
