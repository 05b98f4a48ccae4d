/// A headless tab container: one ``StackRouter`` per tab, one tab selected at a time.
///
/// A person tapping the tab bar (`Person.tapTab(_:on:)`, FlowAtlasJourneys) is reported to the
/// ``SystemNavigationObserver``s as a system `selectTab`.
@MainActor
public final class TabRouter: TabRouting, NavigationStateReporting, SystemNavigationRelaying {
  public let tabs: [String]
  public private(set) var selectedTab: String?
  /// Every request refused so far, oldest first.
  public private(set) var refusals: [RouterRefusal] = []
  /// Called with each refusal as it happens.
  public var onRefusal: ((RouterRefusal) -> Void)?

  private let routers: [String: StackRouter]
  package let systemNavigationObservers = SystemNavigationObservers()
  /// Called with each tab the person tapped (a `selectTab` of the system), after FlowAtlas's
  /// coordinators and recording heard it. What the person does inside a tab (back, a sheet dragged
  /// down) each tab's own router tells: its `onSystemNavigation` (docs/own-coordinators.md).
  public var onSystemNavigation: ((SystemNavigation) -> Void)? {
    get { systemNavigationObservers.appCallback }
    set { systemNavigationObservers.appCallback = newValue }
  }

  /// Creates a tab container with one empty stack router per tab and no tab selected.
  /// - Parameter tabs: The tabs' names, in order; a repeated name is kept once.
  public init(tabs: [String]) {
    var seen = Set<String>()
    self.tabs = tabs.filter { seen.insert($0).inserted }
    self.routers = Dictionary(uniqueKeysWithValues: self.tabs.map { ($0, StackRouter()) })
  }

  /// Creates a tab container over the given stack routers, one per tab, no tab selected: a test
  /// double's, whose own routers forward to them.
  /// - Parameter stacks: The tabs' names and routers, in order; a repeated name is kept once.
  package init(stacks: [(tab: String, router: StackRouter)]) {
    var seen = Set<String>()
    let kept = stacks.filter { seen.insert($0.tab).inserted }
    tabs = kept.map(\.tab)
    routers = Dictionary(uniqueKeysWithValues: kept.map { ($0.tab, $0.router) })
  }

  public func router(forTab tab: String) -> (any RouterProtocol)? { routers[tab] }

  /// The headless router of `tab`, to inspect its stack.
  /// - Parameter tab: A tab's name.
  /// - Returns: Its router, or `nil` when there is no such tab.
  package func stackRouter(forTab tab: String) -> StackRouter? { routers[tab] }

  public func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?) {
    if routers[tab] != nil { selectedTab = tab } else { refuse(.unknownTab(tab)) }
    completion?()
  }

  /// The system selected `tab` on a tap on the tab bar (a `Person`, FlowAtlasJourneys, decides
  /// what a tap does): reported as a system `selectTab`. An unknown tab is refused.
  /// - Parameter tab: A tab's name.
  package func selectBySystem(_ tab: String) {
    guard let router = routers[tab] else { return refuse(.unknownTab(tab)) }
    selectedTab = tab
    systemNavigationObservers.notify(
      SystemNavigation(kind: .selectTab, gesture: .tabBar, removed: [], shown: router.topScreen, tab: tab))
  }

  /// Records `refusal`: a request, or a tap the tab bar would not take.
  package func refuse(_ refusal: RouterRefusal) {
    refusals.append(refusal)
    onRefusal?(refusal)
  }

  /// What the selected tab shows (nothing before a tab is selected).
  package var layers: [[any Presentable]] {
    guard let selectedTab, let router = routers[selectedTab] else { return [[]] }
    return router.layers
  }
}
