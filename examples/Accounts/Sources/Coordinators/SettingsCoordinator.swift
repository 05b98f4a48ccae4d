import FlowAtlasPattern

/// Tells the main flow the person wants to log out.
@MainActor
protocol SettingsCoordinatorDelegate: AnyObject {
  func settingsCoordinatorDidRequestLogOut(_ coordinator: SettingsCoordinator)
}

/// The settings tab: the settings list, notification settings as a child flow, and
/// logging out (which the main flow handles).
@MainActor
class SettingsCoordinator: Coordinator {
  weak var delegate: (any SettingsCoordinatorDelegate)?

  override func start() {
    let screen = SettingsViewController()
    screen.delegate = self
    router.setRoot(screen)
  }

  /// Shows notification settings unless they already show (a deep link may ask twice).
  func showNotificationSettings() {
    guard child(NotificationSettingsCoordinator.self) == nil else { return }
    // startChild removes the child when it finishes: it cannot leak.
    startChild(NotificationSettingsCoordinator(router: router))
  }
}

extension SettingsCoordinator: SettingsViewControllerDelegate {
  func settingsDidTapNotifications(_ screen: SettingsViewController) {
    showNotificationSettings()
  }

  func settingsDidTapLogOut(_ screen: SettingsViewController) {
    delegate?.settingsCoordinatorDidRequestLogOut(self)
  }
}
