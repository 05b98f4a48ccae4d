import FlowAtlasPattern

/// DELIBERATELY BUGGY, for the leak diagnostic: do not copy.
///
/// It attaches the notification settings child by hand (`addChild` + `launch`) and
/// forgets the `removeChild` that manual style requires when the child finishes. The
/// finished child stays in `childCoordinators`, holding its router and screens: the
/// leak the Coordinator pattern warns about. Its trace has `coordinator.attach` and
/// `coordinator.finish` with no `coordinator.detach`, which the site reports as
/// `coordinator-leak`. ``SettingsCoordinator`` shows the fix (`startChild`).
@MainActor
final class LeakySettingsCoordinator: SettingsCoordinator {
  override func showNotificationSettings() {
    let child = NotificationSettingsCoordinator(router: router)
    addChild(child)
    child.launch()
    // BUG: nothing removes `child` when it finishes (no removeChild; startChild would).
  }
}
