import FlowAtlasPattern

/// The app's root: decides at launch between onboarding, login and the signed-in app from
/// the app's state, switches between them, and routes deep links.
@MainActor
final class AppCoordinator: Coordinator {
  private let services: AccountsServices
  private let makeTabBar: @MainActor ([String]) -> any TabRouting
  private let settingsVariant: SettingsVariant
  /// A deep link that arrived before the person could see its screen (logged out).
  private var pendingLink: DeepLink?
  /// The signed-in flow while it runs.
  private(set) weak var main: MainCoordinator?

  /// - Parameters:
  ///   - router: The window's router.
  ///   - services: The app's shared services.
  ///   - settingsVariant: Which settings coordinator the main flow builds.
  ///   - makeTabBar: Makes the tab container for the given tabs (a `UITabBarController`
  ///     on iOS, a headless or recording one in journeys).
  init(
    router: any RouterProtocol, services: AccountsServices, settingsVariant: SettingsVariant = .standard,
    makeTabBar: @escaping @MainActor ([String]) -> any TabRouting
  ) {
    self.services = services
    self.settingsVariant = settingsVariant
    self.makeTabBar = makeTabBar
    super.init(router: router)
  }

  override func start() {
    if !services.preferences.hasCompletedOnboarding {
      showOnboarding()
    } else if !services.session.isLoggedIn {
      showAuth()
    } else {
      showMain()
    }
  }

  /// Opens the app at a URL.
  /// - Parameter url: The URL, for example `accounts://settings`.
  /// - Returns: Whether the app knows the route (a known route waits for login).
  @discardableResult
  func open(url: String) -> Bool {
    guard let link = DeepLink(url: url) else { return false }
    if let main {
      main.open(link)
    } else {
      pendingLink = link
    }
    return true
  }

  private func showOnboarding() {
    let onboarding = OnboardingCoordinator(router: router)
    startChild(onboarding) { [weak self] in
      guard let self else { return }
      self.services.preferences.hasCompletedOnboarding = true
      self.showAuth()
    }
  }

  private func showAuth() {
    startChild(AuthCoordinator(router: router, services: services)) { [weak self] _ in
      self?.showMain()
    }
  }

  private func showMain() {
    let main = MainCoordinator(
      router: router, tabBar: makeTabBar(MainCoordinator.Tab.allCases.map(\.rawValue)),
      services: services, settingsVariant: settingsVariant, openingAt: pendingLink)
    pendingLink = nil
    self.main = main
    startChild(main) { [weak self] _ in self?.didLogOut() }
  }

  private func didLogOut() {
    services.session.clear()
    showAuth()
  }
}
