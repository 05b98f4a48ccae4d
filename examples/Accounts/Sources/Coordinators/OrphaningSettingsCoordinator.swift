import FlowAtlasPattern

/// DELIBERATELY BUGGY, for the orphan diagnostic: do not copy.
///
/// It opts its notification settings child out of the automatic finish
/// (`finishesOnSystemRemoval = false`) and never finishes it itself. When the person leaves
/// with an edge swipe, the system pops the screen, but the child flow is neither finished
/// nor removed: it stays in `childCoordinators`, and the settings row stops working, since
/// ``SettingsCoordinator/showNotificationSettings()`` sees a child already there. Its trace
/// has the system's `router.pop` and no `coordinator.finish`, which the site reports as
/// `orphaned-coordinator`. ``SettingsCoordinator`` shows the fix: keep the default.
@MainActor
final class OrphaningSettingsCoordinator: SettingsCoordinator {
  override func showNotificationSettings() {
    guard child(NotificationSettingsCoordinator.self) == nil else { return }
    let child = NotificationSettingsCoordinator(router: router)
    // BUG: the flow no longer ends when the system removes its screen, and nothing else ends it.
    child.finishesOnSystemRemoval = false
    startChild(child)
  }
}
