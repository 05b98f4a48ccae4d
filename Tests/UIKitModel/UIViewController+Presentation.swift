// The model of UIKit: modal presentation, its appearance callbacks and its delegate.
//
// A presentation's state changes at once (`presentedViewController` is set before the call
// returns), and so does an unanimated dismissal's; an animated dismissal keeps
// `presentedViewController` (and the presented view controller's `presentingViewController`) until
// its animation ends, the presented view controller `isBeingDismissed` meanwhile (which is why apps
// check `presentedViewController?.isBeingDismissed`); its views and its ...Did... callbacks change
// when its animation ends. When the presenter
// is on screen, the presented view controller (and the child it shows) hears viewWillAppear, its
// view goes into the window, and viewDidAppear when the animation ends; the presenter hears
// viewWillDisappear and viewDidDisappear only for `.fullScreen` (Apple: "The views belonging to
// the presenting view controller are removed after the presentation completes"; other styles
// keep them). Apple documents no order between the two; the model assumes UIKit's observed one:
// presenter.viewWillDisappear, presented.viewWillAppear, presented.viewDidAppear,
// presenter.viewDidDisappear, then the completion handler. Dismissal is the reverse: presented
// viewWillDisappear, presenter viewWillAppear (full screen), presenter viewDidAppear, presented
// viewDidDisappear, completion. During an animated presentation or dismissal both view
// controllers have a transition coordinator. A presenter not on screen (no window) still presents
// (UIKit would refuse with a warning; the model's tests without windows rely on it) but nobody
// hears an appearance callback.

/// Apple: UIModalPresentationStyle. `.automatic` is a page sheet (Apple: "For most view
/// controllers, UIKit maps this style to the UIModalPresentationStyle.pageSheet style").
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet = 1
  case formSheet = 2
  case overFullScreen = 5
  case automatic = -2

  /// Whether a person can swipe it down: sheets can, full-screen presentations cannot
  /// (Apple: "Full-screen presentations … don't support interactive dismissal").
  var isSheet: Bool { self == .pageSheet || self == .formSheet || self == .automatic }
}

extension UIViewController {
  /// The view controller that handles a presentation asked of this one: the outermost container
  /// it is in (Apple: "UIKit walks up the view controller hierarchy until it finds one that can
  /// handle the presentation"; the model assumes no `definesPresentationContext`).
  var presentationHost: UIViewController {
    var host = self
    while let parent = host.parent { host = parent }
    return host
  }

  /// Apple: present(_:animated:completion:). A view controller that already presents one logs
  /// "Attempt to present … which is already presenting" and presents nothing (the model records
  /// that in ``UIKitModel/raised`` and never calls `completion`).
  func presentModally(_ presented: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
    let host = presentationHost
    guard host.presentedStorage == nil else {
      return UIKitModel.raise("Attempt to present \(type(of: presented)) which is already presenting")
    }
    guard presented.presentingStorage == nil, presented.parent == nil else {
      return UIKitModel.raise(
        "Application tried to present modally a view controller that is already presented")
    }
    host.presentedStorage = presented
    presented.presentingStorage = host
    _ = presented.presentationController
    let animated = flag && UIView.areAnimationsEnabled
    let window = host.isInVisibleWindow ? host.viewIfLoaded?.window : nil
    let covers = window != nil && presented.modalPresentationStyle == .fullScreen
    if let window {
      presented.loadViewIfNeeded()
      presented.beingPresented = true
      if covers { host.willDisappear(animated: animated) }
      presented.appear(animated: animated) { window.place(presented.view) }
    }
    Self.endPresentation(animated: animated, from: host, to: presented, completion: completion) {
      guard window != nil else { return }
      presented.endAppearance()
      guard covers, host.presentedStorage === presented, let hostView = host.viewIfLoaded else { return }
      host.coveredIn = hostView.superview
      hostView.unplace()
      host.endAppearance()
    }
  }

  /// Apple: dismiss(animated:completion:): "If you call this method on the presented view
  /// controller itself, UIKit asks the presenting view controller to handle the dismissal. If you
  /// present several view controllers in succession … calling this method on a view controller
  /// lower in the stack dismisses its immediate child view controller and all view controllers
  /// above that child." The presentation controller's delegate is not told (Apple,
  /// presentationControllerDidDismiss: "not called if the presentation is dismissed
  /// programmatically"). With nothing to dismiss, the model calls `completion` at once.
  func dismissModally(animated flag: Bool, completion: (() -> Void)?) {
    let host = presentationHost
    let animated = flag && UIView.areAnimationsEnabled
    // Asked again while its animated dismissal runs: nothing more happens (the model assumes UIKit
    // ignores the call, its completion too).
    if let presented = host.presentedStorage, presented.beingDismissed { return }
    guard let presented = host.presentedStorage else {
      if let presenter = presentingViewController {
        return presenter.dismiss(animated: flag, completion: completion)
      }
      if animated { UIKitModel.startAnimation { completion?() } } else { completion?() }
      return
    }
    let chain = [presented] + presented.presentedChain
    let leaving = chain.filter(\.isInVisibleWindow)
    let returning = host.coveredIn
    for controller in chain { controller.beingDismissed = true }
    for controller in leaving.reversed() { controller.willDisappear(animated: animated) }
    if let returning, let hostView = host.viewIfLoaded {
      host.appear(animated: animated) {
        let index = returning.subviews.firstIndex { $0 === presented.viewIfLoaded }
        returning.place(hostView, at: index ?? 0)
      }
    }
    for controller in [host] + chain { controller.coveredIn = nil }
    if !animated { host.removePresentation(of: presented) }
    Self.endPresentation(animated: animated, from: presented, to: host, completion: completion) {
      if animated, host.presentedStorage === presented { host.removePresentation(of: presented) }
      for controller in leaving { controller.viewIfLoaded?.unplace() }
      if returning != nil { host.endAppearance() }
      for controller in leaving.reversed() { controller.endAppearance() }
      // Off screen, no viewDidDisappear ended it.
      for controller in chain { controller.beingDismissed = false }
    }
  }

  /// Ends a presentation or dismissal: `end` (the ...Did... callbacks), then `completion`; when
  /// the animation ends, with a transition coordinator on both view controllers meanwhile.
  private static func endPresentation(
    animated: Bool, from: UIViewController, to: UIViewController, completion: (() -> Void)?,
    _ end: @escaping () -> Void
  ) {
    guard animated else {
      end()
      completion?()
      return
    }
    let transition = Transition(from: from, to: to, isInteractive: false)
    from.presentationTransition = transition
    to.presentationTransition = transition
    transition.onEnd = { _ in
      end()
      for controller in [from, to] where controller.presentationTransition === transition {
        controller.presentationTransition = nil
      }
      completion?()
    }
    UIKitModel.startAnimation { transition.end(cancelled: false) }
  }

  /// Takes `presented`, and whatever it presents, off the screen at once.
  func removePresentation(of presented: UIViewController) {
    let above = presented.presentationHost
    if let next = above.presentedStorage { above.removePresentation(of: next) }
    presentedStorage = nil
    presented.presentingStorage = nil
    presented.presentationStorage = nil
  }

  /// A person swipes this presented sheet down and lets go, past half-way (`completing`) or
  /// not; the checks of whether it may go are ``Person/swipeDown(_:completing:)``'s. The
  /// dismissal is interactive: this view controller (and its presenter) has a transition
  /// coordinator from `presentationControllerWillDismiss` on (Apple: "You can use this method to
  /// set up animations or interaction notifications with the presentationController's
  /// transitionCoordinator"), whose interaction handlers run when the finger lifts, before
  /// viewDidDisappear. Completed: viewDidDisappear, then `presentationControllerDidDismiss`. Given
  /// up, the sheet stays and appears again (viewWillAppear, viewDidAppear).
  func dismissInteractively(by presentation: UIPresentationController, completing: Bool) {
    guard let (host, transition) = beginPersonsDismissal(by: presentation, interactive: true) else { return }
    let delegate = presentation.delegate
    let onScreen = isInVisibleWindow
    if onScreen {
      beingDismissed = true
      willDisappear(animated: true)
    }
    transition.release(completing: completing)
    if completing { host.removePresentation(of: self) }
    transition.onEnd = { [weak self] cancelled in
      guard let self else { return }
      if onScreen && cancelled {
        beingDismissed = false
        appear(animated: true) {}
      } else if onScreen {
        viewIfLoaded?.unplace()
      }
      if onScreen { endAppearance() }
      presentationTransition = nil
      host.presentationTransition = nil
      if !cancelled { delegate?.presentationControllerDidDismiss(presentation) }
    }
    transition.end(cancelled: !completing)
  }
}

extension UIViewController {
  /// Begins the person's dismissal of this presented sheet: a transition coordinator on it and its
  /// presenter, then the delegate's `presentationControllerWillDismiss`. Nil where it is not presented.
  private func beginPersonsDismissal(by presentation: UIPresentationController, interactive: Bool) -> (
    host: UIViewController, transition: Transition
  )? {
    guard let host = presentingStorage else { return nil }
    let transition = Transition(from: self, to: host, isInteractive: interactive)
    presentationTransition = transition
    host.presentationTransition = transition
    presentation.delegate?.presentationControllerWillDismiss(presentation)
    return (host, transition)
  }

  /// A person taps outside this presented sheet, on its dimming view (a form sheet on an iPad, a
  /// sheet at its medium detent); the checks of whether it may go are ``Person/tapOutside(_:)``'s.
  /// The dismissal is animated and not interactive: nothing can give it up once
  /// `presentationControllerWillDismiss` is called. Then viewWillDisappear, and when the animation
  /// ends viewDidDisappear, the presentation gone, and `presentationControllerDidDismiss`.
  func dismissByTappingOutside(by presentation: UIPresentationController) {
    guard let (host, transition) = beginPersonsDismissal(by: presentation, interactive: false) else { return }
    let delegate = presentation.delegate
    let onScreen = isInVisibleWindow
    beingDismissed = true
    if onScreen { willDisappear(animated: true) }
    transition.onEnd = { [weak self] _ in
      guard let self else { return }
      if host.presentedStorage === self { host.removePresentation(of: self) }
      if onScreen {
        viewIfLoaded?.unplace()
        endAppearance()
      }
      beingDismissed = false
      presentationTransition = nil
      host.presentationTransition = nil
      delegate?.presentationControllerDidDismiss(presentation)
    }
    transition.animation = UIKitModel.startAnimation { transition.end(cancelled: false) }
  }
}

/// Apple: UIPresentationController: manages one presentation, and asks its delegate before a
/// person dismisses it by a swipe.
@preconcurrency @MainActor
open class UIPresentationController: NSObject {
  weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
  public let presentedViewController: UIViewController

  public init(
    presentedViewController: UIViewController, presenting presentingViewController: UIViewController?
  ) {
    self.presentedViewController = presentedViewController
  }

  open var presentingViewController: UIViewController {
    presentedViewController.presentingViewController ?? presentedViewController
  }
}

/// Apple: UIAdaptivePresentationControllerDelegate; the four methods UIKit calls around a swipe down.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

/// An optional method of a delegate, called as `delegate?.method?(argument)`.
@preconcurrency @MainActor
public struct OptionalDelegateMethod<Argument, Result> {
  let call: (Argument) -> Result

  public func callAsFunction(_ argument: Argument) -> Result { call(argument) }
}

extension UIAdaptivePresentationControllerDelegate {
  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  {
    forwarded(
      "presentationControllerShouldDismiss:", as: (any UIAdaptivePresentationControllerDelegate).self)?
      .presentationControllerShouldDismiss(presentationController) ?? true
  }

  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    forwarded("presentationControllerWillDismiss:", as: (any UIAdaptivePresentationControllerDelegate).self)?
      .presentationControllerWillDismiss(presentationController)
  }

  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    forwarded("presentationControllerDidDismiss:", as: (any UIAdaptivePresentationControllerDelegate).self)?
      .presentationControllerDidDismiss(presentationController)
  }

  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    forwarded(
      "presentationControllerDidAttemptToDismiss:", as: (any UIAdaptivePresentationControllerDelegate).self)?
      .presentationControllerDidAttemptToDismiss(presentationController)
  }

  public var presentationControllerShouldDismiss: OptionalDelegateMethod<UIPresentationController, Bool>? {
    OptionalDelegateMethod { self.presentationControllerShouldDismiss($0) }
  }

  public var presentationControllerWillDismiss: OptionalDelegateMethod<UIPresentationController, Void>? {
    OptionalDelegateMethod { self.presentationControllerWillDismiss($0) }
  }

  public var presentationControllerDidDismiss: OptionalDelegateMethod<UIPresentationController, Void>? {
    OptionalDelegateMethod { self.presentationControllerDidDismiss($0) }
  }

  public var presentationControllerDidAttemptToDismiss:
    OptionalDelegateMethod<UIPresentationController, Void>?
  {
    OptionalDelegateMethod { self.presentationControllerDidAttemptToDismiss($0) }
  }
}
