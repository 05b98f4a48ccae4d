// The model of UIKit: what a person does with their fingers. Not UIKit API.

/// A person using the app: each call is one gesture, which the model turns into what UIKit does
/// for it. Each begins a new touch (``UIKitModel/touchBegins()``) before UIKit does anything.
@MainActor
public enum Person {
  /// Taps the back button of `navigationController`'s bar: the bar asks its delegate, the
  /// navigation controller, which pops animated (see `navigationBar(_:shouldPop:)`). Where there
  /// is no back button (at the root, with the bar hidden, or with the top item's back button
  /// hidden or replaced by left items) nothing happens.
  public static func tapBackButton(in navigationController: UINavigationController) {
    UIKitModel.touchBegins()
    let bar = navigationController.navigationBar
    guard bar.showsBackButton, let item = bar.topItem else { return }
    _ = bar.delegate?.navigationBar(bar, shouldPop: item)
  }

  /// Swipes from the leading edge, then lifts the finger, past half-way (`completing`) or not.
  public static func swipeBack(in navigationController: UINavigationController, completing: Bool) {
    UIKitModel.touchBegins()
    startSwipeBack(in: navigationController)?.lift(completing: completing)
    UIKitModel.finishAnimations()
  }

  /// Starts swiping from the leading edge and holds the screen half-way: the interactive pop
  /// (Apple, interactivePopGestureRecognizer: "responsible for popping the top view controller
  /// off the navigation stack"; the model assumes it pops by `popViewController(animated: true)`,
  /// as subclasses that override it see on a device). Nil at the root, where it does not begin.
  public static func beginSwipeBack(in navigationController: UINavigationController) -> Swipe? {
    UIKitModel.touchBegins()
    return startSwipeBack(in: navigationController)
  }

  private static func startSwipeBack(in navigationController: UINavigationController) -> Swipe? {
    guard navigationController.viewControllers.count > 1, navigationController.transition == nil else {
      return nil
    }
    navigationController.nextChangeIsInteractive = true
    navigationController.edgeSwipe.state = .began
    navigationController.popViewController(animated: true)
    navigationController.nextChangeIsInteractive = false
    navigationController.edgeSwipe.state = .changed
    guard let transition = navigationController.transition else {
      navigationController.edgeSwipe.state = .possible
      return nil
    }
    return Swipe(transition: transition, recognizer: navigationController.edgeSwipe)
  }

  /// A swipe back held half-way.
  @MainActor
  public struct Swipe {
    let transition: Transition
    let recognizer: UIGestureRecognizer

    /// Lifts the finger: the pop completes, or the screen slides back.
    public func lift(completing: Bool) {
      recognizer.state = completing ? .ended : .cancelled
      transition.release(completing: completing)
      recognizer.state = .possible
    }
  }

  /// Long-presses the back button and picks `viewController` from its menu (Apple, iOS 14: the
  /// menu lists the stack below the top). The model assumes UIKit pops to it animated, without
  /// asking the bar's delegate.
  public static func pickFromBackMenu(
    _ viewController: UIViewController, in navigationController: UINavigationController
  ) {
    UIKitModel.touchBegins()
    let stack = navigationController.viewControllers
    guard navigationController.navigationBar.showsBackButton,
      let index = stack.lastIndex(where: { $0 === viewController }), index < stack.count - 1
    else { return }
    navigationController.popToViewController(viewController, animated: true)
  }

  /// Swipes `presented` down, letting go past half-way (`completing`) or not. Apple,
  /// UIAdaptivePresentationControllerDelegate: a sheet whose `isModalInPresentation` is true (or
  /// that of the view controller it shows), or whose delegate answers no to
  /// `presentationControllerShouldDismiss`, stays and the delegate hears
  /// `presentationControllerDidAttemptToDismiss`; otherwise it hears `willDismiss`, and
  /// `didDismiss` once the sheet is gone ("the dismissal might still be canceled" after
  /// `willDismiss`). A full-screen presentation cannot be swiped down, nor a sheet under another.
  /// See `UIViewController.dismissInteractively(by:completing:)` for the appearance callbacks.
  public static func swipeDown(_ presented: UIViewController, completing: Bool = true) {
    UIKitModel.touchBegins()
    guard let presentation = dismissible(presented) else { return }
    presented.dismissInteractively(by: presentation, completing: completing)
  }

  /// The presentation of `presented`, where it is a sheet on top that the person may dismiss;
  /// otherwise nil, its delegate told of the attempt where the sheet or the delegate refuses.
  private static func dismissible(_ presented: UIViewController) -> UIPresentationController? {
    guard presented.modalPresentationStyle.isSheet, let presenter = presented.presentingViewController,
      presenter.presentationHost.presentedStorage === presented, presented.presentedStorage == nil,
      let presentation = presented.presentationController
    else { return nil }
    let delegate = presentation.delegate
    let shown = sequence(first: presented) {
      ($0 as? UINavigationController)?.topViewController
        ?? ($0 as? UITabBarController)?.selectedViewController
    }
    if shown.contains(where: \.isModalInPresentation)
      || delegate?.presentationControllerShouldDismiss(presentation) == false
    {
      delegate?.presentationControllerDidAttemptToDismiss(presentation)
      return nil
    }
    return presentation
  }

  /// Taps outside `presented`, a sheet whose dimming view shows (a form sheet on an iPad, a sheet
  /// at its medium detent): dismissed as a swipe down is, with the same checks (`isModalInPresentation`,
  /// `presentationControllerShouldDismiss`), but animated and never given up.
  public static func tapOutside(_ presented: UIViewController) {
    UIKitModel.touchBegins()
    guard let presentation = dismissible(presented) else { return }
    presented.dismissByTappingOutside(by: presentation)
  }

  /// Taps `item` in a bar: its primary action runs, or its action is sent to its target (see
  /// `UIBarButtonItem`). A disabled item does nothing.
  public static func tap(_ item: UIBarButtonItem?) {
    UIKitModel.touchBegins()
    item?.tap()
  }

  /// Taps `button`: it sends its actions for a touch up inside, and its primary action (Apple,
  /// UIControl.Event.primaryActionTriggered: "A semantic action triggered by buttons"). A
  /// disabled or hidden button does nothing.
  public static func tap(_ button: UIButton) {
    UIKitModel.touchBegins()
    guard button.isEnabled, !button.isHidden, button.isUserInteractionEnabled else { return }
    button.sendActions(for: [.touchUpInside, .primaryActionTriggered])
  }

  /// Taps the tab at `index` of `tabBarController` (see `UITabBarController`).
  public static func tapTab(at index: Int, in tabBarController: UITabBarController) {
    UIKitModel.touchBegins()
    tabBarController.tapTab(at: index)
  }
}
