/// Who is logged in, shared by the coordinators that need it (the shared-service style).
@MainActor
public final class Session {
  public private(set) var email: String?

  public init(email: String? = nil) {
    self.email = email
  }

  public var isLoggedIn: Bool { email != nil }

  /// Checks the credentials; the cinema's only account is `ada@example.com` / `correct-horse`.
  /// - Returns: Whether the person is now logged in.
  public func logIn(email: String, password: String) -> Bool {
    guard email == "ada@example.com", password == "correct-horse" else { return false }
    self.email = email
    return true
  }
}
