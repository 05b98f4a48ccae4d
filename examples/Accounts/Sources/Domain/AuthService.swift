/// Checks credentials. A real app calls the backend; this one knows one account and
/// numbers tokens from 1 so journeys are deterministic.
@MainActor
final class AuthService {
  enum Failure: Error, Hashable {
    case wrongPassword
  }

  static let knownEmail = "ada@example.com"
  static let knownPassword = "analytical-engine"

  private var issued = 0

  /// Logs in.
  /// - Parameters:
  ///   - email: the account's email.
  ///   - password: its password.
  /// - Returns: a session token, or ``Failure/wrongPassword``.
  func logIn(email: String, password: String) -> Result<String, Failure> {
    guard email == Self.knownEmail, password == Self.knownPassword else {
      return .failure(.wrongPassword)
    }
    issued += 1
    return .success("token-\(issued)")
  }
}
