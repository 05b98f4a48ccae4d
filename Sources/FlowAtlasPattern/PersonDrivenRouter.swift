/// A headless router a person's gestures can drive: the system's own controls, which no
/// coordinator is asked about (``StackRouter``, ``NavigationStackRouter``). Journeys and tests
/// reach it through `Person` (FlowAtlasJourneys); no app calls it.
///
/// Each call changes the stacks and reports a ``SystemNavigation`` to the router's observers;
/// an illegal gesture (back at a layer's first screen, a sheet when none shows) is refused
/// and reported as other refusals are.
@MainActor
package protocol PersonDrivenRouter: AnyObject {
  /// The navigation bar's back button.
  func tapBackButton()
  /// The interactive pop from the leading edge; `completing: false` gives up half-way.
  func swipeBack(completing: Bool)
  /// The back button's long-press menu, picking `screen`.
  func pickFromBackMenu(_ screen: any Presentable)
  /// Swipes the topmost sheet down.
  func swipeDownSheet()
}

/// A headless tab container a person can drive: a tap on the tab bar (``TabRouter``).
@MainActor
package protocol PersonDrivenTabRouter: AnyObject {
  /// The person taps `tab` in the tab bar.
  func tapTab(_ tab: String)
}

/// A router that stands for another one (a coordinator's view of its router, a recording
/// router): a person's gesture goes to the router underneath, whose observers (this one among
/// them) hear what the system did.
@MainActor
package protocol RouterWrapper: AnyObject {
  /// The router this one forwards to.
  var routerUnderneath: AnyObject { get }
}

/// The router at the bottom of `router`'s wrappers: `router` itself when it wraps nothing.
@MainActor
package func innermostRouter(_ router: AnyObject) -> AnyObject {
  var current = router
  while let wrapper = current as? any RouterWrapper {
    current = wrapper.routerUnderneath
  }
  return current
}
