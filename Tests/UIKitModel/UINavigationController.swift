// The model of UIKit: the navigation controller, its stack, its transitions and their appearance
// callbacks. Its delegate is in UINavigationControllerDelegate.swift, its bar in UIBars.swift,
// its transition coordinator in Transition.swift.

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
///
/// On screen, the view controller shown loads its view first, then: delegate `willShow`, the old
/// top's `viewWillDisappear`, the new top's `viewWillAppear` (its view goes in, then
/// `viewIsAppearing`), and when the transition ends the old top's `viewDidDisappear`, the new
/// top's `viewDidAppear`, `didMove(toParent:)` of those added and removed, delegate `didShow`
/// (Apple, navigationController(_:willShow:animated:): "Called just before the navigation
/// controller displays a view controller's view"; the rest of the order is UIKit's observed one,
/// which its documentation does not spell out). An interactive pop given up ends with the new top
/// disappearing and the old one appearing again. Off screen (no window, an unselected tab, under a
/// full-screen presentation) nobody hears an appearance callback and no view loads; the top's
/// view loads when the navigation controller comes on screen.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
  public override init() { super.init() }

  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// Apple: init(coder:), for a navigation controller from a storyboard, whose root view
  /// controller the storyboard sets.
  public required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }

  /// Apple: "This is a convenience method for initializing the receiver and pushing a root view
  /// controller onto the navigation stack": a subclass's `pushViewController(_:animated:)` sees
  /// the push, on an empty stack.
  public init(rootViewController: UIViewController) {
    super.init()
    pushViewController(rootViewController, animated: false)
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

  /// Apple: delegate. UIKit talks to the delegate it was given (a subclass's `super.delegate`),
  /// never to what a subclass's override of this property returns: WooCommerce's
  /// `WooNavigationController` returns another object from its override, and its styling, done by
  /// the delegate it gave UIKit, works in the shipped app.
  open var delegate: (any UINavigationControllerDelegate)? {
    get { seatedDelegate }
    set { seatedDelegate = newValue }
  }
  /// The delegate UIKit talks to. Not UIKit API: for tests, which ask it what UIKit would.
  /// (The model does not keep a delegate's answers to `responds(to:)` as UIKit does.)
  public private(set) weak var seatedDelegate: (any UINavigationControllerDelegate)?

  /// Apple: "the navigation controller is the delegate of the navigation bar": the bar asks it
  /// before the back button pops.
  open var navigationBar: UINavigationBar { bar }
  private lazy var bar: UINavigationBar = {
    let bar = UINavigationBar()
    bar.delegate = self
    bar.navigationController = self
    return bar
  }()

  /// Apple: "If true, the navigation bar is hidden": there is no back button to tap.
  open var isNavigationBarHidden: Bool {
    get { navigationBar.isHidden }
    set { setNavigationBarHidden(newValue, animated: false) }
  }

  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { navigationBar.isHidden = hidden }

  /// Apple: "The default value is true."
  open var isToolbarHidden: Bool {
    get { toolbarHidden }
    set { setToolbarHidden(newValue, animated: false) }
  }
  private var toolbarHidden = true

  open func setToolbarHidden(_ hidden: Bool, animated: Bool) { toolbarHidden = hidden }

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
  /// The child whose view this one shows: during a transition, the one it goes to.
  private weak var displayed: UIViewController?

  override var ownTransition: Transition? { transition ?? presentationTransition }
  open override var children: [UIViewController] { stack }
  override var appearanceChildren: [UIViewController] { displayed.map { [$0] } ?? [] }
  override func detach(_ child: UIViewController) { stack.removeAll { $0 === child } }

  override func installVisibleChildren() {
    guard let top = stack.last else { return }
    if let shown = displayed, shown !== top { remove(shown) }
    place(top)
  }

  private func place(_ child: UIViewController) {
    guard let view = viewIfLoaded else { return }
    if child.view.superview !== view { view.place(child.view) }
    displayed = child
  }

  private func remove(_ child: UIViewController) {
    if let childView = child.viewIfLoaded, childView.superview === viewIfLoaded { childView.unplace() }
  }

  /// Apple, show(_:sender:): "This method pushes vc onto the navigation stack in a similar way as
  /// the pushViewController(_:animated:) method" (animated, the model assumes).
  open override func show(_ vc: UIViewController, sender: Any?) { pushViewController(vc, animated: true) }

  /// Apple: pushViewController(_:animated:): "If the view controller is already on the navigation
  /// stack, this method throws an exception" (the model records it and changes nothing).
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    guard !stack.contains(where: { $0 === viewController }) else {
      return UIKitModel.raise("Pushing the same view controller instance more than once is not supported")
    }
    // UIKit's exception, for a navigation controller pushed (or made the root of another).
    guard !(viewController is UINavigationController) else {
      return UIKitModel.raise("Pushing a navigation controller is not supported")
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
  /// Those added hear `willMove(toParent:)` now and `didMove(toParent:)` when it ends; so do those
  /// removed, with nil (Apple, didMove(toParent:): a container calls it "after the transition to
  /// the new controller is complete"). An interactive pop given up tells the view controller it
  /// was taking away `didMove(toParent:)` with this navigation controller (the model assumes).
  func change(to new: [UIViewController], animated asked: Bool) {
    let animated = asked && UIView.areAnimationsEnabled
    let interactive = nextChangeIsInteractive && animated
    let old = stack
    let added = new.filter { controller in !old.contains { $0 === controller } }
    let removed = old.filter { controller in !new.contains { $0 === controller } }
    for controller in added { controller.willMove(toParent: self) }
    for controller in removed { controller.willMove(toParent: nil) }
    for controller in removed { controller.parentStorage = nil }
    for controller in new { controller.parentStorage = self }
    stack = new
    let moved: (Bool) -> Void = { [weak self] givenUp in
      for controller in added where !givenUp { controller.didMove(toParent: self) }
      for controller in removed { controller.didMove(toParent: givenUp ? self : nil) }
    }
    guard let top = new.last, top !== old.last else { return moved(false) }
    guard transition != nil else {
      return show(top, replacing: old, animated: animated, interactive: interactive, moved: moved)
    }
    // Queued: whatever transaction is open now waits for it too.
    let reserved = UIKitModel.reserveAnimation()
    waiting.append { [weak self] in
      self?.show(top, replacing: old, animated: animated, interactive: interactive, moved: moved)
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

  /// The transition to `top`: `willShow` and the will... callbacks now, the did... ones and
  /// `didShow` when it ends.
  private func show(
    _ top: UIViewController, replacing old: [UIViewController], animated: Bool, interactive: Bool,
    moved: @escaping (Bool) -> Void
  ) {
    let onScreen = isInVisibleWindow
    let from = onScreen && displayed !== top ? displayed : nil
    if onScreen {
      top.loadViewIfNeeded()
      top.movingToParent = !old.contains { $0 === top }
      if let from { from.movingFromParent = !stack.contains { $0 === from } }
    }
    guard animated else {
      seatedDelegate?.navigationController(self, willShow: top, animated: false)
      if onScreen {
        Self.replace(from, with: top, animated: false, placing: { place(top) }) {
          if let from { remove(from) }
        }
      }
      moved(false)
      seatedDelegate?.navigationController(self, didShow: top, animated: false)
      return runNext()
    }
    let transition = Transition(from: old.last, to: top, isInteractive: interactive)
    self.transition = transition
    transition.onEnd = { [weak self] cancelled in
      self?.end(transition, restoring: cancelled ? old : nil, leaving: from, onScreen: onScreen, moved: moved)
    }
    seatedDelegate?.navigationController(self, willShow: top, animated: true)
    if onScreen {
      from?.willDisappear(animated: true)
      top.appear(animated: true) { place(top) }
    }
    transition.animation = UIKitModel.startAnimation { transition.end(cancelled: false) }
    if interactive, let animation = transition.animation, let end = UIKitModel.holdAnimation(animation) {
      transition.heldEnd = end
    }
  }

  private func end(
    _ transition: Transition, restoring old: [UIViewController]?, leaving from: UIViewController?,
    onScreen: Bool, moved: (Bool) -> Void
  ) {
    let to = transition.to
    if let old {
      for controller in stack where !old.contains(where: { $0 === controller }) {
        controller.parentStorage = nil
      }
      for controller in old { controller.parentStorage = self }
      stack = old
    }
    if onScreen && old == nil {
      if let from { remove(from) }
      from?.endAppearance()
      to.endAppearance()
    } else if onScreen {
      // Given up: the view controller shown goes, the one taken away comes back.
      to.willDisappear(animated: true)
      remove(to)
      to.endAppearance()
      if let from {
        from.movingFromParent = false
        from.appear(animated: true) { place(from) }
        from.endAppearance()
      }
    }
    moved(old != nil)
    // The view controller the transition showed: where it went, or where it stayed when given up.
    if let shown = old == nil ? to : stack.last {
      seatedDelegate?.navigationController(self, didShow: shown, animated: true)
    }
    self.transition = nil
    runNext()
  }

  private func runNext() {
    guard transition == nil, !waiting.isEmpty else { return }
    waiting.removeFirst()()
  }
}
