/// Every journey of the Accounts app.
extension AccountsJourney {
  static let all: [AccountsJourney] = [
    AccountsJourney(
      launch: .firstLaunch, run: "first-launch",
      title: "First launch: two onboarding pages, log in, land on the profile"
    ) { user in
      try user.continueOnboarding()
      try user.continueOnboarding()
      try user.logIn()
    },
    AccountsJourney(
      launch: .loggedOut, run: "forgot-password",
      title: "Request a password reset link, then log in after one wrong password"
    ) { user in
      try user.forgotPassword()
      try user.sendResetLink()
      try user.logIn(password: "wrong-password")
      user.note("The login screen shows \"Email or password is wrong.\" and stays.")
      try user.logIn()
    },
    AccountsJourney(
      launch: .loggedIn, run: "edit-profile",
      title: "Edit the profile's name and save it"
    ) { user in
      try user.editProfile()
      try user.saveProfile(name: "Ada King")
    },
    AccountsJourney(
      launch: .loggedIn, run: "cancel-edit-profile",
      title: "Start editing the profile, then cancel"
    ) { user in
      try user.editProfile()
      try user.cancelEditing()
    },
    AccountsJourney(
      launch: .loggedIn, run: "swipe-down-edit-profile",
      title: "Start editing the profile, then swipe the form down"
    ) { user in
      try user.editProfile()
      try user.swipeAwayEditProfile()
    },
    AccountsJourney(
      launch: .loggedIn, run: "log-out-and-in-again",
      title: "Log out from settings, log in again and edit the profile"
    ) { user in
      try user.selectTab(.settings)
      try user.logOut()
      try user.logIn()
      try user.editProfile()
      try user.cancelEditing()
    },
    AccountsJourney(
      launch: .loggedIn, run: "deep-link-to-notifications",
      title: "Open accounts://settings/notifications while logged in, switch push off, go back"
    ) { user in
      try user.openDeepLink("accounts://settings/notifications")
      try user.toggleNotifications()
      try user.leaveNotificationSettings()
    },
    AccountsJourney(
      launch: .loggedOut, run: "deep-link-before-login",
      title: "Open accounts://settings while logged out: settings show right after login"
    ) { user in
      try user.openDeepLink("accounts://settings")
      try user.logIn()
    },
    AccountsJourney(
      launch: .loggedIn, settingsVariant: .leaky, run: "leaky-notification-settings",
      title: "Deliberate bug: notification settings finish but stay attached (LeakySettingsCoordinator)"
    ) { user in
      user.note(
        "Built with LeakySettingsCoordinator, a deliberately buggy variant: expect a coordinator-leak.")
      try user.selectTab(.settings)
      try user.openNotificationSettings()
      try user.swipeBackFromNotificationSettings()
      try user.selectTab(.profile)
    },
    AccountsJourney(
      launch: .loggedIn, settingsVariant: .orphaning, run: "orphaned-notification-settings",
      title:
        "Deliberate bug: swiping back never ends notification settings (OrphaningSettingsCoordinator)"
    ) { user in
      user.note(
        "Built with OrphaningSettingsCoordinator, a deliberately buggy variant: expect an orphaned-coordinator."
      )
      try user.selectTab(.settings)
      try user.openNotificationSettings()
      try user.swipeBackFromNotificationSettings()
      try user.openNotificationSettings()
      user.note("Nothing happens: the orphaned flow is still attached, so settings refuse to open it again.")
      try user.selectTab(.profile)
    },
  ]
}
