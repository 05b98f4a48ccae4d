import FlowAtlasPattern

/// Notification settings, pushed above the settings list; going back finishes it.
@MainActor
final class NotificationSettingsCoordinator: Coordinator {
  override func start() {
    let screen = NotificationSettingsViewController(pushEnabled: true)
    screen.delegate = self
    router.push(screen)
  }
}

extension NotificationSettingsCoordinator: NotificationSettingsViewControllerDelegate {
  func notificationSettingsDidTapBack(_ screen: NotificationSettingsViewController) {
    router.pop()
    finish()
  }
}
