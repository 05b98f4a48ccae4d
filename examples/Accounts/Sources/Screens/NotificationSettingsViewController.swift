import FlowAtlasPattern

/// Switches for which notifications the account gets. It has no button to leave: the person
/// goes back with the navigation bar's back button or an edge swipe, which the system does.
@MainActor
final class NotificationSettingsViewController: Presentable {
  private(set) var pushEnabled: Bool

  var screenTitle: String? { "Notifications" }

  init(pushEnabled: Bool) {
    self.pushEnabled = pushEnabled
  }

  /// Flipping the switch saves at once; no navigation happens.
  func didToggle() { pushEnabled.toggle() }
}
