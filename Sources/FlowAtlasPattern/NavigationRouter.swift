#if canImport(UIKit)
  import UIKit

  /// A router over a `UINavigationController`. A presented screen is wrapped in a
  /// navigation controller of its own, so it can push (the trace format's modal layers).
  ///
  /// Screens that are not `UIViewController`s are refused, never crash.
  @MainActor
  public final class NavigationRouter: RouterProtocol, NavigationStateReporting {
    /// The navigation stack at the bottom, under every modal layer.
    public let navigationController: UINavigationController
    /// Called with each refused request.
    public var onRefusal: ((RouterRefusal) -> Void)?

    /// Creates a router over `navigationController`.
    /// - Parameter navigationController: The bottom navigation stack.
    public init(navigationController: UINavigationController = UINavigationController()) {
      self.navigationController = navigationController
    }

    /// The bottom navigation controller, then each presented one, bottom first.
    private var navigationControllers: [UINavigationController] {
      var result = [navigationController]
      var presented = navigationController.presentedViewController
      while let next = presented {
        if let navigation = next as? UINavigationController { result.append(navigation) }
        presented = next.presentedViewController
      }
      return result
    }

    private var topNavigationController: UINavigationController {
      navigationControllers.last ?? navigationController
    }

    public var layers: [[any Presentable]] {
      navigationControllers.map { navigation in
        navigation.viewControllers.map { controller in controller as any Presentable }
      }
    }

    public func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
      guard let controller = viewController(screen, completion: completion) else { return }
      withCompletion(completion) {
        topNavigationController.pushViewController(controller, animated: animated)
      }
    }

    public func pop(animated: Bool, completion: (() -> Void)?) {
      let top = topNavigationController
      guard top.viewControllers.count > 1 else {
        return refuse(.popAtRoot, completion: completion)
      }
      withCompletion(completion) { _ = top.popViewController(animated: animated) }
    }

    public func popToRoot(animated: Bool, completion: (() -> Void)?) {
      let top = topNavigationController
      guard top.viewControllers.count > 1 else {
        return refuse(.popToRootAtRoot, completion: completion)
      }
      withCompletion(completion) { _ = top.popToRootViewController(animated: animated) }
    }

    public func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
      guard let controller = viewController(screen, completion: completion) else { return }
      let layer = UINavigationController(rootViewController: controller)
      let presenter = topNavigationController
      presenter.present(layer, animated: animated, completion: completion)
    }

    public func dismiss(animated: Bool, completion: (() -> Void)?) {
      let top = topNavigationController
      guard top !== navigationController, let presenter = top.presentingViewController else {
        return refuse(.dismissWithNothingPresented, completion: completion)
      }
      presenter.dismiss(animated: animated, completion: completion)
    }

    public func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
      guard let controller = viewController(screen, completion: completion) else { return }
      if navigationController.presentedViewController != nil {
        navigationController.dismiss(animated: false)
      }
      withCompletion(completion) {
        navigationController.setViewControllers([controller], animated: animated)
      }
    }

    private func viewController(
      _ screen: any Presentable, completion: (() -> Void)?
    ) -> UIViewController? {
      if let controller = screen as? UIViewController { return controller }
      refuse(.unsupportedScreen(type: screen.screenType), completion: completion)
      return nil
    }

    private func refuse(_ refusal: RouterRefusal, completion: (() -> Void)?) {
      onRefusal?(refusal)
      completion?()
    }

    /// Runs `change` in a Core Animation transaction so `completion` runs when its
    /// animation ends (at once when not animated).
    private func withCompletion(_ completion: (() -> Void)?, _ change: () -> Void) {
      CATransaction.begin()
      CATransaction.setCompletionBlock(completion)
      change()
      CATransaction.commit()
    }
  }
#endif
