// The model of UIKit: the navigation controller, its delegate, its bar and its transitions.

/// Apple: UINavigationController.
///
/// Every change of the stack is applied to `viewControllers` at once (Apple: the property holds
/// "the view controllers currently on the navigation stack"; during an interactive pop it
/// already lacks the screen being popped, and gets it back if the person gives up). When the top
/// changes, the delegate hears `willShow` at once and `didShow` when the transition ends: at once
/// for an unanimated change, after the animation otherwise. During an animated change
/// `transitionCoordinator` is set, until `didShow` has returned (the model assumes it is still
/// readable in `didShow`, as apps that read its `.from` view controller there rely on). A change
/// asked for while another runs is applied at once and animates after it (Apple's documentation
/// is silent; the model assumes UIKit queues it).
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
  public override init() { super.init() }

  public required init?(coder: NSCoder) { return nil }

  public init(rootViewController: UIViewController) {
    super.init()
    stack = [rootViewController]
    rootViewController.parentStorage = self
  }

  private var stack: [UIViewController] = []

  /// Apple: "Assigning a new array of view controllers to this property is equivalent to calling
  /// the setViewControllers(_:animated:) method with the animated parameter set to false."
  open var viewControllers: [UIViewController] {
    get { stack }
    set { setViewControllers(newValue, animated: false) }
  }

  open var topViewController: UIViewController? { stack.last }

  /// Apple: "The current view controller stack … or the view controller presented modally on top."
  open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

  weak open var delegate: (any UINavigationControllerDelegate)?

  /// Apple: "the navigation controller is the delegate of the navigation bar": the bar asks it
  /// before the back button pops.
  open var navigationBar: UINavigationBar { bar }
  private lazy var bar: UINavigationBar = {
    let bar = UINavigationBar()
    bar.delegate = self
    return bar
  }()

  /// Apple: interactivePopGestureRecognizer: "The gesture recognizer responsible for popping the
  /// top view controller off the navigation stack" (the edge swipe).
  open var interactivePopGestureRecognizer: UIGestureRecognizer? { edgeSwipe }
  let edgeSwipe = UIGestureRecognizer()

  /// The transition running, and those waiting to run after it.
  var transition: Transition?
  /// Set by the edge swipe around its `popViewController(animated: true)`: the pop it starts is
  /// interactive.
  var nextChangeIsInteractive = false
  private var waiting: [() -> Void] = []

  open override var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { transition }

  /// Apple: pushViewController(_:animated:): "If the view controller is already on the navigation
  /// stack, this method throws an exception" (the model records it and changes nothing).
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    guard !stack.contains(where: { $0 === viewController }) else {
      return UIKitModel.raise("Pushing the same view controller instance more than once is not supported")
    }
    change(to: stack + [viewController], animated: animated)
  }

  /// Apple: popViewController(animated:): "The view controller that was popped from the stack";
  /// nil at the root view controller, which cannot be popped.
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard stack.count > 1, let top = stack.last else { return nil }
    change(to: Array(stack.dropLast()), animated: animated)
    return top
  }

  /// Apple: popToViewController(_:animated:): pops "until the specified view controller is at the
  /// top"; "An array containing the view controllers that were popped". The model returns nil for
  /// a view controller that is not on the stack and raises nothing (Apple does not say).
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
    guard let index = stack.lastIndex(where: { $0 === viewController }) else { return nil }
    let popped = Array(stack[(index + 1)...])
    if !popped.isEmpty { change(to: Array(stack[...index]), animated: animated) }
    return popped
  }

  /// Apple: popToRootViewController(animated:): "An array of view controllers representing the
  /// items that were popped from the stack" (empty at the root, the model assumes).
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard let root = stack.first else { return nil }
    return popToViewController(root, animated: animated)
  }

  /// Apple: setViewControllers(_:animated:): "If animations are enabled, this method decides which
  /// type of transition to perform based on whether the last item in the items array is already
  /// in the navigation stack": the delegate hears of it when the top changes.
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    change(to: viewControllers, animated: animated)
  }

  /// Applies `new` at once and runs the transition to its top, after any transition running.
  func change(to new: [UIViewController], animated asked: Bool) {
    let animated = asked && UIView.areAnimationsEnabled
    let interactive = nextChangeIsInteractive && animated
    let old = stack
    for controller in old where !new.contains(where: { $0 === controller }) { controller.parentStorage = nil }
    for controller in new { controller.parentStorage = self }
    stack = new
    guard let top = new.last, top !== old.last else { return }
    guard transition != nil else {
      return show(top, replacing: old, animated: animated, interactive: interactive)
    }
    // Queued: whatever transaction is open now waits for it too.
    let reserved = UIKitModel.reserveAnimation()
    waiting.append { [weak self] in
      self?.show(top, replacing: old, animated: animated, interactive: interactive)
      if let transition = self?.transition {
        let end = transition.onEnd
        transition.onEnd = { cancelled in
          end?(cancelled)
          UIKitModel.endReserved(reserved)
        }
      } else {
        UIKitModel.endReserved(reserved)
      }
    }
  }

  /// The transition to `top`: `willShow` now, `didShow` when it ends.
  private func show(
    _ top: UIViewController, replacing old: [UIViewController], animated: Bool, interactive: Bool
  ) {
    guard animated else {
      delegate?.navigationController(self, willShow: top, animated: false)
      delegate?.navigationController(self, didShow: top, animated: false)
      return runNext()
    }
    let transition = Transition(from: old.last, to: top, isInteractive: interactive)
    self.transition = transition
    transition.onEnd = { [weak self] cancelled in self?.end(transition, restoring: cancelled ? old : nil) }
    delegate?.navigationController(self, willShow: top, animated: true)
    transition.animation = UIKitModel.startAnimation { transition.end(cancelled: false) }
    if interactive, let animation = transition.animation, let end = UIKitModel.holdAnimation(animation) {
      transition.heldEnd = end
    }
  }

  private func end(_ transition: Transition, restoring old: [UIViewController]?) {
    if let old {
      for controller in stack where !old.contains(where: { $0 === controller }) {
        controller.parentStorage = nil
      }
      for controller in old { controller.parentStorage = self }
      stack = old
    }
    // The view controller the transition showed: where it went, or where it stayed when given up.
    if let shown = old == nil ? transition.to : stack.last {
      delegate?.navigationController(self, didShow: shown, animated: true)
    }
    self.transition = nil
    runNext()
  }

  private func runNext() {
    guard transition == nil, !waiting.isEmpty else { return }
    waiting.removeFirst()()
  }
}

extension UINavigationController: UINavigationBarDelegate {
  /// UIKit's own answer as the bar's delegate (private API on a device): the back button pops
  /// the top view controller, animated, as `popViewController(animated: true)` does.
  public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
    popViewController(animated: true)
    return true
  }
}

/// Apple: UINavigationControllerDelegate.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
  func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController)
    -> Int
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    forwarded(
      "navigationController:willShowViewController:animated:", as: (any UINavigationControllerDelegate).self)?
      .navigationController(navigationController, willShow: viewController, animated: animated)
  }

  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    forwarded(
      "navigationController:didShowViewController:animated:", as: (any UINavigationControllerDelegate).self)?
      .navigationController(navigationController, didShow: viewController, animated: animated)
  }

  /// Apple: "The delegate can override the supported orientations" (a mask; all but upside
  /// down, 26, when nobody does). The model calls it only to ask the forwarding chain.
  public func navigationControllerSupportedInterfaceOrientations(
    _ navigationController: UINavigationController
  ) -> Int {
    forwarded(
      "navigationControllerSupportedInterfaceOrientations:", as: (any UINavigationControllerDelegate).self)?
      .navigationControllerSupportedInterfaceOrientations(navigationController) ?? 26
  }

  /// `delegate?.navigationController?(…, willShow: …)` and `didShow`.
  public var navigationController: NavigationControllerDelegateMethod? {
    NavigationControllerDelegateMethod(delegate: self)
  }

  public var navigationControllerSupportedInterfaceOrientations:
    OptionalDelegateMethod<UINavigationController, Int>?
  {
    OptionalDelegateMethod { self.navigationControllerSupportedInterfaceOrientations($0) }
  }
}

/// The optional methods named `navigationController(_:…)`, called as
/// `delegate?.navigationController?(…)`.
@preconcurrency @MainActor
public struct NavigationControllerDelegateMethod {
  let delegate: any UINavigationControllerDelegate

  public func callAsFunction(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    delegate.navigationController(navigationController, willShow: viewController, animated: animated)
  }

  public func callAsFunction(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    delegate.navigationController(navigationController, didShow: viewController, animated: animated)
  }
}

/// Apple: UINavigationItem.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
  open var title: String?
  open var rightBarButtonItem: UIBarButtonItem?

  public init(title: String) { self.title = title }
}

/// Apple: UINavigationBar: its back button pops, if its delegate agrees
/// (Apple, UINavigationBarDelegate: navigationBar(_:shouldPop:) is asked when the back button is
/// tapped; a pop in code does not ask it).
@preconcurrency @MainActor
open class UINavigationBar: NSObject {
  weak open var delegate: (any UINavigationBarDelegate)?
}

/// Apple: UINavigationBarDelegate.
@preconcurrency @MainActor
public protocol UINavigationBarDelegate: NSObjectProtocol {
  func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
}

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

/// One navigation transition. Apple, animate(alongsideTransition:completion:): the completion
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

  func end(cancelled: Bool) {
    guard !ended else { return }
    ended = true
    isCancelled = isCancelled || cancelled
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
