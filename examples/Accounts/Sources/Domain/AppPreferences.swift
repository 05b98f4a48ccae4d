/// What the app remembers between launches (`UserDefaults` in a real app).
@MainActor
final class AppPreferences {
  var hasCompletedOnboarding: Bool

  init(hasCompletedOnboarding: Bool) {
    self.hasCompletedOnboarding = hasCompletedOnboarding
  }
}
