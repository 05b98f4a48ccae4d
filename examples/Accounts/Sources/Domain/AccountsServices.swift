/// The app's shared services, made once at launch and handed to every coordinator
/// (constructor injection; no singletons, so each journey starts from a clean app).
@MainActor
struct AccountsServices {
  let session: SessionStore
  let preferences: AppPreferences
  let auth: AuthService
  let profiles: ProfileService

  /// The state of a launch: first run, returning but logged out, or logged in.
  init(hasCompletedOnboarding: Bool, token: String? = nil) {
    session = SessionStore(token: token)
    preferences = AppPreferences(hasCompletedOnboarding: hasCompletedOnboarding)
    auth = AuthService()
    profiles = ProfileService(session: session)
  }
}
