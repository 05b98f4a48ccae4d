import FlowAtlasPattern
import Testing

@testable import AccountsExample

/// Launch decisions, and that every finished child is removed and released, except in the
/// deliberately leaky variant.
@MainActor
struct AccountsLifecycleTests {
  @Test(
    "the app coordinator decides at launch from the app's state",
    arguments: [
      (LaunchState.firstLaunch, "Onboarding", "OnboardingViewController"),
      (.loggedOut, "Auth", "LoginViewController"),
      (.loggedIn, "Main(Profile, Settings)", "ProfileViewController"),
    ])
  func launchDecision(state: LaunchState, tree: String, screen: String) {
    let run = AccountsRun(state)
    #expect(run.tree == tree)
    #expect(run.app.visibleScreen?.screenType == screen)
  }

  @Test("onboarding is released once finished, and remembered")
  func onboardingReleased() throws {
    let run = AccountsRun(.firstLaunch)
    weak let onboarding = run.app.coordinator.child(OnboardingCoordinator.self)
    #expect(onboarding != nil)
    try run.user.continueOnboarding()
    try run.user.continueOnboarding()
    #expect(onboarding == nil)
    #expect(run.app.services.preferences.hasCompletedOnboarding)
    #expect(run.tree == "Auth")
  }

  @Test("login: the auth coordinator tells its delegate, is removed and released; main starts")
  func authReleased() throws {
    let run = AccountsRun(.loggedOut)
    weak let auth = run.app.coordinator.child(AuthCoordinator.self)
    weak let login = run.window.stack.topScreen as? LoginViewController
    #expect(auth != nil)
    try run.user.logIn()
    #expect(auth == nil)
    #expect(run.tree == "Main(Profile, Settings)")
    // The login screen stays under the tab bar, but its view model no longer reaches a coordinator.
    #expect(login?.viewModel.navigation == nil)
  }

  @Test("editing the profile: the child is released after saving or cancelling", arguments: [true, false])
  func editProfileReleased(save: Bool) throws {
    let run = AccountsRun(.loggedIn)
    try run.user.editProfile()
    let profile = try #require(run.app.coordinator.main?.child(ProfileCoordinator.self))
    weak let edit = profile.child(EditProfileCoordinator.self)
    weak let form = run.app.visibleScreen as? EditProfileViewController
    #expect(edit != nil)
    #expect(form != nil)
    if save { try run.user.saveProfile(name: "Ada King") } else { try run.user.cancelEditing() }
    #expect(profile.childCoordinators.isEmpty)
    #expect(edit == nil)
    #expect(form == nil)
    let shown = try #require(run.app.visibleScreen as? ProfileViewController)
    #expect(shown.profile?.name == (save ? "Ada King" : "Ada Lovelace"))
    #expect(run.app.services.profiles.load()?.name == (save ? "Ada King" : "Ada Lovelace"))
  }

  @Test("notification settings: the standard settings coordinator removes and releases its child")
  func notificationSettingsReleased() throws {
    let run = AccountsRun(.loggedIn)
    try run.user.selectTab(.settings)
    try run.user.openNotificationSettings()
    let settings = try #require(run.app.coordinator.main?.child(SettingsCoordinator.self))
    weak let child = settings.child(NotificationSettingsCoordinator.self)
    #expect(child != nil)
    try run.user.leaveNotificationSettings()
    #expect(settings.childCoordinators.isEmpty)
    #expect(child == nil)
  }

  @Test("the deliberate bug: LeakySettingsCoordinator keeps its finished child alive and attached")
  func leakyVariantLeaks() throws {
    let run = AccountsRun(.loggedIn, settingsVariant: .leaky)
    try run.user.selectTab(.settings)
    try run.user.openNotificationSettings()
    let settings = try #require(run.app.coordinator.main?.child(LeakySettingsCoordinator.self))
    weak let child = settings.child(NotificationSettingsCoordinator.self)
    try run.user.leaveNotificationSettings()
    let leaked = try #require(child)
    #expect(leaked.isFinished)
    #expect(settings.childCoordinators.count == 1)
    #expect(settings.childCoordinators.first === leaked)
    // Each visit leaks one more.
    try run.user.openNotificationSettings()
    try run.user.leaveNotificationSettings()
    #expect(settings.childCoordinators.count == 2)
  }

  @Test("logging out ends main and its tabs' flows, clears the session and shows login")
  func logOutReleasesMain() throws {
    let run = AccountsRun(.loggedIn)
    weak let main = run.app.coordinator.main
    weak let profile = main?.childCoordinators.first
    try run.user.selectTab(.settings)
    try run.user.logOut()
    #expect(main == nil)
    #expect(profile == nil)
    #expect(run.tree == "Auth")
    #expect(!run.app.services.session.isLoggedIn)
    #expect(run.app.visibleScreen is LoginViewController)
  }

  @Test("the session store is shared: auth saves the token, profile reads with it")
  func sharedSession() throws {
    let run = AccountsRun(.loggedOut)
    #expect(run.app.services.profiles.load() == nil)
    try run.user.logIn()
    #expect(run.app.services.session.token == "token-1")
    let shown = try #require(run.app.visibleScreen as? ProfileViewController)
    #expect(shown.profile == Profile(name: "Ada Lovelace", email: "ada@example.com"))
  }

  @Test("a deep link while logged in opens settings at once; a second one does not push twice")
  func deepLinkLoggedIn() throws {
    let run = AccountsRun(.loggedIn)
    try run.user.openDeepLink("accounts://settings/notifications")
    try run.user.openDeepLink("accounts://settings/notifications")
    #expect(run.tabBars.latest?.selectedTab == "settings")
    #expect(run.tab(.settings) == [["SettingsViewController", "NotificationSettingsViewController"]])
  }

  @Test("a deep link while logged out waits for login, then opens settings")
  func deepLinkWaitsForLogin() throws {
    let run = AccountsRun(.loggedOut)
    try run.user.openDeepLink("accounts://settings/notifications")
    #expect(run.app.visibleScreen is LoginViewController)
    try run.user.logIn()
    #expect(run.tabBars.latest?.selectedTab == "settings")
    #expect(run.app.visibleScreen is NotificationSettingsViewController)
  }
}
