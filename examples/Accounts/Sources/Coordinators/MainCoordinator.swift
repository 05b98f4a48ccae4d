import FlowAtlasPattern

/// How the signed-in app ended.
enum MainOutcome: Hashable, Sendable {
  case loggedOut
}

/// The signed-in app: a tab bar with the profile and settings tabs, each run by a child
/// coordinator on that tab's navigation stack. It ends when the person logs out, with a
/// result its parent receives through `start(completion:)`.
@MainActor
final class MainCoordinator: ResultCoordinator<MainOutcome> {
  /// The tab bar's tabs, in order; their raw values name them in traces.
  enum Tab: String, CaseIterable {
    case profile
    case settings
  }

  private let services: AccountsServices
  private let settingsVariant: SettingsVariant
  /// The route to open at start instead of the profile tab (a deep link that waited for login).
  private var initialLink: DeepLink?
  /// The tab container; read by whoever needs what the selected tab shows.
  let tabBar: any TabRouting
  private weak var settings: SettingsCoordinator?

  /// - Parameters:
  ///   - router: The app's window-level router (the tab bar replaces what it shows).
  ///   - tabBar: The tab container with one router per ``Tab``.
  ///   - services: The app's shared services.
  ///   - settingsVariant: Which settings coordinator to build.
  ///   - link: A route to open at start instead of the profile tab.
  init(
    router: any RouterProtocol, tabBar: any TabRouting, services: AccountsServices,
    settingsVariant: SettingsVariant, openingAt link: DeepLink? = nil
  ) {
    self.services = services
    self.settingsVariant = settingsVariant
    self.initialLink = link
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
        case .orphaning: OrphaningSettingsCoordinator(router: tabRouter)
        }
      settings.delegate = self
      self.settings = settings
      startChild(settings)
    }
    if let link = initialLink {
      initialLink = nil
      open(link)
    } else {
      select(.profile)
    }
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
    finish(with: .loggedOut)
  }
}

extension MainCoordinator: SettingsCoordinatorDelegate {
  func settingsCoordinatorDidRequestLogOut(_ coordinator: SettingsCoordinator) {
    logOut()
  }
}
