#if canImport(UIKit)
  import UIKit

  /// Sees a presented view controller swiped down by the person, as its presentation controller's
  /// delegate, and forwards every delegate call to the delegate it had: for recording a flow's
  /// navigation controller presented by a view controller that records nothing.
  @MainActor
  package final class SheetSwipeObserver: NSObject, UIAdaptivePresentationControllerDelegate {
    private let onSwipe: @MainActor () -> Void
    private weak var forward: (any UIAdaptivePresentationControllerDelegate)?
    /// `forward` for the runtime's non-isolated calls (made on the main thread only).
    private nonisolated(unsafe) weak var forwardTarget: (any NSObjectProtocol)?

    /// Becomes `presented`'s presentation controller's delegate.
    /// - Parameters:
    ///   - presented: The view controller presented as a sheet.
    ///   - onSwipe: Called once the person swiped it away.
    package init(observing presented: UIViewController, onSwipe: @escaping @MainActor () -> Void) {
      self.onSwipe = onSwipe
      let presentation = presented.presentationController
      forward = presentation?.delegate
      forwardTarget = forward
      super.init()
      presentation?.delegate = self
    }

    package func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      onSwipe()
      forward?.presentationControllerDidDismiss?(presentationController)
    }

    package override func responds(to aSelector: Selector!) -> Bool {
      super.responds(to: aSelector) || forwardTarget?.responds(to: aSelector) == true
    }

    package override func forwardingTarget(for aSelector: Selector!) -> Any? {
      forwardTarget?.responds(to: aSelector) == true ? forwardTarget : super.forwardingTarget(for: aSelector)
    }
  }

  /// A delegate call an observer forwards to the app's delegate: which, about which view
  /// controller. The same call coming back while it is forwarded is the app's delegate passing it
  /// on to the delegate it found before it, the observer.
  struct DelegateCall: Equatable {
    enum Kind { case willShow, didShow, shouldSelect, didSelect }
    let kind: Kind
    let viewController: ObjectIdentifier

    init(_ kind: Kind, _ viewController: UIViewController) {
      self.kind = kind
      self.viewController = ObjectIdentifier(viewController)
    }
  }

  /// Sees the person tap a tab bar controller's tabs (`tabBarController(_:shouldSelect:)` and
  /// `tabBarController(_:didSelect:)`, which UIKit calls for taps only) as its delegate, and
  /// forwards every delegate call to the app's delegate: for recording a tab bar controller of
  /// the app's own.
  @MainActor
  package final class TabTapObserver: NSObject, UITabBarControllerDelegate {
    /// The app's own delegate; every delegate call is forwarded to it.
    package weak var appDelegate: (any UITabBarControllerDelegate)? {
      didSet { forwardTarget = appDelegate }
    }
    /// ``appDelegate`` for the runtime's non-isolated calls (made on the main thread only).
    private nonisolated(unsafe) weak var forwardTarget: (any NSObjectProtocol)?
    /// The person's tap begins, where the app's delegate lets it select the tab.
    package var tapBegins: (@MainActor (UIViewController) -> Void)?
    /// The tap selected a tab, before the app's delegate hears it.
    package var tapEnds: (@MainActor (UIViewController) -> Void)?
    /// The call forwarded to ``appDelegate`` now: a delegate that passes each call on to the
    /// delegate it found before it (a proxy of the app's), which on a recording tab bar controller
    /// is this observer, calls back in with the same call, and that call ends here.
    private var forwardedCall: DelegateCall?

    package override init() { super.init() }

    package func tabBarController(
      _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
    ) -> Bool {
      let call = DelegateCall(.shouldSelect, viewController)
      guard forwardedCall != call else { return true }
      let outer = forwardedCall
      forwardedCall = call
      let selects = appDelegate?.tabBarController?(tabBarController, shouldSelect: viewController) ?? true
      forwardedCall = outer
      if selects { tapBegins?(viewController) }
      return selects
    }

    package func tabBarController(
      _ tabBarController: UITabBarController, didSelect viewController: UIViewController
    ) {
      let call = DelegateCall(.didSelect, viewController)
      guard forwardedCall != call else { return }
      tapEnds?(viewController)
      let outer = forwardedCall
      forwardedCall = call
      appDelegate?.tabBarController?(tabBarController, didSelect: viewController)
      forwardedCall = outer
    }

    package override func responds(to aSelector: Selector!) -> Bool {
      super.responds(to: aSelector) || forwardTarget?.responds(to: aSelector) == true
    }

    package override func forwardingTarget(for aSelector: Selector!) -> Any? {
      forwardTarget?.responds(to: aSelector) == true ? forwardTarget : super.forwardingTarget(for: aSelector)
    }
  }
#endif
