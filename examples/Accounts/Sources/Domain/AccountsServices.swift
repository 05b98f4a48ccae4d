/// The app's shared services, made once at launch and handed to every coordinator
/// (constructor injection; no singletons, so each journey starts from a clean app).
@MainActor
struct AccountsServices {
  let session: SessionStore
  let preferences: AppPreferences
  let auth: AuthService
  let profiles: ProfileService

  /// The services as they are at `launch`.
  /// - Parameter launch: What the app remembers from earlier runs.
  init(launch: LaunchState) {
    session = SessionStore(token: launch == .loggedIn ? "token-restored" : nil)
    preferences = AppPreferences(hasCompletedOnboarding: launch != .firstLaunch)
    auth = AuthService()
    profiles = ProfileService(session: session)
  }
}
