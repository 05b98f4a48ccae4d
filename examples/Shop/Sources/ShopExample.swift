import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording

/// The bundled shop examples: a purchase flow for physical goods (app "Shop") and the same
/// code configured for digital goods (app "Shop Digital"), with the journeys that record
/// their traces.
public enum ShopExample {
  /// Every journey of both shop apps, physical goods first; each records one trace.
  ///
  /// Runs are unique within their app and file-name friendly (`buy-one-product`); ids are
  /// sequential and no times are written, so each journey records the same bytes every time.
  public static let journeys: [ScriptedJourney] = ShopJourney.all.map(\.scripted)
}

extension ShopJourney {
  /// The journey as the recording side runs it: a fresh app on a recording router, driven
  /// by a customer whose actions are recorded before the navigation they cause.
  var scripted: ScriptedJourney {
    ScriptedJourney(app: flavor.appName, run: run, title: title, metadata: flavor.metadata) {
      [flavor, script] recorder in
      let screens = StackRouter()
      let app = ShopApp(flavor: flavor, router: recorder.router(wrapping: screens))
      recorder.note("Checkout steps: " + flavor.checkout.steps.map(\.title).joined(separator: " → "))
      let customer = ShopCustomer(
        screen: try Person(on: screens), recorder: recorder, catalog: flavor.catalog)
      // The app is held to the end: screens hold their coordinators weakly, and nothing
      // else uses `app` after launch, so the optimizer could otherwise release it early.
      try withExtendedLifetime(app) {
        app.launch(recorder: recorder)
        try script(customer)
        // The run ends with the app still running, as a UI test ends: its teardown is no
        // part of the journey.
        recorder.finish()
      }
    }
  }
}
