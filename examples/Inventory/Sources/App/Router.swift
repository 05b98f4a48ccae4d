import UIKit

/// Anything a router can show: a view controller, or a coordinator's module.
protocol Presentable {
  func toPresent() -> UIViewController?
}

extension UIViewController: Presentable {
  func toPresent() -> UIViewController? { self }
}

/// The app's own router: what its coordinators ask of a navigation controller.
protocol Router: Presentable {
  func present(_ module: Presentable?)
  func present(_ module: Presentable?, animated: Bool)

  func push(_ module: Presentable?)
  func push(_ module: Presentable?, hideBottomBar: Bool)
  func push(_ module: Presentable?, animated: Bool, completion: (() -> Void)?)

  func popModule()
  func popModule(animated: Bool)

  func dismissModule()
  func dismissModule(animated: Bool, completion: (() -> Void)?)

  func setRootModule(_ module: Presentable?)
  func setRootModule(_ module: Presentable?, hideBar: Bool)

  func popToRootModule(animated: Bool)
}

/// The router over a `UINavigationController`, as the classic coordinator sample writes it: it
/// keeps a completion per pushed screen and runs it when the screen goes, whoever pops it.
final class RouterImp: NSObject, Router {
  private weak var rootController: UINavigationController?
  private var completions: [UIViewController: () -> Void]

  init(rootController: UINavigationController) {
    self.rootController = rootController
    completions = [:]
  }

  func toPresent() -> UIViewController? { rootController }

  func present(_ module: Presentable?) { present(module, animated: true) }

  func present(_ module: Presentable?, animated: Bool) {
    guard let controller = module?.toPresent() else { return }
    rootController?.present(controller, animated: animated, completion: nil)
  }

  func dismissModule() { dismissModule(animated: true, completion: nil) }

  func dismissModule(animated: Bool, completion: (() -> Void)?) {
    rootController?.dismiss(animated: animated, completion: completion)
  }

  func push(_ module: Presentable?) { push(module, animated: true, completion: nil) }

  func push(_ module: Presentable?, hideBottomBar: Bool) {
    guard let controller = module?.toPresent(), !(controller is UINavigationController) else { return }
    controller.hidesBottomBarWhenPushed = hideBottomBar
    push(module, animated: true, completion: nil)
  }

  func push(_ module: Presentable?, animated: Bool, completion: (() -> Void)?) {
    guard let controller = module?.toPresent(), !(controller is UINavigationController) else { return }
    if let completion { completions[controller] = completion }
    rootController?.pushViewController(controller, animated: animated)
  }

  func popModule() { popModule(animated: true) }

  func popModule(animated: Bool) {
    if let controller = rootController?.popViewController(animated: animated) {
      runCompletion(for: controller)
    }
  }

  func setRootModule(_ module: Presentable?) { setRootModule(module, hideBar: false) }

  func setRootModule(_ module: Presentable?, hideBar: Bool) {
    guard let controller = module?.toPresent() else { return }
    rootController?.setViewControllers([controller], animated: false)
    rootController?.isNavigationBarHidden = hideBar
  }

  func popToRootModule(animated: Bool) {
    if let controllers = rootController?.popToRootViewController(animated: animated) {
      for controller in controllers { runCompletion(for: controller) }
    }
  }

  private func runCompletion(for controller: UIViewController) {
    guard let completion = completions[controller] else { return }
    completion()
    completions.removeValue(forKey: controller)
  }
}
