import UIKit

/// The tab bar: items and settings, each a flow of its own started the first time its tab shows.
final class TabbarCoordinator: BaseCoordinator {
  var onLogout: (() -> Void)?
  @RecordedRouter private var tabbarView: TabbarView  // FlowAtlas: the tabs it selects are its
  private let coordinatorFactory: CoordinatorFactory

  init(tabbarView: TabbarView, coordinatorFactory: CoordinatorFactory) {
    self.tabbarView = tabbarView
    self.coordinatorFactory = coordinatorFactory
  }

  override func start(with option: DeepLinkOption?) {
    Recorder.started(self)  // FlowAtlas
    tabbarView.onViewDidLoad = runItemFlow()
    tabbarView.onItemFlowSelect = runItemFlow()
    tabbarView.onSettingsFlowSelect = runSettingsFlow()
    guard let option else { return }
    switch option {
    case .items, .item, .newItem:
      tabbarView.selectTab(0)
      for coordinator in childCoordinators { coordinator.start(with: option) }
    case .settings:
      tabbarView.selectTab(1)
    case .onboarding, .signUp, .terms:
      // Nothing of the main flow shows them: the link is ignored.
      break
    }
  }

  private func runItemFlow() -> ((UINavigationController) -> Void) {
    { [unowned self] navigationController in
      guard navigationController.viewControllers.isEmpty else { return }
      let coordinator = coordinatorFactory.makeItemCoordinator(navigationController: navigationController)
      addDependency(coordinator)
      coordinator.start()
    }
  }

  private func runSettingsFlow() -> ((UINavigationController) -> Void) {
    { [unowned self] navigationController in
      guard navigationController.viewControllers.isEmpty else { return }
      let coordinator = coordinatorFactory.makeSettingsCoordinator(navigationController: navigationController)
      coordinator.onLogout = { [weak self] in self?.onLogout?() }
      addDependency(coordinator)
      coordinator.start()
    }
  }
}
