/// One scripted run of the Accounts app, before recording: how the app launches, its name
/// and title, and what the person does.
struct AccountsJourney: Sendable {
  var launch: LaunchState
  /// ``SettingsVariant/leaky`` only for the journey that shows the leak diagnostic.
  var settingsVariant: SettingsVariant = .standard
  /// File-name friendly (`log-out-and-in-again`): the lead's command names the trace after it.
  var run: String
  var title: String
  var script: @MainActor @Sendable (AccountsUser) throws -> Void
}
