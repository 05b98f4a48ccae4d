/// What the app remembers when it launches: the three states ``AppCoordinator`` decides
/// between.
enum LaunchState: String, CaseIterable, Hashable, Sendable {
  /// Never opened: onboarding first.
  case firstLaunch
  /// Onboarded, but no session: login.
  case loggedOut
  /// A saved session: straight to the signed-in app.
  case loggedIn
}
