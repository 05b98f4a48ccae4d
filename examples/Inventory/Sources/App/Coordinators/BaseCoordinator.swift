/// The app's coordinators, as the classic sample writes them: `start(with:)` also routes a deep
/// link, and is called again for every link while the flow runs.
protocol Coordinator: AnyObject {
  func start()
  func start(with option: DeepLinkOption?)
}

/// Keeps a coordinator's children; every coordinator of the app is one.
class BaseCoordinator: Coordinator {
  @RecordedChildren var childCoordinators: [Coordinator] = []  // FlowAtlas

  func start() { start(with: nil) }

  func start(with option: DeepLinkOption?) {}

  func addDependency(_ coordinator: Coordinator) {
    guard !childCoordinators.contains(where: { $0 === coordinator }) else { return }
    childCoordinators.append(coordinator)
  }

  func removeDependency(_ coordinator: Coordinator?) {
    guard let coordinator, !childCoordinators.isEmpty else { return }
    // Its children go with it.
    if let coordinator = coordinator as? BaseCoordinator {
      for child in coordinator.childCoordinators { coordinator.removeDependency(child) }
    }
    childCoordinators.removeAll { $0 === coordinator }
  }
}

/// A flow that tells its parent when it ends.
protocol CoordinatorFinishOutput {
  var finishFlow: (() -> Void)? { get set }
}
