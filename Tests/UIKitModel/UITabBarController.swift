// The model of UIKit: the tab bar controller.

/// Apple: UITabBarController.
@preconcurrency @MainActor
open class UITabBarController: UIViewController {
  public override init() { super.init() }

  public required init?(coder: NSCoder) { return nil }

  private var tabs: [UIViewController] = []
  private var selected = 0

  /// Apple: "The array of view controllers to display in the tab bar interface."
  open var viewControllers: [UIViewController]? {
    get { tabs.isEmpty ? nil : tabs }
    set { setViewControllers(newValue, animated: false) }
  }

  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    for tab in tabs { tab.parentStorage = nil }
    tabs = viewControllers ?? []
    for tab in tabs { tab.parentStorage = self }
    selected = min(selected, max(tabs.count - 1, 0))
  }

  /// Apple: selectedIndex. Setting it in code tells the delegate nothing (Apple,
  /// tabBarController(_:didSelect:): "called only in response to user taps in the tab bar and is
  /// not called when your code changes the tab bar contents programmatically").
  open var selectedIndex: Int {
    get { selected }
    set { if tabs.indices.contains(newValue) { selected = newValue } }
  }

  open var selectedViewController: UIViewController? {
    get { tabs.indices.contains(selected) ? tabs[selected] : nil }
    set {
      if let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) { selected = index }
    }
  }

  weak open var delegate: (any UITabBarControllerDelegate)?

  open override var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    (selectedViewController as? UINavigationController)?.transitionCoordinator
  }

  /// A person taps the tab at `index`. Apple, tabBarController(_:shouldSelect:): asked "in
  /// response to the user tapping a tab bar item"; a no stops the tap. Apple, UITabBarController:
  /// when the person taps the selected tab and it is a navigation controller, it pops to its root
  /// view controller (animated). Apple, tabBarController(_:didSelect:): "the tab bar controller
  /// calls this method regardless of whether the selected view controller changed".
  func tapTab(at index: Int) {
    guard tabs.indices.contains(index) else { return }
    let tab = tabs[index]
    if let delegate, !delegate.tabBarController(self, shouldSelect: tab) { return }
    if index == selected, let navigation = tab as? UINavigationController {
      navigation.popToRootViewController(animated: true)
    }
    selected = index
    delegate?.tabBarController(self, didSelect: tab)
  }
}

/// Apple: UITabBarControllerDelegate.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: NSObjectProtocol {
  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
    -> Bool
  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
  public func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool {
    forwarded("tabBarController:shouldSelectViewController:", as: (any UITabBarControllerDelegate).self)?
      .tabBarController(tabBarController, shouldSelect: viewController) ?? true
  }

  public func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {
    forwarded("tabBarController:didSelectViewController:", as: (any UITabBarControllerDelegate).self)?
      .tabBarController(tabBarController, didSelect: viewController)
  }

  /// `delegate?.tabBarController?(…, shouldSelect: …)` and `didSelect`.
  public var tabBarController: TabBarControllerDelegateMethod? {
    TabBarControllerDelegateMethod(delegate: self)
  }
}

/// The optional methods named `tabBarController(_:…)`, called as `delegate?.tabBarController?(…)`.
@preconcurrency @MainActor
public struct TabBarControllerDelegateMethod {
  let delegate: any UITabBarControllerDelegate

  public func callAsFunction(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  )
    -> Bool
  {
    delegate.tabBarController(tabBarController, shouldSelect: viewController)
  }

  public func callAsFunction(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {
    delegate.tabBarController(tabBarController, didSelect: viewController)
  }
}
