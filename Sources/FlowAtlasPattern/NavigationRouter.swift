#if canImport(UIKit)
  import UIKit

  /// A router over a `UINavigationController`. A presented screen is wrapped in a
  /// navigation controller of its own, so it can push (the trace format's modal layers); a flow's
  /// own navigation controller is presented as that layer itself, keeping its delegate.
  ///
  /// It sees what the system does on a person's gesture and reports it to its
  /// ``SystemNavigationObserver``s: the back button, the edge swipe (only once it completes:
  /// a swipe given up half-way changes nothing and reports nothing), the back button's menu
  /// (`popToViewController`, one `popTo`), and a sheet swiped down. What happened is decided
  /// by ``SystemNavigation/between(_:_:gesture:)`` from the stacks before and after, in
  /// `navigationController(_:didShow:animated:)`, which UIKit also calls for an unanimated pop.
  ///
  /// To see all this it becomes the navigation controller's delegate. A delegate the app had
  /// set keeps working: it is kept as ``navigationDelegate`` and every delegate call is
  /// forwarded to it (the ones this router implements by hand, every other one through the
  /// runtime's forwarding), so custom transitions and the interactive pop still work. Set
  /// ``navigationDelegate``, not `navigationController.delegate`, after making the router.
  ///
  /// Screens that are not `UIViewController`s are refused, never crash.
  @MainActor
  public final class NavigationRouter: NSObject, RouterProtocol, NavigationStateReporting,
    SystemNavigationRelaying, UINavigationControllerDelegate
  {
    /// The navigation stack at the bottom, under every modal layer.
    public var navigationController: UINavigationController { ownedController ?? watchedController }
    /// The navigation controller, kept: for a router the app holds.
    private let ownedController: UINavigationController?
    /// The navigation controller, not kept: for the watcher a `RecordingNavigationController`
    /// holds itself (kept, it would keep that controller alive).
    private unowned let watchedController: UINavigationController
    /// Called with each refused request.
    public var onRefusal: ((RouterRefusal) -> Void)?
    /// The app's own navigation controller delegate; every delegate call is forwarded to it.
    public weak var navigationDelegate: (any UINavigationControllerDelegate)? {
      didSet { forwarding.target = navigationDelegate }
    }
    private let forwarding = DelegateForwarding(implementing: [
      "navigationController:willShowViewController:animated:",
      "navigationController:didShowViewController:animated:",
    ])
    /// The call forwarded to ``navigationDelegate`` now: a delegate that passes each call on to the
    /// delegate it found before it (Hero's transitions, a proxy of the app's), which on a recording
    /// navigation controller is this router, calls back in with the same call, and that call ends
    /// here. Another call made meanwhile (the app's `didShow` navigates) is heard as any other.
    private var forwardedCall: DelegateCall?

    package let systemNavigationObservers = SystemNavigationObservers()

    /// Called with the navigation the system did on a person's gesture (back, the back menu, a
    /// sheet dragged down), after FlowAtlas's coordinators and recording heard it: where coordinators
    /// of the app's own learn that their screens are gone and finish their flows
    /// (docs/own-coordinators.md).
    public var onSystemNavigation: ((SystemNavigation) -> Void)? {
      get { systemNavigationObservers.appCallback }
      set { systemNavigationObservers.appCallback = newValue }
    }

    /// What the router showed after its own last change or the last system change it reported.
    private var known: [[any Presentable]] = [[]]
    /// Set while an interactive pop runs, cleared when the person gives it up.
    private var interactiveGesture: SystemGesture?
    /// What the person did for the next change the system makes, where another adapter saw it
    /// first: ``TabBarRouter`` sets ``SystemGesture/tabBar`` when the person taps the selected
    /// tab, which UIKit answers by popping this stack to its root.
    package var expectedGesture: SystemGesture?
    /// One per presented layer: sees the sheet swiped down, forwards to the app's delegate.
    private var sheets: [ObjectIdentifier: SheetSwipeObserver] = [:]

    /// Creates a router over `navigationController` and becomes its delegate (the delegate it
    /// had becomes ``navigationDelegate``).
    /// - Parameter navigationController: The bottom navigation stack.
    public init(navigationController: UINavigationController = UINavigationController()) {
      ownedController = navigationController
      watchedController = navigationController
      super.init()
      takeOver(navigationController)
    }

    /// A router that watches `navigationController` without keeping it: the navigation
    /// controller keeps the router, and seats it as its delegate itself (through UIKit's own
    /// `delegate`, which a subclass of the app's may override to keep a delegate of its own).
    package init(watching navigationController: UINavigationController) {
      ownedController = nil
      watchedController = navigationController
      super.init()
      known = layers
    }

    private func takeOver(_ navigationController: UINavigationController) {
      navigationDelegate = navigationController.delegate
      navigationController.delegate = self
      known = layers
    }

    /// The bottom navigation controller, then each presented one that stays, bottom first.
    private var navigationControllers: [UINavigationController] {
      [navigationController] + stayingChain.compactMap { $0 as? UINavigationController }
    }

    /// What is presented over the bottom stack, bottom first.
    private var presentedChain: [UIViewController] {
      navigationController.presentedViewController.map {
        Array(sequence(first: $0) { $0.presentedViewController })
      }
        ?? []
    }

    /// What is presented over the bottom stack and stays, bottom first: up to a layer leaving, whose
    /// dismissal nothing can give up now (the app's, or the person's past half-way). UIKit keeps it
    /// presented until its animation ends; it is gone for the stacks, and what the app asks for
    /// meanwhile goes beneath it. (A sheet the person is still dragging stays: they may give up.)
    private var stayingChain: [UIViewController] {
      presentedChain.prefix { !($0.isBeingDismissed && $0.transitionCoordinator?.isInteractive != true) }
    }

    private var topNavigationController: UINavigationController {
      navigationControllers.last ?? navigationController
    }

    /// The bottom stack, then each presented layer: a presented navigation controller's stack
    /// (itself while it has none: a layer is never empty), or a presented screen of its own (as an
    /// app presents one itself).
    package var layers: [[any Presentable]] {
      [navigationController.viewControllers]
        + stayingChain.map { presented in
          let stack = (presented as? UINavigationController)?.viewControllers ?? []
          return (stack.isEmpty ? [presented] : stack) as [any Presentable]
        }
    }

    // MARK: What the app asks for

    public func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
      guard let controller = viewController(screen, completion: completion) else { return }
      withCompletion(completion) {
        topNavigationController.pushViewController(controller, animated: animated)
      }
    }

    public func pop(animated: Bool, completion: (() -> Void)?) {
      let top = topNavigationController
      guard top.viewControllers.count > 1 else {
        return refuse(.popAtRoot, completion: completion)
      }
      withCompletion(completion) { top.popViewController(animated: animated) }
    }

    public func popToRoot(animated: Bool, completion: (() -> Void)?) {
      let top = topNavigationController
      guard top.viewControllers.count > 1 else {
        return refuse(.popToRootAtRoot, completion: completion)
      }
      withCompletion(completion) { top.popToRootViewController(animated: animated) }
    }

    /// UIKit presents nothing from a navigation controller that presents already: the top one
    /// does while a layer over it leaves (which the stacks no longer count), or while a screen it
    /// presented bare stays.
    package var refusesPresentation: Bool { topNavigationController.presentedViewController != nil }

    public func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
      guard !refusesPresentation else { return refuse(.presentWhilePresenting, completion: completion) }
      guard let controller = viewController(screen, completion: completion) else { return }
      // A flow's own navigation controller is the layer as it is (wrapped in another, UIKit raises
      // "Pushing a navigation controller is not supported"), with the delegate it was given.
      let given = controller as? UINavigationController
      let layer = given ?? UINavigationController(rootViewController: controller)
      // A screen set up as a full-screen cover or a sheet is presented as one. (A popover or a
      // custom presentation needs what the screen was given for it: it stays the layer's default.)
      switch controller.modalPresentationStyle {
      case .fullScreen, .overFullScreen, .pageSheet, .formSheet:
        layer.modalPresentationStyle = controller.modalPresentationStyle
      default: break
      }
      if layer.delegate == nil { layer.delegate = self }
      observeSheet(layer)
      topNavigationController.present(layer, animated: animated) { [weak self] in
        self?.resynchronize()
        completion?()
        self?.reclaimSheets()
      }
      resynchronize()
      reclaimSheets()
    }

    public func dismiss(animated: Bool, completion: (() -> Void)?) {
      let top = topNavigationController
      guard top !== navigationController, let presenter = top.presentingViewController else {
        return refuse(.dismissWithNothingPresented, completion: completion)
      }
      sheets[ObjectIdentifier(top)] = nil
      presenter.dismiss(animated: animated) { [weak self] in
        self?.resynchronize()
        completion?()
      }
    }

    public func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
      guard let controller = viewController(screen, completion: completion) else { return }
      if navigationController.presentedViewController != nil {
        sheets.removeAll()
        navigationController.dismiss(animated: false)
      }
      withCompletion(completion) {
        navigationController.setViewControllers([controller], animated: animated)
      }
    }

    // MARK: What the system does

    /// What the system did is reported as soon as it is certain, before UIKit tells the view
    /// controllers (`viewWillDisappear`, `viewDidDisappear`) and before `didShow`, where apps
    /// react to it (a coordinator finishing its flow): so the trace has the person's gesture
    /// before the app's reaction. A pop the system makes is certain when it begins (`willShow`;
    /// UIKit has changed `viewControllers` already); the edge swipe when the person lifts the
    /// finger past half-way (`notifyWhenInteractionChanges`); a sheet swiped down likewise.
    public func navigationController(
      _ navigationController: UINavigationController, willShow viewController: UIViewController,
      animated: Bool
    ) {
      let call = DelegateCall(.willShow, viewController)
      guard forwardedCall != call else { return }
      if let transition = navigationController.transitionCoordinator, transition.isInteractive {
        interactiveGesture = .edgeSwipe
        transition.notifyWhenInteractionChanges { [weak self] context in
          guard let self else { return }
          if context.isCancelled {
            // Given up half-way: the stack is as it was, and nothing is reported.
            self.interactiveGesture = nil
          } else if !self.isApplyingOwnChange {
            self.reportSystemChange(gesture: .edgeSwipe)
            self.interactiveGesture = nil
          }
        }
        transition.animate(alongsideTransition: nil) { [weak self] context in
          if context.isCancelled { self?.interactiveGesture = nil }
        }
      } else if !isApplyingOwnChange {
        reportSystemChange(gesture: expectedGesture)
        expectedGesture = nil
      }
      forwarding(call) {
        navigationDelegate?.navigationController?(
          navigationController, willShow: viewController, animated: animated)
      }
    }

    public func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      let call = DelegateCall(.didShow, viewController)
      guard forwardedCall != call else { return }
      let gesture = interactiveGesture ?? expectedGesture
      interactiveGesture = nil
      expectedGesture = nil
      // What the system did and was not reported yet (a change UIKit made without `willShow`).
      if !isApplyingOwnChange { reportSystemChange(gesture: gesture) }
      systemNavigationObservers.notifyShown(viewController)
      forwarding(call) {
        navigationDelegate?.navigationController?(
          navigationController, didShow: viewController, animated: animated)
      }
    }

    /// Whether a call is being forwarded to the app's delegate: what the navigation controller is
    /// asked meanwhile is the app's delegate's doing (it navigates when a screen has shown), even
    /// inside a change the router is applying.
    package var isForwardingToTheApp: Bool { forwardedCall != nil }

    /// Runs `forward`, which forwards `call` to the app's delegate, marked as in flight.
    private func forwarding(_ call: DelegateCall, _ forward: () -> Void) {
      let outer = forwardedCall
      forwardedCall = call
      defer { forwardedCall = outer }
      forward()
    }

    /// Reports what changed since the router last knew its stacks, if the system did it;
    /// a change the router made itself matches what it knew and reports nothing.
    /// The router knows the new stacks before it tells anyone: what an observer or the app's
    /// `onSystemNavigation` navigates in reply is the app's own change, which it knows after.
    func reportSystemChange(gesture: SystemGesture?) {
      let (before, now) = (known, layers)
      known = now
      systemNavigationObservers.notify(from: before, to: now, gesture: gesture)
    }

    /// Reports `layer`, still on screen, as dismissed by the person's `gesture`: they let go past
    /// half-way, or tapped outside it, and UIKit takes it away next.
    func reportSheetDismissal(_ layer: UIViewController, gesture: SystemGesture) {
      let chain = presentedChain
      guard let index = chain.firstIndex(where: { $0 === layer }) else { return }
      // The layers below the one swiped away: the bottom stack, then those presented before it.
      let (before, after) = (known, Array(known.prefix(index + 1)))
      known = after
      systemNavigationObservers.notify(from: before, to: after, gesture: gesture)
    }

    /// Sees `layer`, about to be presented, swiped down: for the layers this router presents,
    /// and for those a `RecordingNavigationController` presents on the app's behalf.
    package func observeSheet(_ layer: UIViewController) {
      guard layer.presentationController != nil else { return }
      sheets[ObjectIdentifier(layer)] = SheetSwipeObserver(
        observing: layer, onLetGo: { [weak self] in self?.reportSheetDismissal($0, gesture: $1) },
        onDismissed: { [weak self] in self?.sheetWasDismissed($0, gesture: $1) })
    }

    /// Sees the layers it presented swiped down still, where the app made another delegate of
    /// their presentation controllers since (a sheet's screen as its view loaded, a coordinator
    /// once it presented): called once a presentation is made, and when it has ended.
    package func reclaimSheets() {
      sheets = sheets.filter { $0.value.reclaim() }
    }

    func sheetWasDismissed(_ layer: UIViewController, gesture: SystemGesture) {
      sheets[ObjectIdentifier(layer)] = nil
      reportSystemChange(gesture: gesture)
    }

    /// Takes the stacks shown now as known: a change made by the app's code, not the system's.
    package func resynchronize() {
      known = layers
    }

    /// The presented layers it knew that are gone, topmost first, where what it shows now is what
    /// it knew without them: layers something else dismissed (the app's own container above it,
    /// which UIKit had present them), which no delegate call tells. Taken as known.
    package func takeLayersDismissedElsewhere() -> [[any Presentable]] {
      let now = layers
      let kept = known.prefix(now.count)
      guard known.count > now.count,
        zip(kept, now).allSatisfy({ $0.count == $1.count && zip($0, $1).allSatisfy { $0 === $1 } })
      else { return [] }
      defer { known = now }
      return known[now.count...].reversed()
    }

    /// Set while the router (or a `RecordingNavigationController` for the app) changes the
    /// stacks itself: UIKit may tell the delegate of an unanimated change before the call returns
    /// (the model of UIKit does; Apple's documentation does not say when).
    private var isApplyingOwnChange = false

    /// Runs `change`, made by the app's code, so that what UIKit shows for it is not reported
    /// as the system's, then takes the stacks it left as known.
    package func applyingOwnChange(_ change: () -> Void) {
      let wasApplying = isApplyingOwnChange
      isApplyingOwnChange = true
      change()
      isApplyingOwnChange = wasApplying
      resynchronize()
    }

    // Every other delegate call goes to the app's delegate.
    public override func responds(to aSelector: Selector!) -> Bool {
      forwarding.responds(to: aSelector) || super.responds(to: aSelector)
    }

    public override func forwardingTarget(for aSelector: Selector!) -> Any? {
      forwarding.forwardingTarget(for: aSelector) ?? super.forwardingTarget(for: aSelector)
    }

    // MARK: Helpers

    private func viewController(
      _ screen: any Presentable, completion: (() -> Void)?
    ) -> UIViewController? {
      if let controller = screen as? UIViewController { return controller }
      refuse(.unsupportedScreen(type: screen.screenType), completion: completion)
      return nil
    }

    private func refuse(_ refusal: RouterRefusal, completion: (() -> Void)?) {
      onRefusal?(refusal)
      completion?()
    }

    /// Runs `change` in a Core Animation transaction so `completion` runs when its
    /// animation ends (at once when not animated), and takes the new stacks as the router's
    /// own, so `didShow` does not report them as the system's.
    private func withCompletion(_ completion: (() -> Void)?, _ change: () -> Void) {
      CATransaction.begin()
      CATransaction.setCompletionBlock(completion)
      applyingOwnChange(change)
      CATransaction.commit()
    }
  }

#endif
