/// The login screen's state and logic (MVVM-C): it validates, calls the auth service,
/// saves the session, and asks its navigation for the next screen.
@MainActor
final class LoginViewModel {
  /// Weak: the coordinator owns the screen that owns this view model.
  weak var navigation: (any LoginNavigation)?

  var email = ""
  var password = ""
  private(set) var errorMessage: String?
  private(set) var isLoading = false

  private let auth: AuthService
  private let session: SessionStore

  init(auth: AuthService, session: SessionStore, email: String = "") {
    self.auth = auth
    self.session = session
    self.email = email
  }

  var canSubmit: Bool { !email.isEmpty && !password.isEmpty && !isLoading }

  /// Logs in with the typed credentials; on success the token goes to the shared
  /// session store and navigation moves on, on failure the screen shows an error.
  func logIn() {
    guard canSubmit else { return }
    isLoading = true
    defer { isLoading = false }
    switch auth.logIn(email: email, password: password) {
    case .success(let token):
      errorMessage = nil
      session.save(token: token)
      navigation?.showMainScreen()
    case .failure:
      password = ""
      errorMessage = "Email or password is wrong."
    }
  }

  func forgotPassword() {
    navigation?.showForgotPassword()
  }
}
