/// The login screen's state and logic (MVVM-C): it checks the credentials with the shared
/// session and tells its coordinator, through a closure, that the person is in.
@MainActor
public final class LoginViewModel {
  /// Set by the coordinator: the person logged in.
  public var onLoggedIn: (() -> Void)?

  public private(set) var errorMessage: String?
  private let session: Session

  public init(session: Session) {
    self.session = session
  }

  public func logIn(email: String, password: String) {
    guard session.logIn(email: email, password: password) else {
      errorMessage = "Email or password is wrong."
      return
    }
    errorMessage = nil
    onLoggedIn?()
  }
}
