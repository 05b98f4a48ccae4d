import UIKit

/// Makes each flow's coordinator with the navigation controller it drives.
final class CoordinatorFactory {
  private let modules: ModuleFactory
  private let store: ItemStore

  init(modules: ModuleFactory, store: ItemStore) {
    self.modules = modules
    self.store = store
  }

  func makeOnboardingCoordinator() -> (coordinator: OnboardingCoordinator, toPresent: UIViewController) {
    let navigationController = makeNavigationController()
    let coordinator = OnboardingCoordinator(router: router(navigationController), factory: modules)
    return (coordinator, navigationController)
  }

  func makeAuthCoordinatorBox() -> (coordinator: AuthCoordinator, toPresent: UIViewController) {
    let navigationController = makeNavigationController()
    let coordinator = AuthCoordinator(router: router(navigationController), factory: modules)
    return (coordinator, navigationController)
  }

  func makeTabbarCoordinator() -> (coordinator: TabbarCoordinator, toPresent: UIViewController) {
    let controller = modules.makeTabbar()
    let coordinator = TabbarCoordinator(tabbarView: controller, coordinatorFactory: self)
    return (coordinator, controller)
  }

  func makeItemCoordinator(navigationController: UINavigationController) -> ItemCoordinator {
    ItemCoordinator(
      router: router(navigationController), factory: modules, coordinatorFactory: self, store: store)
  }

  func makeItemCreationCoordinatorBox() -> (coordinator: ItemCreateCoordinator, toPresent: UIViewController) {
    let navigationController = makeNavigationController()
    let coordinator = ItemCreateCoordinator(
      router: router(navigationController), factory: modules, store: store)
    return (coordinator, navigationController)
  }

  func makeSettingsCoordinator(navigationController: UINavigationController) -> SettingsCoordinator {
    SettingsCoordinator(router: router(navigationController), factory: modules)
  }

  private func router(_ navigationController: UINavigationController) -> RouterImp {
    RouterImp(rootController: navigationController)
  }

  private func makeNavigationController() -> UINavigationController {
    .recorded()  // FlowAtlas (was UINavigationController())
  }
}
