import FlowAtlasJourneys
import FlowAtlasPattern

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

  /// Taps a tab in the tab bar, whichever screen shows above it: the system switches tabs,
  /// no coordinator is asked.
  func selectTab(_ tab: MainCoordinator.Tab) throws {
    guard let tabBar = app.coordinator.main?.tabBar else {
      throw AccountsJourneyError.unexpectedScreen(
        expected: "the tab bar", found: app.visibleScreen?.screenType, action: "\(tab.rawValue) tab")
    }
    try Person.tapTab(tab.rawValue, on: tabBar)
  }

  func openNotificationSettings() throws {
    try on(SettingsViewController.self, "Notifications") { $0.didTapNotifications() }
  }

  func toggleNotifications() throws {
    try on(NotificationSettingsViewController.self, "Toggle push") { $0.didToggle() }
  }

  /// The navigation bar's back button.
  func leaveNotificationSettings() throws {
    try system(on: NotificationSettingsViewController.self) { $0.tapBackButton() }
  }

  /// An edge swipe back from notification settings.
  func swipeBackFromNotificationSettings() throws {
    try system(on: NotificationSettingsViewController.self) { $0.swipeBack() }
  }

  /// Swipes the edit form's sheet down.
  func swipeAwayEditProfile() throws {
    try system(on: EditProfileViewController.self) { $0.swipeDownSheet() }
  }

  func logOut() throws {
    try on(SettingsViewController.self, "Log out") { $0.didTapLogOut() }
  }
}
