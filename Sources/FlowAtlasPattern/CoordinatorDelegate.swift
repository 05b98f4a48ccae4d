/// The classic way a child tells its parent it is done: the parent is the child's delegate.
///
/// A parent that added the child with ``Coordinator/addChild(_:)`` must call
/// ``Coordinator/removeChild(_:)`` here, or the child leaks; one started with
/// ``Coordinator/startChild(_:)`` is already removed when this is called.
@MainActor
public protocol CoordinatorDelegate: AnyObject {
  /// The child's flow ended.
  /// - Parameter coordinator: The child that finished.
  func coordinatorDidFinish(_ coordinator: Coordinator)
}
