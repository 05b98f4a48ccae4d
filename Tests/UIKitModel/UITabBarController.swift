// The model of UIKit: the tab bar controller.

/// Apple: UITabBarController.
///
/// Only the selected tab's view is in the tab bar controller's view (the others' have no window),
/// so only the selected tab hears appearance callbacks. A new selection on screen, by a person's
/// tap or by code, is a switch at once, unanimated: the new tab's view loads if needed, then the
/// old tab's `viewWillDisappear`, the new one's `viewWillAppear`, the old one's
/// `viewDidDisappear`, the new one's `viewDidAppear` (Apple documents no order; the model assumes
/// UIKit's observed one). A tab's view loads when it is first selected on screen.
@preconcurrency @MainActor
open class UITabBarController: UIViewController {
  public override init() { super.init() }

  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// Apple: init(coder:), for a tab bar controller from a storyboard, whose tabs the storyboard sets.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  private var tabs: [UIViewController] = []
  private var selected = 0
  /// The tab whose view this one shows.
  private weak var displayed: UIViewController?

  /// Apple: "The array of view controllers to display in the tab bar interface."
  open var viewControllers: [UIViewController]? {
    get { tabs.isEmpty ? nil : tabs }
    set { setViewControllers(newValue, animated: false) }
  }

  /// Apple, viewControllers: "the tab bar controller remembers the view controller object that
  /// was previously selected and attempts to reselect it. If the selected view controller is no
  /// longer present, it attempts to select the view controller at the same index in the array as
  /// the previous selection. If that index is invalid, it selects the view controller at index 0."
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    let previous = selectedViewController
    let new = viewControllers ?? []
    let removed = tabs.filter { tab in !new.contains { $0 === tab } }
    let added = new.filter { tab in !tabs.contains { $0 === tab } }
    for tab in added { tab.willMove(toParent: self) }
    for tab in removed { tab.willMove(toParent: nil) }
    for tab in removed { tab.parentStorage = nil }
    tabs = new
    for tab in tabs { tab.parentStorage = self }
    if let previous, let index = tabs.firstIndex(where: { $0 === previous }) {
      selected = index
    } else if !tabs.indices.contains(selected) {
      selected = 0
    }
    showSelected()
    for tab in added { tab.didMove(toParent: self) }
    for tab in removed { tab.didMove(toParent: nil) }
  }

  /// Apple: selectedIndex. Setting it in code tells the delegate nothing (Apple,
  /// tabBarController(_:didSelect:): "called only in response to user taps in the tab bar and is
  /// not called when your code changes the tab bar contents programmatically").
  open var selectedIndex: Int {
    get { selected }
    set {
      guard tabs.indices.contains(newValue) else { return }
      selected = newValue
      showSelected()
    }
  }

  open var selectedViewController: UIViewController? {
    get { tabs.indices.contains(selected) ? tabs[selected] : nil }
    set {
      if let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) { selectedIndex = index }
    }
  }

  /// Apple: delegate. UIKit talks to the delegate it was given (a subclass's `super.delegate`),
  /// never to what a subclass's override of this property returns (see UINavigationController's).
  open var delegate: (any UITabBarControllerDelegate)? {
    get { seatedDelegate }
    set { seatedDelegate = newValue }
  }
  /// The delegate UIKit talks to. Not UIKit API: for tests, which ask it what UIKit would.
  public private(set) weak var seatedDelegate: (any UITabBarControllerDelegate)?

  /// Apple: "The tab bar view associated with this controller."
  open var tabBar: UITabBar { bar }
  private lazy var bar: UITabBar = {
    let bar = UITabBar()
    bar.tabBarController = self
    return bar
  }()

  open override var children: [UIViewController] { tabs }
  override var appearanceChildren: [UIViewController] { displayed.map { [$0] } ?? [] }
  override func detach(_ child: UIViewController) { tabs.removeAll { $0 === child } }

  /// A transition in the selected navigation controller is the tab bar controller's too.
  open override var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    ownTransition ?? (selectedViewController as? UINavigationController)?.ownTransition
      ?? parent?.transitionCoordinator
  }

  override func installVisibleChildren() {
    guard let view = viewIfLoaded, let tab = selectedViewController else { return }
    if let shown = displayed, shown !== tab, shown.viewIfLoaded?.superview === view { shown.view.unplace() }
    if tab.view.superview !== view { view.place(tab.view) }
    displayed = tab
  }

  /// Shows the selected tab: on screen, the switch and its appearance callbacks; off screen,
  /// nothing until the tab bar controller appears.
  private func showSelected() {
    let tab = selectedViewController
    guard isInVisibleWindow, tab !== displayed, let view = viewIfLoaded else { return }
    let old = displayed
    Self.replace(old, with: tab, animated: false) {
      if let tab {
        view.place(tab.view)
        displayed = tab
      }
    } removing: {
      if let old, old.viewIfLoaded?.superview === view { old.view.unplace() }
    }
  }

  /// A person taps the tab at `index`. Apple, tabBarController(_:shouldSelect:): asked "in
  /// response to the user tapping a tab bar item"; a no stops the tap. Apple, UITabBarController:
  /// when the person taps the selected tab and it is a navigation controller, it pops to its root
  /// view controller (animated). Apple, tabBarController(_:didSelect:): "the tab bar controller
  /// calls this method regardless of whether the selected view controller changed". The model
  /// assumes the switch, with its appearance callbacks, is over when `didSelect` is called.
  func tapTab(at index: Int) {
    guard tabs.indices.contains(index) else { return }
    let tab = tabs[index]
    if let seatedDelegate, !seatedDelegate.tabBarController(self, shouldSelect: tab) { return }
    if index == selected, let navigation = tab as? UINavigationController {
      navigation.popToRootViewController(animated: true)
    }
    selectedIndex = index
    seatedDelegate?.tabBarController(self, didSelect: tab)
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

/// Apple: UISplitViewController, "a container view controller that manages child view controllers
/// in a hierarchical interface": its columns, shown side by side. Only its type, so far: what
/// shows its columns is not modelled.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {}
