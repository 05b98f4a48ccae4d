import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording

/// The bundled Accounts example: onboarding, login, a tab bar with profile and settings,
/// a deep link, and one deliberately leaky variant, with the journeys that record its traces.
public enum AccountsExample {
  /// Every journey of the Accounts app; each records one trace.
  ///
  /// Runs are unique and file-name friendly (`log-out-and-in-again`); ids are sequential and
  /// no times are written, so each journey records the same bytes every time. The run
  /// `leaky-notification-settings` is built with a deliberately buggy settings coordinator
  /// and records a `coordinator-leak`; `orphaned-notification-settings` is built with another
  /// and records an `orphaned-coordinator`.
  public static let journeys: [ScriptedJourney] = AccountsJourney.all.map(\.scripted)
}

extension AccountsJourney {
  /// The build the journeys were "recorded" on, shown in each trace's header.
  var metadata: [String: String] {
    var metadata = ["device": "iPhone 15 Pro (simulated)", "build": "2.3.0 (88)", "os": "iOS 18.2"]
    metadata["launch"] = launch.rawValue
    switch settingsVariant {
    case .standard: break
    case .leaky: metadata["variant"] = "LeakySettingsCoordinator (deliberate bug)"
    case .orphaning: metadata["variant"] = "OrphaningSettingsCoordinator (deliberate bug)"
    }
    return metadata
  }

  /// The journey as the recording side runs it: a fresh app on recording routers (the window
  /// and each tab's stack), driven by a person whose actions are recorded before the
  /// navigation they cause.
  var scripted: ScriptedJourney {
    ScriptedJourney(app: "Accounts", run: run, title: title, metadata: metadata) {
      [launch, settingsVariant, script] recorder in
      let app = AccountsApp(
        state: launch, settingsVariant: settingsVariant,
        window: recorder.router(wrapping: StackRouter(), id: "window"),
        makeTabBar: { tabs in recorder.tabRouter(wrapping: TabRouter(tabs: tabs)) })
      try withExtendedLifetime(app) {
        app.launch(recorder: recorder)
        try script(AccountsUser(app: app, recorder: recorder))
        // The run ends with the app still running, as a UI test ends: its teardown is no
        // part of the journey.
        recorder.finish()
      }
    }
  }
}
