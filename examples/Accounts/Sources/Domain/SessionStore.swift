/// The signed-in session, shared by every flow that needs it.
///
/// Auth saves the token here and profile reads it here: coordinators never hand the
/// token to each other, so a flow can start from a deep link without a chain of
/// parameters. A real app keeps the token in the keychain.
@MainActor
final class SessionStore {
  private(set) var token: String?

  init(token: String? = nil) {
    self.token = token
  }

  var isLoggedIn: Bool { token != nil }

  func save(token: String) { self.token = token }

  func clear() { token = nil }
}
