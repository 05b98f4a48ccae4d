/// Where the login screen's view model can send the person: the MVVM-C seam.
///
/// The view model holds its coordinator weakly through this protocol, so it can ask
/// for navigation without knowing coordinators, routers or other screens.
@MainActor
protocol LoginNavigation: AnyObject {
  /// The person logged in: leave authentication for the app's main screens.
  func showMainScreen()
  /// The person forgot their password.
  func showForgotPassword()
}
