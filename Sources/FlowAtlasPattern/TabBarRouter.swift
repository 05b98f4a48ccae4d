#if canImport(UIKit)
  import UIKit

  /// A tab container over a `UITabBarController`: one ``NavigationRouter`` per tab, in order.
  ///
  /// It becomes the tab bar controller's delegate to see the person tap a tab
  /// (`tabBarController(_:shouldSelect:)` and `tabBarController(_:didSelect:)`, which UIKit
  /// calls for taps only, never for `selectedIndex`): a tap on another tab is reported as a system
  /// ``SystemNavigation/Kind/selectTab``; a tap on the selected tab, which UIKit answers by
  /// popping that tab's stack to its root, as a system ``SystemNavigation/Kind/popToRoot`` by
  /// that tab's router (gesture ``SystemGesture/tabBar``). A delegate the app had set becomes
  /// ``tabBarDelegate`` and gets every delegate call.
  @MainActor
  public final class TabBarRouter: NSObject, TabRouting, SystemNavigationRelaying,
    UITabBarControllerDelegate
  {
    /// The tab bar controller showing the tabs.
    public let tabBarController: UITabBarController
    public let tabs: [String]
    /// Called with each refused request.
    public var onRefusal: ((RouterRefusal) -> Void)?

    /// The app's own tab bar controller delegate; every delegate call is forwarded to it.
    public weak var tabBarDelegate: (any UITabBarControllerDelegate)? {
      didSet { forwarding.target = tabBarDelegate }
    }
    private let forwarding = DelegateForwarding(implementing: DelegateForwarding.tabBarSelection)

    private let routers: [String: NavigationRouter]
    package let systemNavigationObservers = SystemNavigationObservers()
    /// The tab selected when the person's tap began (`shouldSelect`), to tell a tap on another
    /// tab from one on the selected tab in `didSelect`, which UIKit calls for both.
    private var selectedBeforeTap: Int?

    /// Creates one navigation stack per tab and installs them in `tabBarController`.
    /// - Parameters:
    ///   - tabs: The tabs' names, in order; a repeated name is kept once.
    ///   - tabBarController: The tab bar controller to fill.
    public init(tabs: [String], tabBarController: UITabBarController = UITabBarController()) {
      var seen = Set<String>()
      let names = tabs.filter { seen.insert($0).inserted }
      let routers = names.map { _ in NavigationRouter() }
      self.tabs = names
      self.routers = Dictionary(uniqueKeysWithValues: zip(names, routers))
      self.tabBarController = tabBarController
      super.init()
      tabBarController.setViewControllers(routers.map { $0.navigationController }, animated: false)
      // An initializer's own assignment runs no `didSet`: both are set here.
      tabBarDelegate = tabBarController.delegate
      forwarding.target = tabBarDelegate
      tabBarController.delegate = self
    }

    public func tabBarController(
      _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
    ) -> Bool {
      let selects = tabBarDelegate?.tabBarController?(tabBarController, shouldSelect: viewController) ?? true
      guard selects else { return false }
      selectedBeforeTap = tabBarController.selectedIndex
      if viewController === tabBarController.selectedViewController,
        let navigation = viewController as? UINavigationController, navigation.viewControllers.count > 1,
        let router = routers.values.first(where: { $0.navigationController === navigation })
      {
        router.expectedGesture = .tabBar
      }
      return true
    }

    public func tabBarController(
      _ tabBarController: UITabBarController, didSelect viewController: UIViewController
    ) {
      let before = selectedBeforeTap
      selectedBeforeTap = nil
      if before != tabBarController.selectedIndex, let tab = selectedTab {
        let shown = routers[tab]?.visibleScreen
        systemNavigationObservers.notify(
          SystemNavigation(kind: .selectTab, gesture: .tabBar, removed: [], shown: shown, tab: tab))
      }
      tabBarDelegate?.tabBarController?(tabBarController, didSelect: viewController)
    }

    // Every other delegate call goes to the app's delegate.
    public override func responds(to aSelector: Selector!) -> Bool {
      forwarding.responds(to: aSelector) || super.responds(to: aSelector)
    }

    public override func forwardingTarget(for aSelector: Selector!) -> Any? {
      forwarding.forwardingTarget(for: aSelector) ?? super.forwardingTarget(for: aSelector)
    }

    public var selectedTab: String? {
      let index = tabBarController.selectedIndex
      return tabs.indices.contains(index) ? tabs[index] : nil
    }

    public func router(forTab tab: String) -> (any RouterProtocol)? { routers[tab] }

    public func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?) {
      if let index = tabs.firstIndex(of: tab) {
        tabBarController.selectedIndex = index
      } else {
        onRefusal?(.unknownTab(tab))
      }
      completion?()
    }
  }
#endif
