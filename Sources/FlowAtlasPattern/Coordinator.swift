/// The base class for coordinators: child lifecycle done right, and the lifecycle observation
/// recording needs.
///
/// Subclass it, override ``start()`` to show the flow's first screen, and call ``finish()``
/// when the flow ends (a subclass that overrides `finish()` calls `super.finish()`). A flow
/// whose parent needs its result is a ``ResultCoordinator``: it ends with
/// ``ResultCoordinator/finish(with:)``, and its parent hears it in the completion of
/// ``startChild(_:completion:)``. That is the one way a parent hears that a child finished.
///
/// - ``startChild(_:)`` and ``startChild(_:completion:)`` attach a child, start it, and remove
///   it when it finishes: the leak (a finished child left in ``childCoordinators``) cannot
///   happen by accident.
/// - ``addChild(_:)`` with ``launch()`` is the manual way: the parent removes the child
///   itself with ``removeChild(_:)`` (forgetting it is the leak the site reports).
/// - Root coordinators are started with ``launch()`` (or the recorder's `launch(_:)`).
///
/// When the router given to ``init(router:)`` is a recording router, ``router`` is a
/// view of it bound to this coordinator, so recording knows who asked for every transition.
///
/// **The back button.** Where the router reports navigation the system did on a person's
/// gesture (``StackRouter``, ``NavigationStackRouter``, `NavigationRouter`, and recording routers over
/// them), a coordinator is told of every system navigation that removed a screen it showed
/// (``systemDidRemoveScreens(_:)``). When that took away the first screen it showed, the flow is
/// over: a child finishes, as if it had called ``finish()`` (so ``startChild(_:)`` removes it).
/// Set ``finishesOnSystemRemoval`` to false to decide yourself (then finish it, or it is the
/// leak the site reports as `orphaned-coordinator`).
@MainActor
open class Coordinator: CoordinatorProtocol, SystemNavigationObserver {
  /// The children this coordinator attached and has not yet removed.
  public private(set) var childCoordinators: [any CoordinatorProtocol] = []
  /// The router this coordinator navigates with (bound to it when the router is attributing),
  /// remembering the screens this coordinator showed.
  public var router: any RouterProtocol { screens }
  /// The router, as the view that remembers this coordinator's screens.
  package private(set) var screens: CoordinatorRouter
  /// Whether a child finishes when the system removes the first screen it showed (the back
  /// button, an edge swipe, a sheet swiped down). True by default.
  public var finishesOnSystemRemoval = true
  /// The coordinator that attached this one, held weakly; `nil` for a root.
  public private(set) weak var parentCoordinator: Coordinator?
  /// Watches this coordinator's lifecycle; children attached later inherit it.
  package var lifecycleObserver: (any CoordinatorLifecycleObserver)?
  /// True from ``finish()`` until the coordinator is launched again.
  public private(set) var isFinished = false

  /// Set by ``startChild(_:)``: the child removes itself from its parent when it finishes.
  private var removesItselfOnFinish = false
  /// The output ``ResultCoordinator`` hands to the observer on the next ``finish()``.
  var pendingOutputDescription: String?

  /// Creates a coordinator navigating with `router`.
  /// - Parameter router: The router to navigate with; a recording router is bound to
  ///   this coordinator.
  public init(router: any RouterProtocol) {
    // A parent's router is the parent's view: build this coordinator's on what it wraps.
    let shared = (router as? CoordinatorRouter)?.base ?? router
    screens = CoordinatorRouter(base: shared)
    if let attributing = shared as? any AttributingRouter {
      screens = CoordinatorRouter(base: attributing.on(behalfOf: self))
    }
    screens.addSystemNavigationObserver(self)
  }

  deinit {
    lifecycleObserver?.coordinatorWillDeinit(ObjectIdentifier(self))
  }

  /// Shows the flow's first screen. Override it; the base does nothing.
  open func start() {}

  /// Ends the flow: tells the observer, removes this coordinator from its parent when
  /// ``startChild(_:)`` attached it, then hands a ``ResultCoordinator``'s result to its parent.
  ///
  /// A second call before the coordinator is launched again does nothing.
  open func finish() {
    guard !isFinished else { return }
    isFinished = true
    let output = pendingOutputDescription
    pendingOutputDescription = nil
    lifecycleObserver?.coordinatorDidFinish(self, output: output)
    if removesItselfOnFinish {
      removesItselfOnFinish = false
      parentCoordinator?.removeChild(self)
    }
    deliverResult()
  }

  /// Starts this coordinator and tells the observer first: use it for the root coordinator
  /// and for a child attached with ``addChild(_:)``.
  public func launch() {
    isFinished = false
    screens.forgetShownScreens()
    lifecycleObserver?.coordinatorDidStart(self, parent: parentCoordinator)
    start()
  }

  /// Attaches `child` without starting it; the caller removes it with ``removeChild(_:)``
  /// when it finishes. The child inherits this coordinator's lifecycle observer.
  ///
  /// Attaching a child that is already attached here does nothing.
  /// - Parameter child: The coordinator to attach.
  public func addChild(_ child: Coordinator) {
    guard !childCoordinators.contains(where: { $0 === child }) else { return }
    if let previous = child.parentCoordinator, previous !== self {
      previous.removeChild(child)
    }
    childCoordinators.append(child)
    child.parentCoordinator = self
    if child.lifecycleObserver == nil {
      child.lifecycleObserver = lifecycleObserver
    }
    lifecycleObserver?.coordinatorDidAttach(child, to: self)
  }

  /// Attaches `child`, starts it, and removes it when it finishes: the safe way to run a
  /// child flow.
  /// - Parameter child: The coordinator to run.
  public func startChild(_ child: Coordinator) {
    addChild(child)
    child.removesItselfOnFinish = true
    child.launch()
  }

  /// Detaches `child` and tells the observer. Removing a coordinator that is not a child
  /// of this one does nothing and records nothing.
  /// - Parameter child: The child to remove.
  /// - Returns: Whether `child` was attached here.
  @discardableResult
  public func removeChild(_ child: any CoordinatorProtocol) -> Bool {
    guard let index = childCoordinators.firstIndex(where: { $0 === child }) else { return false }
    childCoordinators.remove(at: index)
    if let child = child as? Coordinator, child.parentCoordinator === self {
      child.parentCoordinator = nil
      child.removesItselfOnFinish = false
    }
    lifecycleObserver?.coordinatorDidDetach(child, from: self)
    return true
  }

  /// The first attached child of type `type`: how a scripted journey or a test reaches the
  /// flow that is running.
  /// - Parameter type: The child's type.
  /// - Returns: The child, or `nil` when none of that type is attached.
  public func child<Child: CoordinatorProtocol>(_ type: Child.Type) -> Child? {
    childCoordinators.lazy.compactMap { $0 as? Child }.first
  }

  /// Binds a tab router to this coordinator when it can attribute calls, so recording
  /// knows who switched tabs.
  /// - Parameter tabRouter: The tab router to act through.
  /// - Returns: A tab router acting on this coordinator's behalf.
  public func attributed(_ tabRouter: any TabRouting) -> any TabRouting {
    (tabRouter as? any AttributingTabRouter)?.on(behalfOf: self) ?? tabRouter
  }

  /// The system removed screens, some of which this coordinator showed. Override it to react;
  /// it runs before the automatic finish, which does not depend on it (opt out of that with
  /// ``finishesOnSystemRemoval``).
  /// - Parameter navigation: What the system did; ``SystemNavigation/removed`` holds the screens.
  open func systemDidRemoveScreens(_ navigation: SystemNavigation) {}

  package func systemDidNavigate(_ navigation: SystemNavigation) {
    guard !isFinished, navigation.removed.contains(where: { screens.showed($0) }) else { return }
    systemDidRemoveScreens(navigation)
    // Only a child ends this way; startChild(_:) removes it as it finishes, and one attached
    // with addChild(_:) is removed by its parent, as that style asks.
    guard finishesOnSystemRemoval, !isFinished, parentCoordinator != nil,
      let first = screens.firstScreen, navigation.removed.contains(where: { $0 === first })
    else { return }
    finishEndedBySystem()
  }

  /// Finishes a flow the system ended; ``ResultCoordinator`` finishes it with its result.
  func finishEndedBySystem() {
    finish()
  }

  /// Hands a pending result to whoever waits for it; ``ResultCoordinator`` overrides it.
  func deliverResult() {}

  /// Marks this coordinator to remove itself from its parent when it finishes.
  func removeFromParentOnFinish() {
    removesItselfOnFinish = true
  }
}
