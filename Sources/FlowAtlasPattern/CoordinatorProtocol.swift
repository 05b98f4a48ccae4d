/// Decides which screen comes next for one flow of the app, and owns the
/// flow's child coordinators.
///
/// A parent keeps its children in ``childCoordinators``; a child that
/// finishes must be removed from it, or it leaks with its screens. The
/// protocol only reads the array: ``Coordinator`` changes it through its
/// lifecycle methods alone (`addChild`, `startChild`, `removeChild`), so
/// every change is seen by the lifecycle observer.
@MainActor
public protocol CoordinatorProtocol: AnyObject {
  /// The children this coordinator started and has not yet removed.
  var childCoordinators: [any CoordinatorProtocol] { get }
  /// The router this coordinator navigates with.
  var router: any RouterProtocol { get }
  /// Shows the flow's first screen.
  func start()
  /// Ends the flow; the parent is told and removes this child.
  func finish()
}
