// The model of UIKit: the navigation controller's delegate, called as UIKit calls it.

extension UINavigationController: UINavigationBarDelegate {
  /// UIKit's own answer as the bar's delegate (private API on a device): the back button pops
  /// the top view controller, animated, as `popViewController(animated: true)` does.
  public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
    popViewController(animated: true)
    return true
  }
}

/// Apple: UINavigationControllerDelegate.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
  func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController)
    -> Int
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    forwarded(
      "navigationController:willShowViewController:animated:", as: (any UINavigationControllerDelegate).self)?
      .navigationController(navigationController, willShow: viewController, animated: animated)
  }

  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    forwarded(
      "navigationController:didShowViewController:animated:", as: (any UINavigationControllerDelegate).self)?
      .navigationController(navigationController, didShow: viewController, animated: animated)
  }

  /// Apple: "The delegate can override the supported orientations" (a mask; all but upside
  /// down, 26, when nobody does). The model calls it only to ask the forwarding chain.
  public func navigationControllerSupportedInterfaceOrientations(
    _ navigationController: UINavigationController
  ) -> Int {
    forwarded(
      "navigationControllerSupportedInterfaceOrientations:", as: (any UINavigationControllerDelegate).self)?
      .navigationControllerSupportedInterfaceOrientations(navigationController) ?? 26
  }

  /// `delegate?.navigationController?(…, willShow: …)` and `didShow`.
  public var navigationController: NavigationControllerDelegateMethod? {
    NavigationControllerDelegateMethod(delegate: self)
  }

  public var navigationControllerSupportedInterfaceOrientations:
    OptionalDelegateMethod<UINavigationController, Int>?
  {
    OptionalDelegateMethod { self.navigationControllerSupportedInterfaceOrientations($0) }
  }
}

/// The optional methods named `navigationController(_:…)`, called as
/// `delegate?.navigationController?(…)`.
@preconcurrency @MainActor
public struct NavigationControllerDelegateMethod {
  let delegate: any UINavigationControllerDelegate

  public func callAsFunction(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    delegate.navigationController(navigationController, willShow: viewController, animated: animated)
  }

  public func callAsFunction(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    delegate.navigationController(navigationController, didShow: viewController, animated: animated)
  }
}
