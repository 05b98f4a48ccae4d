import FlowAtlasPattern
import Testing

@testable import AccountsExample

extension AccountsJourney: CustomTestStringConvertible {
  public var testDescription: String { run }
}

/// Runs every journey unrecorded on spy routers and checks what the coordinators asked the
/// routers to do, call by call, and where the app ended.
@MainActor
struct AccountsJourneyNavigationTests {
  static let signedIn = [
    "profile: setRoot(ProfileViewController)", "settings: setRoot(SettingsViewController)",
    "tabs: selectTab(profile)",
  ]

  /// The router calls each journey must cause, by run.
  static let expectedCalls: [String: [String]] = [
    "first-launch": [
      "window: setRoot(OnboardingViewController)", "window: push(OnboardingViewController)",
      "window: setRoot(LoginViewController)",
    ] + signedIn,
    "forgot-password": [
      "window: setRoot(LoginViewController)", "window: push(ForgotPasswordViewController)", "window: pop",
    ] + signedIn,
    "edit-profile": signedIn + ["profile: present(EditProfileViewController)", "profile: dismiss"],
    "cancel-edit-profile": signedIn + ["profile: present(EditProfileViewController)", "profile: dismiss"],
    "swipe-down-edit-profile": signedIn + [
      "profile: present(EditProfileViewController)", "profile: swipeDownSheet",
    ],
    "log-out-and-in-again": signedIn + [
      "tabs: tapTab(settings)", "window: setRoot(LoginViewController)",
    ] + signedIn + ["profile: present(EditProfileViewController)", "profile: dismiss"],
    "deep-link-to-notifications": signedIn + [
      "tabs: selectTab(settings)", "settings: push(NotificationSettingsViewController)",
      "settings: tapBackButton",
    ],
    "deep-link-before-login": [
      "window: setRoot(LoginViewController)", "profile: setRoot(ProfileViewController)",
      "settings: setRoot(SettingsViewController)", "tabs: selectTab(settings)",
    ],
    "leaky-notification-settings": signedIn + [
      "tabs: tapTab(settings)", "settings: push(NotificationSettingsViewController)", "settings: swipeBack",
      "tabs: tapTab(profile)",
    ],
    // The second tap on Notifications does nothing: the orphaned child is still attached.
    "orphaned-notification-settings": signedIn + [
      "tabs: tapTab(settings)", "settings: push(NotificationSettingsViewController)", "settings: swipeBack",
      "tabs: tapTab(profile)",
    ],
  ]

  /// Where each journey ends: the selected tab and the coordinator tree.
  static let expectedEnd: [String: (tab: String, tree: String)] = [
    "first-launch": ("profile", "Main(Profile, Settings)"),
    "forgot-password": ("profile", "Main(Profile, Settings)"),
    "edit-profile": ("profile", "Main(Profile, Settings)"),
    "cancel-edit-profile": ("profile", "Main(Profile, Settings)"),
    "swipe-down-edit-profile": ("profile", "Main(Profile, Settings)"),
    "log-out-and-in-again": ("profile", "Main(Profile, Settings)"),
    "deep-link-to-notifications": ("settings", "Main(Profile, Settings)"),
    "deep-link-before-login": ("settings", "Main(Profile, Settings)"),
    // The deliberate bug: the finished notification settings child is still attached.
    "leaky-notification-settings": ("profile", "Main(Profile, LeakySettings(NotificationSettings))"),
    // The other deliberate bug: the person swiped back, and the unfinished child stays.
    "orphaned-notification-settings": ("profile", "Main(Profile, OrphaningSettings(NotificationSettings))"),
  ]

  @Test("every journey has expectations, and every expectation a journey")
  func tableCoversJourneys() {
    let runs = Set(AccountsJourney.all.map(\.run))
    #expect(runs == Set(Self.expectedCalls.keys))
    #expect(runs == Set(Self.expectedEnd.keys))
  }

  @Test("each journey makes exactly the expected router calls", arguments: AccountsJourney.all)
  func routerCalls(_ journey: AccountsJourney) throws {
    let run = try AccountsRun(journey)
    #expect(run.log.calls == Self.expectedCalls[journey.run])
  }

  @Test(
    "each journey ends signed in on the expected tab with the expected coordinators",
    arguments: AccountsJourney.all)
  func finalState(_ journey: AccountsJourney) throws {
    let run = try AccountsRun(journey)
    let end = try #require(Self.expectedEnd[journey.run])
    #expect(run.tabBars.latest?.selectedTab == end.tab)
    #expect(run.tree == end.tree)
    #expect(run.tab(.profile) == [["ProfileViewController"]])
    #expect(run.tab(.settings) == [["SettingsViewController"]])
    #expect(run.window.stack.refusals.isEmpty)
    #expect(run.app.services.session.isLoggedIn)
  }

  @Test("the login screen stays on the window under the tab bar, with nothing above it")
  func windowAfterLogin() throws {
    let run = try AccountsRun(try #require(AccountsJourney.all.first { $0.run == "forgot-password" }))
    #expect(run.window.layerTypes == [["LoginViewController"]])
  }

  @Test("a script acting on a screen that is not showing fails with the screens named")
  func unexpectedScreen() {
    let broken = AccountsJourney(launch: .loggedOut, run: "broken", title: "") { try $0.editProfile() }
    #expect(
      throws: AccountsJourneyError.unexpectedScreen(
        expected: "ProfileViewController", found: "LoginViewController", action: "Edit")
    ) { try AccountsRun(broken) }
  }

  @Test("a URL the app does not route fails the journey")
  func unknownLink() {
    let broken = AccountsJourney(launch: .loggedIn, run: "broken", title: "") {
      try $0.openDeepLink("accounts://nowhere")
    }
    #expect(throws: AccountsJourneyError.unknownDeepLink("accounts://nowhere")) { try AccountsRun(broken) }
  }
}
