#if canImport(UIKit)
  import UIKit

  /// Sees a presented view controller swiped down by the person, as its presentation controller's
  /// delegate, and forwards every delegate call to the app's delegate. The app may make another
  /// delegate after it (a sheet's screen makes itself one as its view loads, to ask before a form
  /// is thrown away; a coordinator sets one once it has presented): ``reclaim()`` takes the place
  /// back, forwarding to that delegate from then on.
  @MainActor
  package final class SheetSwipeObserver: NSObject, UIAdaptivePresentationControllerDelegate {
    private weak var presented: UIViewController?
    private let onLetGo: (@MainActor (UIViewController) -> Void)?
    private let onSwipe: @MainActor (UIViewController) -> Void
    private weak var forward: (any UIAdaptivePresentationControllerDelegate)?
    /// `forward` for the runtime's non-isolated calls (made on the main thread only).
    private nonisolated(unsafe) weak var forwardTarget: (any NSObjectProtocol)?
    /// The call forwarded to the app's delegate now: a delegate that passes each call on to the
    /// delegate it found before it (this observer, where it was set after it) calls back in with
    /// the same call, and that call ends here.
    private var forwardedCall: DelegateCall?

    /// Becomes `presented`'s presentation controller's delegate.
    /// - Parameters:
    ///   - presented: The view controller presented as a sheet.
    ///   - onLetGo: Called when the person lets go of the sheet past half-way in an interactive
    ///     swipe, before UIKit tells it it disappeared; nil to hear only `onSwipe`.
    ///   - onSwipe: Called once the person swiped it away.
    package init(
      observing presented: UIViewController, onLetGo: (@MainActor (UIViewController) -> Void)? = nil,
      onSwipe: @escaping @MainActor (UIViewController) -> Void
    ) {
      self.presented = presented
      self.onLetGo = onLetGo
      self.onSwipe = onSwipe
      super.init()
      becomeDelegate(of: presented)
    }

    /// Becomes the presentation controller's delegate again where the app set another since, and
    /// forwards to that one.
    /// - Returns: Whether the view controller is presented still (otherwise nothing is done).
    @discardableResult
    package func reclaim() -> Bool {
      guard let presented, presented.presentingViewController != nil else { return false }
      becomeDelegate(of: presented)
      return true
    }

    private func becomeDelegate(of presented: UIViewController) {
      guard let presentation = presented.presentationController, presentation.delegate !== self else {
        return
      }
      forward = presentation.delegate
      forwardTarget = forward
      presentation.delegate = self
    }

    package func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
      -> Bool
    {
      forwarding(.shouldDismiss, presentationController) {
        forward?.presentationControllerShouldDismiss?(presentationController)
      } ?? true
    }

    package func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
    {
      forwarding(.didAttemptToDismiss, presentationController) {
        forward?.presentationControllerDidAttemptToDismiss?(presentationController)
      }
    }

    /// The person lets go of the sheet: reported then, past half-way, before UIKit tells the
    /// sheet it disappeared; without an interactive transition, when it is gone.
    package func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
      let layer = presentationController.presentedViewController
      let call = DelegateCall(.willDismiss, layer)
      guard forwardedCall != call else { return }
      if let onLetGo, let transition = layer.transitionCoordinator, transition.isInteractive {
        transition.notifyWhenInteractionChanges { context in
          guard !context.isCancelled else { return }
          onLetGo(layer)
        }
      }
      forwarding(.willDismiss, presentationController) {
        forward?.presentationControllerWillDismiss?(presentationController)
      }
    }

    package func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      let call = DelegateCall(.didDismiss, presentationController.presentedViewController)
      guard forwardedCall != call else { return }
      onSwipe(presentationController.presentedViewController)
      forwarding(.didDismiss, presentationController) {
        forward?.presentationControllerDidDismiss?(presentationController)
      }
    }

    /// Runs `forwardCall` marked as in flight; the same call coming back meanwhile gives nil.
    @discardableResult
    private func forwarding<Result>(
      _ kind: DelegateCall.Kind, _ presentation: UIPresentationController, _ forwardCall: () -> Result?
    ) -> Result? {
      let call = DelegateCall(kind, presentation.presentedViewController)
      guard forwardedCall != call else { return nil }
      let outer = forwardedCall
      forwardedCall = call
      defer { forwardedCall = outer }
      return forwardCall()
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
    enum Kind {
      case willShow, didShow, shouldSelect, didSelect
      case shouldDismiss, willDismiss, didDismiss, didAttemptToDismiss
    }
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
