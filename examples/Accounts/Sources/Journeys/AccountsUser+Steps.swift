/// The steps journeys are made of, named as a tester would say them.
extension AccountsUser {
  func continueOnboarding() throws {
    try on(OnboardingViewController.self, "Continue") { $0.didTapContinue() }
  }

  func logIn(password: String = AuthService.knownPassword) throws {
    try on(LoginViewController.self, "Log in", label: AuthService.knownEmail) {
      $0.type(email: AuthService.knownEmail, password: password)
      $0.didTapLogIn()
    }
  }

  func forgotPassword() throws {
    try on(LoginViewController.self, "Forgot password") { $0.didTapForgotPassword() }
  }

  func sendResetLink() throws {
    try on(ForgotPasswordViewController.self, "Send reset link") { $0.didTapSendLink() }
  }

  func editProfile() throws {
    try on(ProfileViewController.self, "Edit") { $0.didTapEdit() }
  }

  func saveProfile(name: String) throws {
    try on(EditProfileViewController.self, "Save", label: name) {
      $0.type(name: name)
      $0.didTapSave()
    }
  }

  func cancelEditing() throws {
    try on(EditProfileViewController.self, "Cancel") { $0.didTapCancel() }
  }

  /// Taps a tab in the tab bar, whichever screen shows above it.
  func selectTab(_ tab: MainCoordinator.Tab) throws {
    guard let main = app.coordinator.main, let visible = app.visibleScreen else {
      throw AccountsJourneyError.unexpectedScreen(
        expected: "the tab bar", found: app.visibleScreen?.screenType, action: "\(tab.rawValue) tab")
    }
    recorder?.userAction(on: visible, action: "Tab", label: tab.rawValue)
    main.didSelectTab(tab)
  }

  func openNotificationSettings() throws {
    try on(SettingsViewController.self, "Notifications") { $0.didTapNotifications() }
  }

  func toggleNotifications() throws {
    try on(NotificationSettingsViewController.self, "Toggle push") { $0.didToggle() }
  }

  func leaveNotificationSettings() throws {
    try on(NotificationSettingsViewController.self, "Back") { $0.didTapBack() }
  }

  func logOut() throws {
    try on(SettingsViewController.self, "Log out") { $0.didTapLogOut() }
  }
}
