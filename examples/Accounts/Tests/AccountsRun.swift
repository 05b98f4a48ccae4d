import FlowAtlasPattern
import FlowAtlasTestSupport

@testable import AccountsExample

/// One Accounts app on spy routers, optionally driven through a journey unrecorded.
@MainActor
struct AccountsRun {
  let app: AccountsApp
  let window: SpyRouter
  let log: CallLog
  /// Every tab bar the app made, oldest first (one per login).
  let tabBars: TabBarShelf

  /// Keeps the tab bars the app makes, so a test can look into them.
  @MainActor
  final class TabBarShelf {
    var all: [SpyTabRouter] = []
    var latest: SpyTabRouter? { all.last }
  }

  /// Launches an app in `state`.
  init(_ state: LaunchState, settingsVariant: SettingsVariant = .standard) {
    let log = CallLog()
    let window = SpyRouter(name: "window", log: log)
    let shelf = TabBarShelf()
    app = AccountsApp(
      state: state, settingsVariant: settingsVariant, window: window,
      makeTabBar: { tabs in
        let tabBar = SpyTabRouter(tabs: tabs, log: log)
        shelf.all.append(tabBar)
        return tabBar
      })
    self.window = window
    self.log = log
    self.tabBars = shelf
    app.launch()
  }

  /// Launches the journey's app and plays its script.
  init(_ journey: AccountsJourney) throws {
    self.init(journey.launch, settingsVariant: journey.settingsVariant)
    try journey.script(user)
  }

  var user: AccountsUser { AccountsUser(app: app, recorder: nil) }

  /// The type names of what a tab of the latest tab bar shows, bottom layer first.
  func tab(_ tab: MainCoordinator.Tab) -> [[String]]? {
    tabBars.latest?.routers[tab.rawValue]?.layerTypes
  }

  /// The coordinator tree under the app coordinator, as type names: `Main(Profile, Settings)`.
  var tree: String { Self.describe(app.coordinator.childCoordinators) }

  private static func describe(_ children: [any CoordinatorProtocol]) -> String {
    children.map { child in
      let name = String(describing: type(of: child)).replacingOccurrences(of: "Coordinator", with: "")
      return child.childCoordinators.isEmpty ? name : "\(name)(\(describe(child.childCoordinators)))"
    }.joined(separator: ", ")
  }
}
