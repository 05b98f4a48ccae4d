/// A tab container (a `UITabBarController` on iOS, ``TabRouter`` headless): one router per
/// tab, one tab shown at a time.
@MainActor
public protocol TabRouting: AnyObject {
  /// The tabs' names, in the order they appear.
  var tabs: [String] { get }
  /// The tab shown, if any.
  var selectedTab: String? { get }
  /// The router that navigates inside `tab`.
  /// - Parameter tab: A tab's name.
  /// - Returns: Its router, or `nil` when there is no such tab.
  func router(forTab tab: String) -> (any RouterProtocol)?
  /// Shows `tab`. An unknown tab is refused; the completion still runs.
  /// - Parameters:
  ///   - tab: The tab's name.
  ///   - animated: Whether to animate the switch.
  ///   - completion: Runs once the switch is done (or refused).
  func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?)
}

extension TabRouting {
  /// Shows `tab`, without a completion.
  /// - Parameters:
  ///   - tab: The tab's name.
  ///   - animated: Whether to animate the switch.
  public func selectTab(_ tab: String, animated: Bool = false) {
    selectTab(tab, animated: animated, completion: nil)
  }
}
