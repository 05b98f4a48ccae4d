/// A router a journey or a test can drive as a person drives an iPhone: with the system's own
/// controls, which no coordinator is asked about (``StackRouter`` headless; wrappers such as
/// recording routers forward to the router they wrap).
///
/// Each call changes the stacks and reports a ``SystemNavigation`` to the router's observers;
/// an illegal gesture (back at a layer's first screen, a sheet when none shows) is refused
/// and reported as other refusals are.
@MainActor
public protocol PersonDrivenRouter: AnyObject {
  /// The navigation bar's back button.
  func tapBackButton()
  /// The interactive pop from the leading edge; `completing: false` gives up half-way.
  func swipeBack(completing: Bool)
  /// The back button's long-press menu, picking `screen`.
  func pickFromBackMenu(_ screen: any Presentable)
  /// Swipes the topmost sheet down.
  func swipeDownSheet()
}

extension PersonDrivenRouter {
  /// The interactive pop from the leading edge, carried through.
  public func swipeBack() { swipeBack(completing: true) }
}

/// A tab container a person can drive: a tap on the tab bar (``TabRouter`` headless).
@MainActor
public protocol PersonDrivenTabRouter: AnyObject {
  /// The person taps `tab` in the tab bar.
  func tapTab(_ tab: String)
}
