import FlowAtlasPattern

/// The login form: it forwards the person's taps to its view model and knows nothing of
/// what comes next.
@MainActor
public final class LoginViewController: Presentable {
  public let viewModel: LoginViewModel

  public var screenTitle: String? { "Log in" }

  public init(viewModel: LoginViewModel) {
    self.viewModel = viewModel
  }

  public func didTapLogIn(email: String, password: String) {
    viewModel.logIn(email: email, password: password)
  }
}
