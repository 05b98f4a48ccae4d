import FlowAtlasPattern

/// Tells the notification settings flow the person is done.
@MainActor
protocol NotificationSettingsViewControllerDelegate: AnyObject {
  func notificationSettingsDidTapBack(_ screen: NotificationSettingsViewController)
}

/// Switches for which notifications the account gets.
@MainActor
final class NotificationSettingsViewController: Presentable {
  weak var delegate: (any NotificationSettingsViewControllerDelegate)?
  private(set) var pushEnabled: Bool

  var screenTitle: String? { "Notifications" }

  init(pushEnabled: Bool) {
    self.pushEnabled = pushEnabled
  }

  /// Flipping the switch saves at once; no navigation happens.
  func didToggle() { pushEnabled.toggle() }

  func didTapBack() {
    delegate?.notificationSettingsDidTapBack(self)
  }
}
