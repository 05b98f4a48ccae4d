/// Loads and saves the signed-in person's profile, authorised by the shared session.
@MainActor
final class ProfileService {
  private let session: SessionStore
  private var stored = Profile(name: "Ada Lovelace", email: AuthService.knownEmail)

  init(session: SessionStore) {
    self.session = session
  }

  /// The profile, or nil when nobody is logged in (the backend would answer 401).
  func load() -> Profile? {
    session.isLoggedIn ? stored : nil
  }

  /// Saves the profile; ignored without a session.
  func save(_ profile: Profile) {
    guard session.isLoggedIn else { return }
    stored = profile
  }
}
