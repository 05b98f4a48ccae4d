/// Watches the lifecycle of coordinators built on ``Coordinator``: the hook recording uses,
/// without the pattern knowing anything about recording.
///
/// Set it once on the root coordinator (``Coordinator/lifecycleObserver``); children added
/// with ``Coordinator/addChild(_:)`` or ``Coordinator/startChild(_:)`` inherit it. The calls
/// mirror the trace events `coordinator.start`, `attach`, `finish`, `detach` and `deinit`,
/// in the order they happen.
package protocol CoordinatorLifecycleObserver: AnyObject, Sendable {
  /// A coordinator is about to run its `start()`.
  /// - Parameters:
  ///   - coordinator: The coordinator starting.
  ///   - parent: Its parent, or `nil` for a root coordinator.
  @MainActor func coordinatorDidStart(
    _ coordinator: any CoordinatorProtocol, parent: (any CoordinatorProtocol)?)
  /// A child was added to its parent's `childCoordinators`.
  /// - Parameters:
  ///   - child: The child added.
  ///   - parent: The coordinator that now holds it.
  @MainActor func coordinatorDidAttach(
    _ child: any CoordinatorProtocol, to parent: any CoordinatorProtocol)
  /// A coordinator's `finish()` ran.
  /// - Parameters:
  ///   - coordinator: The coordinator that finished.
  ///   - output: The flow's result for its parent, as text (for example `loggedIn`), if any.
  @MainActor func coordinatorDidFinish(_ coordinator: any CoordinatorProtocol, output: String?)
  /// A child was removed from its parent's `childCoordinators`.
  /// - Parameters:
  ///   - child: The child removed.
  ///   - parent: The coordinator that held it.
  @MainActor func coordinatorDidDetach(
    _ child: any CoordinatorProtocol, from parent: any CoordinatorProtocol)
  /// A coordinator is being released. Called from `deinit`, on whatever thread released it,
  /// so it gets only the object's identity.
  /// - Parameter coordinator: The identity of the coordinator being released.
  func coordinatorWillDeinit(_ coordinator: ObjectIdentifier)
}
