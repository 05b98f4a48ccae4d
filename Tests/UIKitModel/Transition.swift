// The model of UIKit: transition coordinators, and the gesture recognizer of the interactive pop.

/// Apple: UIViewControllerTransitionCoordinatorContext.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
  var isAnimated: Bool { get }
  var isInteractive: Bool { get }
  var isCancelled: Bool { get }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
}

/// Apple: UIViewControllerTransitionCoordinator.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
  func notifyWhenInteractionChanges(
    _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

/// Apple: UITransitionContextViewControllerKey.
public struct UITransitionContextViewControllerKey: Hashable, Sendable {
  let name: String
  public static let from = UITransitionContextViewControllerKey(name: "from")
  public static let to = UITransitionContextViewControllerKey(name: "to")
}

/// One transition: a navigation controller's, or a presentation's or dismissal's (a sheet swiped
/// down is an interactive one). Apple, animate(alongsideTransition:completion:): the completion
/// runs "after the transition finishes", told by `isCancelled` whether it was given up;
/// notifyWhenInteractionChanges: the handler runs when the person lifts their finger, "whether
/// the transition will complete or cancel".
@preconcurrency @MainActor
final class Transition: NSObject, UIViewControllerTransitionCoordinator {
  let from: UIViewController?
  let to: UIViewController
  private(set) var isInteractive: Bool
  private(set) var isCancelled = false
  var isAnimated: Bool { true }
  var animation: Int?
  var heldEnd: (() -> Void)?
  var onEnd: ((Bool) -> Void)?
  private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var ended = false

  init(from: UIViewController?, to: UIViewController, isInteractive: Bool) {
    self.from = from
    self.to = to
    self.isInteractive = isInteractive
  }

  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? from : to
  }

  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    // Apple: "false if the animations could not be queued": so once the transition has ended.
    guard !ended else { return false }
    animation?(self)
    if let completion { completions.append(completion) }
    return true
  }

  func notifyWhenInteractionChanges(
    _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void
  ) {
    interactionHandlers.append(handler)
  }

  /// The person lifts their finger: the transition will complete or be given up.
  func release(completing: Bool) {
    guard isInteractive else { return }
    isCancelled = !completing
    isInteractive = false
    for handler in interactionHandlers { handler(self) }
    // What is left of the animation runs on the clock again.
    if let end = heldEnd {
      heldEnd = nil
      animation = UIKitModel.startAnimation(end)
    }
  }

  /// Ends the transition, then lets go of what it was to call, as UIKit lets go of a transition
  /// coordinator once it has ended (`onEnd` refers to the transition: kept, the two would keep
  /// each other, and the view controllers they show, forever).
  func end(cancelled: Bool) {
    guard !ended else { return }
    ended = true
    isCancelled = isCancelled || cancelled
    let (completions, onEnd) = (self.completions, self.onEnd)
    self.completions = []
    self.onEnd = nil
    interactionHandlers = []
    heldEnd = nil
    for completion in completions { completion(self) }
    onEnd?(isCancelled)
  }
}

/// Apple: UIGestureRecognizer, for its state only: `.began` when the gesture is recognized,
/// `.changed` while it moves, `.ended` or `.cancelled` when the finger lifts.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
  public enum State: Int, Sendable {
    case possible, began, changed, ended, cancelled, failed
  }

  open internal(set) var state: State = .possible
}
