/// A headless tab container: one ``StackRouter`` per tab, one tab selected at a time.
///
/// A person tapping the tab bar (`Person.tapTab(_:on:)`, FlowAtlasJourneys) is reported to the
/// ``SystemNavigationObserver``s as a system `selectTab`.
@MainActor
public final class TabRouter: TabRouting, NavigationStateReporting, SystemNavigationRelaying,
  PersonDrivenTabRouter
{
  public let tabs: [String]
  public private(set) var selectedTab: String?
  /// Every request refused so far, oldest first.
  public private(set) var refusals: [RouterRefusal] = []
  /// Called with each refusal as it happens.
  public var onRefusal: ((RouterRefusal) -> Void)?

  private let routers: [String: StackRouter]
  package let systemNavigationObservers = SystemNavigationObservers()

  /// Creates a tab container with one empty stack router per tab and no tab selected.
  /// - Parameter tabs: The tabs' names, in order; a repeated name is kept once.
  public init(tabs: [String]) {
    var seen = Set<String>()
    self.tabs = tabs.filter { seen.insert($0).inserted }
    self.routers = Dictionary(uniqueKeysWithValues: self.tabs.map { ($0, StackRouter()) })
  }

  public func router(forTab tab: String) -> (any RouterProtocol)? { routers[tab] }

  /// The headless router of `tab`, to inspect its stack.
  /// - Parameter tab: A tab's name.
  /// - Returns: Its router, or `nil` when there is no such tab.
  package func stackRouter(forTab tab: String) -> StackRouter? { routers[tab] }

  public func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?) {
    if routers[tab] != nil {
      selectedTab = tab
    } else {
      refusals.append(.unknownTab(tab))
      onRefusal?(.unknownTab(tab))
    }
    completion?()
  }

  /// The person taps `tab` in the tab bar. An unknown tab is refused; a tap on the tab already
  /// shown pops its stack to its first screen, as UIKit does (a system `popToRoot`, gesture
  /// `tabBar`), and changes nothing at that first screen.
  /// - Parameter tab: A tab's name.
  package func tapTab(_ tab: String) {
    guard let router = routers[tab] else {
      refusals.append(.unknownTab(tab))
      onRefusal?(.unknownTab(tab))
      return
    }
    guard tab != selectedTab else { return router.tapSelectedTab() }
    selectedTab = tab
    systemNavigationObservers.notify(
      SystemNavigation(kind: .selectTab, gesture: .tabBar, removed: [], shown: router.topScreen, tab: tab))
  }

  /// What the selected tab shows (nothing before a tab is selected).
  package var layers: [[any Presentable]] {
    guard let selectedTab, let router = routers[selectedTab] else { return [[]] }
    return router.layers
  }
}
