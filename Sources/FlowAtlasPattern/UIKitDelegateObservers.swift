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
    private let onLetGo: (@MainActor (UIViewController, SystemGesture) -> Void)?
    private let onDismissed: @MainActor (UIViewController, SystemGesture) -> Void
    /// How the person is dismissing it, from `presentationControllerWillDismiss` on.
    private var gesture: SystemGesture = .swipeDown
    private weak var forward: (any UIAdaptivePresentationControllerDelegate)?
    private let forwarding = DelegateForwarding(implementing: [
      "presentationControllerShouldDismiss:", "presentationControllerWillDismiss:",
      "presentationControllerDidDismiss:", "presentationControllerDidAttemptToDismiss:",
    ])
    /// The call forwarded to the app's delegate now: a delegate that passes each call on to the
    /// delegate it found before it (this observer, where it was set after it) calls back in with
    /// the same call, and that call ends here.
    private var forwardedCall: DelegateCall?

    /// Becomes `presented`'s presentation controller's delegate.
    /// - Parameters:
    ///   - presented: The view controller presented as a sheet.
    ///   - onLetGo: Called as soon as the person's dismissal is certain, before UIKit tells the
    ///     sheet it disappeared (where apps react to it): they let go of it past half-way in an
    ///     interactive swipe (`swipeDown`), or tapped outside it (`tapOutside`, a dismissal nothing
    ///     can give up); nil to hear only `onDismissed`.
    ///   - onDismissed: Called once the person dismissed it, with how.
    package init(
      observing presented: UIViewController,
      onLetGo: (@MainActor (UIViewController, SystemGesture) -> Void)? = nil,
      onDismissed: @escaping @MainActor (UIViewController, SystemGesture) -> Void
    ) {
      self.presented = presented
      self.onLetGo = onLetGo
      self.onDismissed = onDismissed
      super.init()
      becomeDelegate(of: presented)
    }

    /// Becomes `presented`'s presentation controller's delegate, to tell `onDismissal` once that the
    /// person dismissed it: as soon as it is certain (see `onLetGo`), else when it is done.
    package convenience init(
      observing presented: UIViewController,
      once onDismissal: @escaping @MainActor (UIViewController, SystemGesture) -> Void
    ) {
      let told = Told()
      let tell: @MainActor (UIViewController, SystemGesture) -> Void = { layer, gesture in
        guard !told.value else { return }
        told.value = true
        onDismissal(layer, gesture)
      }
      self.init(observing: presented, onLetGo: tell, onDismissed: tell)
    }

    /// Whether ``init(observing:once:)`` told its closure.
    @MainActor private final class Told {
      var value = false
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
      // Another observer of FlowAtlas's that passes each call on to this one keeps its seat: two
      // observe one sheet where a router of the app's presents through a recording navigation
      // controller, in either order (the pattern's `NavigationRouter` observes its layer before it
      // presents it; the recording, as it presents). One seated before this one is forwarded to.
      if let other = presentation.delegate as? SheetSwipeObserver, other.forwards(to: self) { return }
      forward = presentation.delegate
      forwarding.target = forward
      presentation.delegate = self
    }

    /// Whether the calls this observer passes on reach `observer`, through observers of FlowAtlas's.
    private func forwards(to observer: SheetSwipeObserver) -> Bool {
      var next = forward as? SheetSwipeObserver
      while let current = next {
        if current === observer { return true }
        // No cycle: an observer seats itself only in front of observers that do not reach it.
        next = current.forward as? SheetSwipeObserver
      }
      return false
    }

    package func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
      -> Bool
    {
      forwardingCall(.shouldDismiss, presentationController) {
        forward?.presentationControllerShouldDismiss?(presentationController)
      } ?? true
    }

    package func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
    {
      forwardingCall(.didAttemptToDismiss, presentationController) {
        forward?.presentationControllerDidAttemptToDismiss?(presentationController)
      }
    }

    /// The person begins to dismiss the sheet: a swipe is reported when they let go past half-way,
    /// before UIKit tells the sheet it disappeared; a dismissal that is no interactive transition
    /// (a tap outside the sheet, on its dimming view) at once, since nothing can give it up.
    package func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
      let layer = presentationController.presentedViewController
      let call = DelegateCall(.willDismiss, layer)
      guard forwardedCall != call else { return }
      if let transition = layer.transitionCoordinator, transition.isInteractive {
        gesture = .swipeDown
        if let onLetGo {
          transition.notifyWhenInteractionChanges { context in
            guard !context.isCancelled else { return }
            onLetGo(layer, .swipeDown)
          }
        }
      } else {
        gesture = .tapOutside
        onLetGo?(layer, .tapOutside)
      }
      forwardingCall(.willDismiss, presentationController) {
        forward?.presentationControllerWillDismiss?(presentationController)
      }
    }

    package func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      let call = DelegateCall(.didDismiss, presentationController.presentedViewController)
      guard forwardedCall != call else { return }
      onDismissed(presentationController.presentedViewController, gesture)
      forwardingCall(.didDismiss, presentationController) {
        forward?.presentationControllerDidDismiss?(presentationController)
      }
    }

    /// Runs `forwardCall` marked as in flight; the same call coming back meanwhile gives nil.
    @discardableResult
    private func forwardingCall<Result>(
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
      forwarding.responds(to: aSelector) || super.responds(to: aSelector)
    }

    package override func forwardingTarget(for aSelector: Selector!) -> Any? {
      forwarding.forwardingTarget(for: aSelector) ?? super.forwardingTarget(for: aSelector)
    }
  }

  /// What an observer of FlowAtlas's (a delegate UIKit talks to in the app's place) answers the
  /// runtime: it responds to the methods it implements and to those of the app's delegate, and
  /// forwards to the app's delegate every call it does not implement. Kept outside the observer's
  /// isolation: the runtime asks on the main thread only.
  package final class DelegateForwarding: @unchecked Sendable {
    /// The app's delegate.
    package weak var target: (any NSObjectProtocol)?
    /// The selectors of the observer's own delegate methods: what the runtime answers for them on
    /// a device (`super.responds(to:)`), said for the model of UIKit, which cannot list methods.
    private let implemented: Set<Selector>

    /// The tab bar controller delegate's methods an observer of the selection implements.
    package static let tabBarSelection = [
      "tabBarController:shouldSelectViewController:", "tabBarController:didSelectViewController:",
    ]

    /// - Parameter implemented: The selectors of the delegate methods the observer implements.
    package init(implementing implemented: [String]) {
      self.implemented = Set(implemented.map { Selector($0) })
    }

    /// The selectors the app's delegate is being asked about now.
    private var asking: Set<Selector> = []

    /// `responds(to:)` for the observer, beside what its superclass answers.
    package func responds(to selector: Selector) -> Bool {
      implemented.contains(selector) || targetResponds(to: selector)
    }

    /// `forwardingTarget(for:)` for the observer: the app's delegate where it responds.
    package func forwardingTarget(for selector: Selector) -> Any? {
      targetResponds(to: selector) ? target : nil
    }

    /// Whether the app's delegate responds to `selector`. A delegate that answers by asking the
    /// delegate it found before it (a proxy of the app's that found this observer) asks back
    /// while it is asked: that question is answered no, where the two would ask each other
    /// without end.
    private func targetResponds(to selector: Selector) -> Bool {
      guard let target, !asking.contains(selector) else { return false }
      asking.insert(selector)
      defer { asking.remove(selector) }
      return target.responds(to: selector)
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
      didSet { forwarding.target = appDelegate }
    }
    private let forwarding = DelegateForwarding(implementing: DelegateForwarding.tabBarSelection)
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
      forwarding.responds(to: aSelector) || super.responds(to: aSelector)
    }

    package override func forwardingTarget(for aSelector: Selector!) -> Any? {
      forwarding.forwardingTarget(for: aSelector) ?? super.forwardingTarget(for: aSelector)
    }
  }
#endif
