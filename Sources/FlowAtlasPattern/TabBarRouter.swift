#if canImport(UIKit)
  import UIKit

  /// A tab container over a `UITabBarController`: one ``NavigationRouter`` per tab, in order.
  @MainActor
  public final class TabBarRouter: TabRouting {
    /// The tab bar controller showing the tabs.
    public let tabBarController: UITabBarController
    public let tabs: [String]
    /// Called with each refused request.
    public var onRefusal: ((RouterRefusal) -> Void)?

    private let routers: [String: NavigationRouter]

    /// Creates one navigation stack per tab and installs them in `tabBarController`.
    /// - Parameters:
    ///   - tabs: The tabs' names, in order; a repeated name is kept once.
    ///   - tabBarController: The tab bar controller to fill.
    public init(tabs: [String], tabBarController: UITabBarController = UITabBarController()) {
      var seen = Set<String>()
      let names = tabs.filter { seen.insert($0).inserted }
      let routers = names.map { NavigationRouter() }
      self.tabs = names
      self.routers = Dictionary(uniqueKeysWithValues: zip(names, routers))
      self.tabBarController = tabBarController
      tabBarController.setViewControllers(routers.map { $0.navigationController }, animated: false)
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
