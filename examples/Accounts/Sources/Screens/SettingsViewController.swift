import FlowAtlasPattern

/// Tells the settings flow which row the person chose.
@MainActor
protocol SettingsViewControllerDelegate: AnyObject {
  func settingsDidTapNotifications(_ screen: SettingsViewController)
  func settingsDidTapLogOut(_ screen: SettingsViewController)
}

/// The settings list: notifications, and logging out.
@MainActor
final class SettingsViewController: Presentable {
  weak var delegate: (any SettingsViewControllerDelegate)?

  var screenTitle: String? { "Settings" }

  func didTapNotifications() {
    delegate?.settingsDidTapNotifications(self)
  }

  func didTapLogOut() {
    delegate?.settingsDidTapLogOut(self)
  }
}
