import FlowAtlasPattern

/// Tells the auth flow the reset link was requested, or the person went back.
@MainActor
protocol ForgotPasswordViewControllerDelegate: AnyObject {
  func forgotPassword(_ screen: ForgotPasswordViewController, didRequestResetFor email: String)
}

/// Asks for the email to send a reset link to.
@MainActor
final class ForgotPasswordViewController: Presentable {
  weak var delegate: (any ForgotPasswordViewControllerDelegate)?
  var email: String

  var screenTitle: String? { "Reset Password" }

  init(email: String) {
    self.email = email
  }

  func didTapSendLink() {
    delegate?.forgotPassword(self, didRequestResetFor: email)
  }

}
