import TicketsKit

/// The team's coordinator protocol: a flow that starts and keeps its children.
@MainActor
protocol Coordinator: AnyObject {
  var childCoordinators: [Coordinator] { get set }
  func start()
}

/// The team's base class: the children array every coordinator appends to by hand.
@MainActor
class BaseCoordinator: Coordinator {
  @RecordedChildren var childCoordinators: [Coordinator] = []  // FlowAtlas

  func start() {}
}
