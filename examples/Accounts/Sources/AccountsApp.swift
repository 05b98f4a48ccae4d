import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording

/// One launched Accounts app: what the app delegate would own (the window's router, the
/// shared services and the root coordinator).
@MainActor
final class AccountsApp {
  let services: AccountsServices
  let coordinator: AppCoordinator
  private let window: any RouterProtocol

  /// Builds the app; nothing shows until ``launch(recorder:)``.
  /// - Parameters:
  ///   - state: What the app remembers from earlier runs.
  ///   - settingsVariant: Which settings coordinator the main flow builds.
  ///   - window: The window's router (headless, spying or recording).
  ///   - makeTabBar: Makes the main flow's tab container for the given tabs.
  init(
    state: LaunchState, settingsVariant: SettingsVariant = .standard, window: any RouterProtocol,
    makeTabBar: @escaping @MainActor ([String]) -> any TabRouting
  ) {
    services = AccountsServices(launch: state)
    self.window = window
    coordinator = AppCoordinator(
      router: window, services: services, settingsVariant: settingsVariant, makeTabBar: makeTabBar)
  }

  /// Starts the root coordinator, the way `scene(_:willConnectTo:options:)` would.
  /// - Parameter recorder: Records every coordinator's lifecycle, if the run is recorded.
  func launch(recorder: Recorder? = nil) {
    if let recorder { recorder.launch(coordinator) } else { coordinator.launch() }
  }

  /// What people see: the selected tab's top screen while the signed-in app runs, else the
  /// window's.
  var visibleScreen: (any Presentable)? {
    visibleRouter.flatMap { try? Person(on: $0) }?.visibleScreen
  }

  /// The router of what people see: the selected tab's while the signed-in app runs, else
  /// the window's.
  var visibleRouter: (any RouterProtocol)? {
    if let tabBar = coordinator.main?.tabBar, let tab = tabBar.selectedTab {
      return tabBar.router(forTab: tab)
    }
    return window
  }
}
