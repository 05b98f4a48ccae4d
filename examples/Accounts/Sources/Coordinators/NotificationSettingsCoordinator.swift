import FlowAtlasPattern

/// Notification settings, pushed above the settings list. The person leaves with the back
/// button or an edge swipe: the system pops the screen and `Coordinator` finishes the flow
/// (so `startChild` removes it), with no line of code here.
@MainActor
final class NotificationSettingsCoordinator: Coordinator {
  override func start() {
    router.push(NotificationSettingsViewController(pushEnabled: true))
  }
}
