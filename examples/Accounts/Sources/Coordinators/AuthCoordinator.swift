import FlowAtlasPattern

/// How login ended: the session store holds the token.
enum AuthOutcome {
  case loggedIn
}

/// Login and password reset. The login screen is MVVM-C: its view model reaches this
/// coordinator through the weakly held ``LoginNavigation``.
///
/// It ends with its ``AuthOutcome``, which the trace names (`loggedIn`).
@MainActor
final class AuthCoordinator: ResultCoordinator<AuthOutcome> {
  private let services: AccountsServices

  init(router: any RouterProtocol, services: AccountsServices) {
    self.services = services
    super.init(router: router)
  }

  override func start() {
    let viewModel = LoginViewModel(auth: services.auth, session: services.session)
    viewModel.navigation = self
    router.setRoot(LoginViewController(viewModel: viewModel))
  }
}

extension AuthCoordinator: LoginNavigation {
  func showMainScreen() {
    finish(with: .loggedIn)
  }

  func showForgotPassword() {
    let screen = ForgotPasswordViewController(email: AuthService.knownEmail)
    screen.delegate = self
    router.push(screen)
  }
}

extension AuthCoordinator: ForgotPasswordViewControllerDelegate {
  func forgotPassword(_ screen: ForgotPasswordViewController, didRequestResetFor email: String) {
    // The link goes out by email; the person comes back to log in.
    router.pop()
  }

}
