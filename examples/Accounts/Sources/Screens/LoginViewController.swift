import FlowAtlasPattern

/// The login form. It binds its fields to the view model and forwards taps; it knows
/// nothing about what comes after it.
@MainActor
final class LoginViewController: Presentable {
  let viewModel: LoginViewModel

  var screenTitle: String? { "Log in" }

  init(viewModel: LoginViewModel) {
    self.viewModel = viewModel
  }

  /// The person typed into the form's fields.
  func type(email: String, password: String) {
    viewModel.email = email
    viewModel.password = password
  }

  func didTapLogIn() { viewModel.logIn() }

  func didTapForgotPassword() { viewModel.forgotPassword() }
}
