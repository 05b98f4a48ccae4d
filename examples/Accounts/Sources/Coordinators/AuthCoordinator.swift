import FlowAtlasPattern

/// Tells the app the person logged in (the delegate style).
@MainActor
protocol AuthCoordinatorDelegate: AnyObject {
  /// The person logged in; the session store holds the token. The parent removes the
  /// coordinator here.
  func authCoordinatorDidLogIn(_ coordinator: AuthCoordinator)
}

/// Login and password reset. The login screen is MVVM-C: its view model reaches this
/// coordinator through the weakly held ``LoginNavigation``.
///
/// It tells its parent through ``AuthCoordinatorDelegate`` (the delegate style: the parent
/// attaches it with `addChild` and removes it itself); `finish(output:)` names the outcome
/// in the trace.
@MainActor
final class AuthCoordinator: Coordinator {
  weak var delegate: (any AuthCoordinatorDelegate)?
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
    finish(output: "loggedIn")
    delegate?.authCoordinatorDidLogIn(self)
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
