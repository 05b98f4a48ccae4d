import FlowAtlasPattern

/// Tells the app the person logged out.
@MainActor
protocol MainCoordinatorDelegate: AnyObject {
  func mainCoordinatorDidLogOut(_ coordinator: MainCoordinator)
}

/// The signed-in app: a tab bar with the profile and settings tabs, each run by a child
/// coordinator on that tab's navigation stack.
@MainActor
final class MainCoordinator: Coordinator {
  /// The tab bar's tabs, in order; their raw values name them in traces.
  enum Tab: String, CaseIterable {
    case profile
    case settings
  }

  weak var mainDelegate: (any MainCoordinatorDelegate)?

  private let services: AccountsServices
  private let settingsVariant: SettingsVariant
  private let tabBar: any TabRouting
  private weak var settings: SettingsCoordinator?

  /// - Parameters:
  ///   - router: The app's window-level router (the tab bar replaces what it shows).
  ///   - tabBar: The tab container with one router per ``Tab``.
  ///   - services: The app's shared services.
  ///   - settingsVariant: Which settings coordinator to build.
  init(
    router: any RouterProtocol, tabBar: any TabRouting, services: AccountsServices,
    settingsVariant: SettingsVariant
  ) {
    self.services = services
    self.settingsVariant = settingsVariant
    self.tabBar = tabBar
    super.init(router: router)
  }

  override func start() {
    if let tabRouter = tabBar.router(forTab: Tab.profile.rawValue) {
      startChild(ProfileCoordinator(router: tabRouter, profiles: services.profiles))
    }
    if let tabRouter = tabBar.router(forTab: Tab.settings.rawValue) {
      let settings =
        switch settingsVariant {
        case .standard: SettingsCoordinator(router: tabRouter)
        case .leaky: LeakySettingsCoordinator(router: tabRouter)
        }
      settings.settingsDelegate = self
      self.settings = settings
      startChild(settings)
    }
    select(.profile)
  }

  /// Opens a deep link's route inside the signed-in app.
  /// - Parameter link: The route.
  func open(_ link: DeepLink) {
    select(.settings)
    if link == .notificationSettings { settings?.showNotificationSettings() }
  }

  private func select(_ tab: Tab) {
    attributed(tabBar).selectTab(tab.rawValue)
  }

  /// Ends the signed-in app: every tab's flow first, so nothing stays attached.
  private func logOut() {
    for child in childCoordinators { child.finish() }
    finish()
    mainDelegate?.mainCoordinatorDidLogOut(self)
  }
}

extension MainCoordinator: SettingsCoordinatorDelegate {
  func settingsCoordinatorDidRequestLogOut(_ coordinator: SettingsCoordinator) {
    logOut()
  }
}
