#if canImport(UIKit)
  import UIKit

  /// A tab container over a `UITabBarController`: one ``NavigationRouter`` per tab, in order.
  ///
  /// It becomes the tab bar controller's delegate to see the person tap a tab
  /// (`tabBarController(_:didSelect:)`, which UIKit calls for taps only, never for
  /// `selectedIndex`), reported as a system ``SystemNavigation/Kind/selectTab``. A delegate the
  /// app had set becomes ``tabBarDelegate`` and gets every delegate call.
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
      didSet { forwardTarget = tabBarDelegate }
    }
    /// ``tabBarDelegate`` for the runtime's non-isolated calls (made on the main thread only).
    private nonisolated(unsafe) weak var forwardTarget: (any NSObjectProtocol)?

    private let routers: [String: NavigationRouter]
    public let systemNavigationObservers = SystemNavigationObservers()

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
      tabBarDelegate = tabBarController.delegate
      tabBarController.delegate = self
    }

    public func tabBarController(
      _ tabBarController: UITabBarController, didSelect viewController: UIViewController
    ) {
      if let tab = selectedTab {
        let shown = routers[tab]?.visibleScreen
        systemNavigationObservers.notify(
          SystemNavigation(kind: .selectTab, gesture: .tabBar, removed: [], shown: shown, tab: tab))
      }
      tabBarDelegate?.tabBarController?(tabBarController, didSelect: viewController)
    }

    // Every other delegate call goes to the app's delegate.
    public override func responds(to aSelector: Selector!) -> Bool {
      super.responds(to: aSelector) || forwardTarget?.responds(to: aSelector) == true
    }

    public override func forwardingTarget(for aSelector: Selector!) -> Any? {
      forwardTarget?.responds(to: aSelector) == true ? forwardTarget : super.forwardingTarget(for: aSelector)
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
