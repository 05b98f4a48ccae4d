// The model of UIKit: the navigation bar and the tab bar, as their controllers keep them.

/// Apple: UINavigationBar: its back button pops, if its delegate agrees
/// (Apple, UINavigationBarDelegate: navigationBar(_:shouldPop:) is asked when the back button is
/// tapped; a pop in code does not ask it). Its items are its navigation controller's view
/// controllers' navigation items (Apple: "the navigation controller … manages the navigation
/// bar's items").
@preconcurrency @MainActor
open class UINavigationBar: UIView {
  weak open var delegate: (any UINavigationBarDelegate)?
  weak var navigationController: UINavigationController?
  open var prefersLargeTitles = false

  open var items: [UINavigationItem]? { navigationController?.viewControllers.map(\.navigationItem) }
  open var topItem: UINavigationItem? { items?.last }
  open var backItem: UINavigationItem? { items.flatMap { $0.count > 1 ? $0[$0.count - 2] : nil } }

  /// Whether there is a back button to tap: the bar is shown, there is a view controller to go
  /// back to, and the top item shows one.
  var showsBackButton: Bool { !isHidden && backItem != nil && topItem?.showsBackButton == true }
}

/// Apple: UINavigationBarDelegate.
@preconcurrency @MainActor
public protocol UINavigationBarDelegate: NSObjectProtocol {
  func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
}

/// Apple: UITabBar: one item for each view controller of its tab bar controller (Apple: "the tab
/// bar controller … manages the tab bar's items"), the selected one's selected.
///
/// Hidden when the app hides it, and while the top view controller of the selected tab's
/// navigation controller has `hidesBottomBarWhenPushed` (Apple: "The value of this property on the
/// topmost view controller determines whether the toolbar is visible"; UIKit slides the tab bar
/// away rather than hiding it, which the model reports as hidden).
@preconcurrency @MainActor
open class UITabBar: UIView {
  weak var tabBarController: UITabBarController?

  open var items: [UITabBarItem]? { tabBarController?.viewControllers?.map { $0.tabBarItem } }
  open var selectedItem: UITabBarItem? { tabBarController?.selectedViewController?.tabBarItem }

  open override var isHidden: Bool {
    get { super.isHidden || hiddenForTopViewController }
    set { super.isHidden = newValue }
  }

  private var hiddenForTopViewController: Bool {
    let navigation = tabBarController?.selectedViewController as? UINavigationController
    return navigation?.topViewController?.hidesBottomBarWhenPushed == true
  }
}
