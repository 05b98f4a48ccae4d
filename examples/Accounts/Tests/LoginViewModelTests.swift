import Testing

@testable import AccountsExample

/// The MVVM-C seam: the view model asks its navigation, held weakly, for the next screen.
@MainActor
struct LoginViewModelTests {
  @MainActor
  final class NavigationSpy: LoginNavigation {
    var calls: [String] = []
    func showMainScreen() { calls.append("showMainScreen") }
    func showForgotPassword() { calls.append("showForgotPassword") }
  }

  func makeViewModel() -> (LoginViewModel, SessionStore) {
    let session = SessionStore()
    return (LoginViewModel(auth: AuthService(), session: session), session)
  }

  @Test("right credentials save the token and ask for the main screen")
  func success() {
    let (viewModel, session) = makeViewModel()
    let navigation = NavigationSpy()
    viewModel.navigation = navigation
    viewModel.email = AuthService.knownEmail
    viewModel.password = AuthService.knownPassword
    viewModel.logIn()
    #expect(navigation.calls == ["showMainScreen"])
    #expect(session.token == "token-1")
    #expect(viewModel.errorMessage == nil)
  }

  @Test("a wrong password shows an error, clears the field and navigates nowhere")
  func failure() {
    let (viewModel, session) = makeViewModel()
    let navigation = NavigationSpy()
    viewModel.navigation = navigation
    viewModel.email = AuthService.knownEmail
    viewModel.password = "nope"
    viewModel.logIn()
    #expect(navigation.calls.isEmpty)
    #expect(session.token == nil)
    #expect(viewModel.errorMessage == "Email or password is wrong.")
    #expect(viewModel.password.isEmpty)
  }

  @Test("empty fields cannot submit")
  func emptyFields() {
    let (viewModel, _) = makeViewModel()
    let navigation = NavigationSpy()
    viewModel.navigation = navigation
    viewModel.logIn()
    #expect(!viewModel.canSubmit)
    #expect(navigation.calls.isEmpty)
  }

  @Test("forgot password asks for the reset screen")
  func forgotPassword() {
    let (viewModel, _) = makeViewModel()
    let navigation = NavigationSpy()
    viewModel.navigation = navigation
    viewModel.forgotPassword()
    #expect(navigation.calls == ["showForgotPassword"])
  }

  @Test("the view model does not keep its navigation alive")
  func weakNavigation() {
    let (viewModel, _) = makeViewModel()
    do {
      let navigation = NavigationSpy()
      viewModel.navigation = navigation
      #expect(viewModel.navigation != nil)
    }
    #expect(viewModel.navigation == nil)
  }
}

struct DeepLinkTests {
  @Test(
    "the app's URLs parse; others do not",
    arguments: [
      ("accounts://settings", DeepLink.settings), ("accounts://settings/", .settings),
      ("accounts://settings/notifications", .notificationSettings), ("accounts://profile", nil),
      ("https://settings", nil), ("", nil),
    ])
  func parse(url: String, link: DeepLink?) {
    #expect(DeepLink(url: url) == link)
  }
}
