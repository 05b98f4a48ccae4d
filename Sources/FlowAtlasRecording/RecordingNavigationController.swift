#if canImport(UIKit)
  import FlowAtlasPattern
  import UIKit

  /// A `UINavigationController` that records what happens to it, whoever does it: for an app
  /// whose coordinators drive navigation controllers themselves, or through a router of the
  /// app's own.
  ///
  /// Make every navigation controller of the app one (`.recorded()` where it is made, this class
  /// as its superclass, or its class in a storyboard), and mark the coordinators' properties:
  ///
  /// ```swift
  /// @RecordedRouter var rootViewController: UINavigationController = .recorded()  // FlowAtlas
  /// ```
  ///
  /// **Each is a router of its own** in the trace (revision 4), with an id stable within the run,
  /// and a container where it is set as a root, pushed, presented or shown as a tab: a tab bar of
  /// navigation controllers, a flow presented in a navigation controller of its own and the
  /// window's root are recorded as they are on screen. Navigation on it while it is off-screen
  /// (a flow's first screen set before it is presented, a tab not selected) is `background`.
  /// Where it becomes the window's root, or is presented by a view controller that records
  /// nothing, it records that itself when it appears.
  ///
  /// Every call the app makes on it is recorded as the app's (`push`, `setRoot`, `pop`, `popTo`,
  /// `popToRoot`, `present`, `dismiss`, its own `dismiss` when presented), attributed to the
  /// coordinator that read its marked property just before, and what the person does (the back
  /// button, the edge swipe, the back menu, a sheet swiped down, the selected tab tapped again)
  /// is recorded as the system's, with the gesture, attributed to the coordinator that showed
  /// the screen it took away, before the app hears of it. Navigation nobody can be credited with
  /// (a view controller calling `navigationController?.pushViewController` itself) is recorded
  /// unattributed. Titles a screen sets when its view loads are recorded once it is shown.
  ///
  /// **Who popped.** UIKit pops by the same methods for the person as for the app. A pop is the
  /// app's when a coordinator read its marked property just before (that read is how the app's
  /// code reaches it), the person's when the edge swipe drives it or when no coordinator did:
  /// the back button, the back menu, a tab tapped again. So a pop by code that does not go
  /// through the marked property is recorded as the back button's; route such pops through the
  /// coordinator.
  ///
  /// **The delegate.** It keeps its own delegate (a `NavigationRouter`, which sees the person's
  /// gestures) in UIKit's seat and gives it every delegate the app sets, before or after, which
  /// hears every delegate call as it would without FlowAtlas; the interactive pop keeps working.
  /// Reading `delegate` gives the app's.
  @MainActor
  open class RecordingNavigationController: UINavigationController, RecordedContainer {
    /// Sees what the person does, as the delegate UIKit talks to, and forwards to the app's.
    private var watcherStorage: NavigationRouter?
    /// Records the app's calls and the watcher's reports, in one run.
    private var recording: RecordingRouter?
    /// Set while a change is applied for `recording`: the override calls UIKit's own.
    private var applying = false
    /// Sees itself swiped down when it was presented by a view controller that records nothing.
    private var ownSheet: SheetSwipeObserver?
    /// Set once its leaving, so presented, is recorded (the observer stays until UIKit is done).
    private var ownSheetLeft = false

    private var watcher: NavigationRouter {
      if let watcherStorage { return watcherStorage }
      let made = NavigationRouter(watching: self)
      watcherStorage = made
      // UIKit's own seat, whatever a subclass of the app's does with `delegate` (WooCommerce's
      // keeps a delegate of its own there, and offers `delegate` as a slot it forwards to): the
      // delegate set there before is the app's.
      made.navigationDelegate = super.delegate
      super.delegate = made
      return made
    }

    /// The app's delegate, as without FlowAtlas: UIKit talks to the watcher, which forwards it
    /// every call. So a coordinator that puts back the delegate it read, a check that the
    /// delegate is `self`, and a proxy that forwards to the delegate it found (RxCocoa's, which
    /// checks it is the delegate) work as they do without FlowAtlas.
    open override var delegate: (any UINavigationControllerDelegate)? {
      get { watcherStorage?.navigationDelegate }
      set {
        watcher.navigationDelegate = newValue
        // UIKit asks a delegate what it responds to when it is given it, and keeps the answers:
        // seated again, the watcher answers for the app's delegate too (a custom transition's
        // animator, the orientations), as RxCocoa re-seats its proxies.
        super.delegate = nil
        super.delegate = watcher
      }
    }

    // MARK: As a container

    package func hostedRouters(in recorder: Recorder) -> [String] {
      let router = recording(in: recorder)
      // Shown again: the model emptied its router when it left, so what it holds is recorded again.
      if presence.announce() { router.recordPrepared(viewControllers) }
      return [router.id ?? ""]
    }

    package func awaitRouters(_ announce: @escaping @MainActor () -> Void) -> Bool { false }

    private var presence = ContainerPresence()

    /// Notes that a recording recorded its leaving (the navigation or tab bar controller under it
    /// dismissing it): it records nothing more as it disappears.
    func noteLeavingRecorded() { ownSheetLeft = true }

    /// Presented by a view controller that records nothing and dismissed by it (a player screen
    /// presented bare closing the sheet it presented, `presentingViewController?.dismiss`): no
    /// call here records that, and the model would take the next dismissal on its presenter's
    /// router for it. Recorded as the app's, on its own router, whose container leaves. Not where
    /// the presenter records dismissals itself (a recording navigation or tab bar controller,
    /// which UIKit had present it for a screen in it); the person's swipe is the sheet observer's
    /// to record; a presenter dismissed itself takes the sheet along.
    open override func viewWillDisappear(_ animated: Bool) {
      super.viewWillDisappear(animated)
      guard isBeingDismissed, ownSheet != nil, !ownSheetLeft, transitionCoordinator?.isInteractive != true,
        let presenter = presentingViewController, !presenter.isBeingDismissed,
        !(presenter is RecordingNavigationController), !(presenter is RecordingTabBarController),
        let recording, let top = topViewController
      else { return }
      ownSheetLeft = true
      recording.recordDismissal(removing: top)
    }

    open override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      ContainerPresentation.disappeared(
        self, presence: &presence, in: recording?.recorder ?? Recorder.runForUIKit)
    }

    package var recordedType: RecordedType {
      // The class FlowAtlas made stands for the app's own `UINavigationController`.
      let type = Swift.type(of: self)
      return type == RecordingNavigationController.self
        ? RecordedType(module: nil, name: "UINavigationController") : RecordedType(of: type)
    }

    /// Its recording in `recorder`'s run, made on first need with a router id of its own; what it
    /// holds already (set before any run knew it) is recorded then, as its root and pushes made
    /// off-screen by nobody known: the event that made the run look (a container set as the
    /// window's root, presented) is what shows them.
    func recording(in recorder: Recorder) -> RecordingRouter {
      if let recording, recording.recorder === recorder { return recording }
      ContainerPresentation.adoptWindowRoot(in: recorder)
      if let recording, recording.recorder === recorder { return recording }
      let made = RecordingRouter(wrapping: performer, recorder: recorder, id: recorder.makeRouterID())
      made.isInBackground = { [weak self] in self?.isOffScreen ?? false }
      made.isBeingSelected = { [weak self] in
        (self?.parent as? RecordingTabBarController)?.isSwitchingTabs ?? false
      }
      recording = made
      recorder.catchUpBeforeEachAction(for: self) { [weak made] navigation in
        // Not while it changes, nor once it records in another run.
        guard navigation.recording === made, !navigation.applying else { return }
        navigation.recordDismissalsMadeElsewhere()
      }
      made.recordPrepared(viewControllers)
      return made
    }

    /// The run it records in, once one knows it.
    var recordingRecorder: Recorder? { recording?.recorder }

    /// A tab's selection waiting for its first screen: this navigation controller was empty when
    /// its tab was selected (the app starts a tab's flow the first time it shows). Its first
    /// screens are recorded as prepared off-screen, then the selection, which shows them.
    var pendingSelection: (() -> Void)?

    /// Records the tab selection that waited for the first screen.
    private func recordPendingSelection() {
      guard let selection = pendingSelection, !viewControllers.isEmpty else { return }
      pendingSelection = nil
      selection()
    }

    /// Whether it is off-screen: a tab another tab hides, a tab waiting for its first screen, a tab
    /// of a recording tab bar controller that is not on screen yet (an app fills its tabs before
    /// it shows them), a navigation controller not in the window (once the run knows the window);
    /// before that (a journey with no window), one that is in no container and not the run's first.
    var isOffScreen: Bool {
      if pendingSelection != nil { return true }
      if let tabs = parent as? UITabBarController {
        if tabs.selectedViewController !== self { return true }
        if let recordingTabs = tabs as? RecordingTabBarController, !recordingTabs.isOnScreen { return true }
      }
      guard let recording else { return false }
      if recording.recorder.knowsTheWindow { return viewIfLoaded?.window == nil }
      let contained = parent != nil || presentingViewController != nil
      return !contained && !recording.recorder.isFirstNavigation(recording.id ?? "")
    }

    // MARK: On screen

    /// The coordinator whose read of its router waited when the view loaded: UIKit loads a
    /// window's root as it is set, so that coordinator set it there.
    private weak var loader: AnyObject?

    open override func viewDidLoad() {
      super.viewDidLoad()
      loader = Recorder.coordinatorOfWaitingRead
    }

    /// Where it appears (in the window: its view is in the hierarchy), it records what put it
    /// there when no recording did: becoming the window's root, or a presentation by a view
    /// controller that records nothing.
    open override func viewIsAppearing(_ animated: Bool) {
      super.viewIsAppearing(animated)
      if viewIfLoaded?.window != nil { (recording?.recorder ?? Recorder.runForUIKit)?.noteTheWindow() }
      let isWindowRoot =
        parent == nil && presentingViewController == nil && viewIfLoaded?.window?.rootViewController === self
      guard let recorder = recording?.recorder ?? Recorder.runForUIKit else {
        if isWindowRoot { ContainerPresentation.appearedAsWindowRootBeforeTheRun(self) }
        return
      }
      if isWindowRoot {
        recorder.recordWindowRoot(self, loadedFor: loader)
      } else if isBeingPresented, !presence.isAnnounced, let presenter = presentingViewController,
        let router = ContainerPresentation.router(of: presenter, in: recorder)
      {
        // Presented by a view controller that records nothing: the presentation is its own to
        // record, and only to record (UIKit is presenting it: presenting it again would raise).
        router.recordPresentation(of: self, animated: animated)
        ownSheetLeft = false
        ownSheet = SheetSwipeObserver(
          observing: self, once: { [weak self] in self?.ownSheetWasDismissed(by: $1) })
      } else if !presence.isAnnounced, let parent, ContainerPresentation.showsOneChildAtATime(parent) {
        // In a tab the tab bar switches to (a container of the app's own that made its child as its
        // view loaded, or swapped it while another tab was shown): the selection that follows shows it.
        let switching = (parent.tabBarController as? RecordingTabBarController)?.isSwitchingTabs == true
        recorder.recordContainerRoot(self, in: parent, loadedFor: loader, background: switching)
      }
    }

    open override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      // A delegate its screens gave its presentation controller as they loaded or appeared.
      if ownSheet?.reclaim() == false { ownSheet = nil }
      // A title the top screen set when its view loaded.
      if let top = topViewController { recording?.noteShown(top) }
    }

    // MARK: What the app asks for

    open override func pushViewController(_ viewController: UIViewController, animated: Bool) {
      guard let recording = recordingForTheApp() else {
        return applyingOwnChange { super.pushViewController(viewController, animated: animated) }
      }
      // A push on an empty navigation controller (`init(rootViewController:)` pushes) gives it its root.
      if viewControllers.isEmpty {
        whileMade(wasEmpty: true) { recording.setRoot(viewController, animated: animated, completion: nil) }
      } else {
        recording.push(viewController, animated: animated, completion: nil)
      }
      recordPendingSelection()
    }

    /// Records `firstScreens`, on a navigation controller that is being made (it was empty and is
    /// in nothing yet), so that the read that made it waits still: it is made to be shown next
    /// (`present(UINavigationController(rootViewController: screen))`), by the same coordinator.
    private func whileMade(wasEmpty: Bool, _ firstScreens: () -> Void) {
      let isMade = wasEmpty && parent == nil && presentingViewController == nil && viewIfLoaded?.window == nil
      let asking = isMade ? Recorder.coordinatorOfWaitingRead : nil
      firstScreens()
      if let asking { Recorder.noteRead(by: asking) }
    }

    open override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
      guard let recording = recordingForTheApp(), let first = viewControllers.first else {
        return applyingOwnChange { super.setViewControllers(viewControllers, animated: animated) }
      }
      // One change of UIKit's, recorded as what it did to the stack, all asked for by the
      // coordinator that asked for the change: screens taken off the top a `popTo` the last screen
      // kept, screens added on top pushes (both, where it replaced the top: `[Home, Cart,
      // Checkout]` to `[Home, Done]`), and a stack that keeps nothing a new root with each screen
      // pushed on it.
      let asking = Recorder.coordinatorOfWaitingRead
      let before = self.viewControllers
      applyingOwnChange { super.setViewControllers(viewControllers, animated: animated) }
      let kept = zip(before, viewControllers).prefix { $0 === $1 }.count
      performer.skipsChanges = true
      if kept == 0 {
        whileMade(wasEmpty: before.isEmpty) { recording.setRoot(first, animated: animated, completion: nil) }
      } else if kept < before.count {
        recording.popTo(viewControllers[kept - 1]) {}
      }
      for screen in viewControllers.dropFirst(max(kept, 1)) {
        if let asking { Recorder.noteRead(by: asking) }
        recording.push(screen, animated: animated, completion: nil)
      }
      performer.skipsChanges = false
      recordPendingSelection()
    }

    @discardableResult
    open override func popViewController(animated: Bool) -> UIViewController? {
      // UIKit never pops the root: nothing happens, and nothing is recorded.
      guard viewControllers.count > 1 else { return super.popViewController(animated: animated) }
      return popped(by: recording.map { recording in { recording.pop(animated: animated, completion: nil) } })
      {
        super.popViewController(animated: animated)
      }
    }

    @discardableResult
    open override func popToRootViewController(animated: Bool) -> [UIViewController]? {
      guard viewControllers.count > 1 else { return super.popToRootViewController(animated: animated) }
      // A tab of a tab bar controller tapped again while selected: UIKit pops it to its root. A
      // recording tab bar controller knows the tap; of another, that is the likeliest reason.
      if let tabs = tabBarController, tabs.selectedViewController === self, !isApplyingTheAppsRead,
        (tabs as? RecordingTabBarController)?.isTapping ?? true
      {
        watcherStorage?.expectedGesture = .tabBar
      }
      return popped(
        by: recording.map { recording in { recording.popToRoot(animated: animated, completion: nil) } }
      ) {
        super.popToRootViewController(animated: animated)
      }
    }

    @discardableResult
    open override func popToViewController(_ viewController: UIViewController, animated: Bool)
      -> [UIViewController]?
    {
      // A pop to the screen on top pops nothing (an app showing what it shows already).
      guard viewControllers.last !== viewController else {
        return super.popToViewController(viewController, animated: animated)
      }
      if !applying { recordDismissalsMadeElsewhere() }
      guard isApplyingTheAppsRead, let recording else {
        // The person's back menu: one `popTo`, whatever it removes (docs/system-navigation.md, trace format). (UIKit's
        // own pop to the root, for a tab tapped again, may come this way with its gesture set.)
        if !applying, watcherStorage?.expectedGesture == nil { watcherStorage?.expectedGesture = .backMenu }
        return super.popToViewController(viewController, animated: animated)
      }
      var popped: [UIViewController]?
      recording.popTo(viewController) {
        applyingOwnChange { popped = super.popToViewController(viewController, animated: animated) }
      }
      return popped
    }

    open override func present(
      _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
      // UIKit refuses a presentation asked of one that presents already (this one or the container
      // it is in), even a layer whose dismissal is under way ("which is already presenting"): the
      // person sees what is beneath, so nothing is recorded or watched.
      guard presentedViewController == nil else {
        return applyingOwnChange {
          super.present(viewControllerToPresent, animated: flag, completion: completion)
        }
      }
      watcher.observeSheet(viewControllerToPresent)
      guard let recording = recordingForTheApp() else {
        return applyingOwnChange {
          super.present(viewControllerToPresent, animated: flag, completion: completion)
        }
      }
      performer.presentCompletion = completion
      ContainerPresentation.notePresentation(of: viewControllerToPresent, on: recording)
      recording.present(viewControllerToPresent, animated: flag, completion: nil)
    }

    /// Dismisses what it presented, or itself where it was presented and presents nothing (UIKit
    /// then asks its presenter): revision 4's dismiss from inside a presented container.
    open override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
      // UIKit hands a presented view controller's own dismissal to its presenter, by this method:
      // the presented container recorded it already.
      let handedOver = presentedViewController.map {
        ContainerPresentation.dismissingItself.contains(ObjectIdentifier($0))
      }
      // A dismissal under way (UIKit keeps the layer presented until its animation ends) asked for
      // again, by a parent after its child, or by a screen after its coordinator: UIKit ignores it.
      let underWay = (presentedViewController ?? self).isBeingDismissed
      guard presentedViewController != nil || presentingViewController != nil, handedOver != true, !underWay,
        let recording = recordingForTheApp(),
        // What a screen presented on its own (an alert) was never recorded: its dismissal is none.
        presentedViewController.map({ recording.recorder.knowsScreen($0) }) ?? true
      else {
        return applyingOwnChange { super.dismiss(animated: flag, completion: completion) }
      }
      if let presented = presentedViewController,
        let presentedOn = ContainerPresentation.router(thatPresented: presented),
        presentedOn !== recording, presentedOn.recorder === recording.recorder
      {
        // A navigation controller or tab bar inside this one presented it (a tab's, the tab bar
        // pushed here): UIKit had this one present it, and asks it to dismiss it. Recorded where it
        // was presented.
        return applyingOwnChange {
          ContainerPresentation.recordDismissal(
            of: presented, on: presentedOn, from: self, completion: completion
          ) {
            super.dismiss(animated: flag, completion: $0)
          }
        }
      }
      guard presentedViewController == nil, let presenter = presentingViewController else {
        (presentedViewController as? RecordingNavigationController)?.noteLeavingRecorded()
        return recording.dismiss(animated: flag, completion: completion)
      }
      ownSheet = nil
      let key = ObjectIdentifier(self)
      ContainerPresentation.dismissingItself.insert(key)
      defer { ContainerPresentation.dismissingItself.remove(key) }
      recording.dismissItself(removing: topViewController, animated: flag) {
        // The presenter's own watchers knew the layer that left without them.
        ContainerPresentation.resynchronize(from: presenter)
        completion?()
      }
    }

    // MARK: Helpers

    /// The recording of this navigation controller, made for the run of the coordinator whose
    /// read of its marked property is waiting (the app is asking on its behalf), else of the run
    /// UIKit objects record in, or kept from the first time; nil while no run records.
    private func recordingForTheApp() -> RecordingRouter? {
      guard isTheAppsCall else { return nil }
      if let recording {
        recordDismissalsMadeElsewhere()
        return recording
      }
      guard let recorder = Recorder.recorderOfWaitingRead ?? Recorder.runForUIKit else { return nil }
      return recording(in: recorder)
    }

    /// Records the layers it presented that something else dismissed since (the app's own
    /// container above it, which UIKit had present them: a root view controller or side menu of
    /// the app's own), as the app's dismissals on its router, topmost first, before the next
    /// navigation here: the model would keep them, and put what comes next into them.
    private func recordDismissalsMadeElsewhere() {
      guard let recording, let watcherStorage else { return }
      let dismissed = watcherStorage.takeLayersDismissedElsewhere()
      guard !dismissed.isEmpty else { return }
      // The coordinator whose read waits asks for what comes next, not for these.
      recording.recorder.keepingWaitingRead {
        // Only layers the run showed: what a screen presented by itself (a picker) is not its. Each
        // is named by its topmost screen the run knows: a recording container's top, a plain
        // navigation controller's first (what it pushed there was not recorded).
        for layer in dismissed {
          if let top = layer.last(where: { recording.recorder.knowsScreen($0) }) {
            recording.recordDismissal(removing: top, unattributed: true)
          }
        }
      }
    }

    /// A pop: the app's, recorded by `record`, when a coordinator's read is waiting; otherwise
    /// the person's (or unattributable), left for the watcher to report as UIKit begins it, as
    /// the edge swipe always is.
    private func popped<Result>(by record: (() -> Void)?, _ pop: () -> Result?) -> Result? {
      if !applying { recordDismissalsMadeElsewhere() }
      guard let record, isApplyingTheAppsRead else {
        if recording == nil, !applying, let recorder = Recorder.runForUIKit {
          // The person's first gesture on a navigation controller no run recorded yet.
          _ = recording(in: recorder)
        }
        return pop()
      }
      var result: Result?
      withoutActuallyEscaping(pop) { pop in
        performer.pending = { self.applyingOwnChange { result = pop() } }
        record()
        performer.pending = nil
      }
      return result
    }

    /// Whether a pop called now is the app's: a coordinator's read of the marked property waits
    /// for it, and the person is not swiping back (UIKit pops for the edge swipe while its
    /// gesture recognizer has begun).
    private var isApplyingTheAppsRead: Bool {
      let swiping = [.began, .changed].contains(interactivePopGestureRecognizer?.state)
      guard isTheAppsCall, !swiping, let recording else { return false }
      return Recorder.recorderOfWaitingRead === recording.recorder
    }

    /// Whether a call made on it now is the app's: not UIKit's own, made inside a change being
    /// applied, unless the app's delegate, told of that change, makes it.
    private var isTheAppsCall: Bool { !applying || watcherStorage?.isForwardingToTheApp == true }

    /// Runs `change`, UIKit's own, as a change the app made: the watcher does not report it.
    fileprivate func applyingOwnChange(_ change: () -> Void) {
      let wasApplying = applying
      applying = true
      if let watcherStorage { watcherStorage.applyingOwnChange(change) } else { change() }
      applying = wasApplying
    }

    /// Takes what the watcher knows of the stacks as they are: a layer left without it.
    fileprivate func resynchronizeWatcher() { watcherStorage?.resynchronize() }

    /// Records that the person dismissed it (`gesture`), presented by a view controller that records
    /// nothing. Its observer stays until UIKit is done (it forwards the app's delegate its calls).
    private func ownSheetWasDismissed(by gesture: SystemGesture) {
      guard !ownSheetLeft else { return }
      ownSheetLeft = true
      recording?.recordSystemDismissal(of: topViewController, gesture: gesture, container: self)
    }

    /// UIKit's side of the recording: performs what `recording` records, reports the watcher's.
    private lazy var performer = Performer(owner: self)

    @MainActor
    fileprivate final class Performer: RouterProtocol, NavigationStateReporting, SystemNavigationRelaying,
      SystemNavigationObserver
    {
      weak var owner: RecordingNavigationController?
      let systemNavigationObservers = SystemNavigationObservers()
      /// Set while the trace catches up with a change UIKit has already made.
      var skipsChanges = false
      /// The pop to apply when `recording` asks for one.
      var pending: (() -> Void)?
      var presentCompletion: (() -> Void)?

      init(owner: RecordingNavigationController) {
        self.owner = owner
        owner.watcher.addSystemNavigationObserver(self)
      }

      var layers: [[any Presentable]] { owner?.watcher.layers ?? [[]] }

      func systemDidNavigate(_ navigation: SystemNavigation) { systemNavigationObservers.notify(navigation) }

      func routerDidShow(_ screen: any Presentable) { systemNavigationObservers.notifyShown(screen) }

      func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
        guard !skipsChanges, let owner, let controller = screen as? UIViewController else { return }
        owner.applyingOwnChange { owner.superPush(controller, animated: animated) }
        completion?()
      }

      func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
        guard !skipsChanges, let owner, let controller = screen as? UIViewController else { return }
        owner.applyingOwnChange { owner.superSetViewControllers([controller], animated: animated) }
        completion?()
      }

      func pop(animated: Bool, completion: (() -> Void)?) { applyPending(completion) }
      func popToRoot(animated: Bool, completion: (() -> Void)?) { applyPending(completion) }

      func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
        guard let owner, let controller = screen as? UIViewController else { return }
        let done = presentCompletion
        presentCompletion = nil
        owner.applyingOwnChange {
          owner.superPresent(controller, animated: animated) {
            owner.watcherStorage?.resynchronize()
            // A title the presented screen set when its view loaded.
            owner.recording?.noteShown(ContainerPresentation.topScreen(of: controller))
            done?()
            owner.watcherStorage?.reclaimSheets()
          }
        }
        owner.watcherStorage?.reclaimSheets()
      }

      func dismiss(animated: Bool, completion: (() -> Void)?) {
        guard let owner else { return }
        owner.applyingOwnChange {
          owner.superDismiss(animated: animated) {
            owner.watcherStorage?.resynchronize()
            completion?()
          }
        }
      }

      private func applyPending(_ completion: (() -> Void)?) {
        pending?()
        pending = nil
        completion?()
      }
    }

    fileprivate func superPush(_ controller: UIViewController, animated: Bool) {
      super.pushViewController(controller, animated: animated)
    }

    fileprivate func superSetViewControllers(_ controllers: [UIViewController], animated: Bool) {
      super.setViewControllers(controllers, animated: animated)
    }

    fileprivate func superPresent(
      _ controller: UIViewController, animated: Bool, completion: @escaping () -> Void
    ) {
      super.present(controller, animated: animated, completion: completion)
    }

    fileprivate func superDismiss(animated: Bool, completion: @escaping () -> Void) {
      super.dismiss(animated: animated, completion: completion)
    }
  }

  /// Where a presentation that no recording navigation controller made is recorded, and who
  /// must learn of a layer that left without them.
  @MainActor
  enum ContainerPresentation {
    /// The presented containers dismissing themselves now, which recorded it: their presenter,
    /// which UIKit asks to dismiss them, records nothing more.
    static var dismissingItself: Set<ObjectIdentifier> = []

    /// A recorded container that became the window's root before any run followed the app: a
    /// scene delegate sets the window's root, then makes its root coordinator and follows it.
    private static weak var windowRootBeforeTheRun: UIViewController?

    /// Notes that `container` appeared as the window's root with no run to record it.
    static func appearedAsWindowRootBeforeTheRun(_ container: UIViewController) {
      windowRootBeforeTheRun = container
    }

    /// Records, before the run's first navigation, the window's root that appeared before the run
    /// began, where it is still the root: so the run knows the window, its navigation is on
    /// screen, and a navigation controller not in the window yet (a tab its coordinator fills
    /// before the tab bar is shown) is not taken for what people see.
    static func adoptWindowRoot(in recorder: Recorder) {
      guard let root = windowRootBeforeTheRun else { return }
      windowRootBeforeTheRun = nil
      guard !recorder.knowsTheWindow, root.parent == nil, root.presentingViewController == nil,
        root.viewIfLoaded?.window?.rootViewController === root, let container = root as? any RecordedContainer
      else { return }
      recorder.noteTheWindow()
      // The coordinator whose read waits asks for the navigation that made the run look, not this.
      recorder.keepingWaitingRead { recorder.recordWindowRootSetBeforeTheRun(container) }
    }

    /// The router a presentation by `presenter` is recorded on: the presenter's navigation
    /// controller's where it records, else the window's where the presenter is the window's root
    /// (a tab bar controller presenting a flow), else, for a presenter in no recording navigation
    /// controller that is presented (a screen presented bare) or in what is presented, that of
    /// what presented it; nil where nothing tells.
    static func router(of presenter: UIViewController, in recorder: Recorder) -> RecordingRouter? {
      if let navigation = presenter as? RecordingNavigationController {
        return navigation.recording(in: recorder)
      }
      if let tabs = presenter as? UITabBarController,
        let navigation = tabs.selectedViewController as? RecordingNavigationController
      {
        return navigation.recording(in: recorder)
      }
      if let navigation = presenter.navigationController as? RecordingNavigationController {
        return navigation.recording(in: recorder)
      }
      if presenter.viewIfLoaded?.window?.rootViewController === presenter { return recorder.windowRouter }
      // A screen presented on its own (Bitwarden's views presented bare, a share sheet's host):
      // its layer is on the router of what presented it, and what it presents goes over it.
      if let below = presenter.presentingViewController, below !== presenter {
        return router(of: below, in: recorder)
      }
      return nil
    }

    /// Whether `parent` is a container of the app's own that shows one child at a time (a root view
    /// controller swapping flows, a side menu's content), not one of UIKit's: a navigation or tab
    /// bar controller records its own children, and a split view shows several side by side.
    static func showsOneChildAtATime(_ parent: UIViewController) -> Bool {
      !(parent is UINavigationController || parent is UITabBarController || parent is UISplitViewController)
    }

    /// Notes that `container` disappeared: its `presence` left where it was dismissed, moved from
    /// its parent or taken out of the window; and out of the window, not covered by what it
    /// presents, it is no longer the run's window root (the window has another).
    static func disappeared(
      _ container: UIViewController, presence: inout ContainerPresence, in recorder: Recorder?
    ) {
      let outOfTheWindow = container.viewIfLoaded?.window == nil
      if container.isBeingDismissed || container.isMovingFromParent || outOfTheWindow { presence.leave() }
      if outOfTheWindow, container.presentedViewController == nil { recorder?.noteLeftTheWindow(container) }
    }

    /// What recording navigation controllers presented, and the router each presentation was
    /// recorded on: UIKit has the outermost container present it (a tab's sheet, by the navigation
    /// controller its tab bar was pushed onto), and that one is asked to dismiss it.
    private static var presentations: [ObjectIdentifier: Presentation] = [:]

    private struct Presentation {
      weak var presented: UIViewController?
      weak var router: RecordingRouter?
    }

    /// The screen `presented` shows, as the run knows it: a recording navigation controller's top,
    /// the screen a plain one was recorded as (its first), else itself (a subclass of the app's
    /// or UIKit's, recorded as a screen of its own).
    static func topScreen(of presented: UIViewController) -> UIViewController {
      if presented is RecordingNavigationController {
        return (presented as? UINavigationController)?.topViewController ?? presented
      }
      return (presented as? any ScreenWrapper)?.wrappedScreen as? UIViewController ?? presented
    }

    /// What leaves when `presented` is dismissed, as the run names it: a recording navigation
    /// controller's top, else `presented` itself (a plain navigation controller is known by the
    /// screen it was shown as, though the app replaced its first screen since).
    static func leavingScreen(of presented: UIViewController) -> UIViewController {
      presented is RecordingNavigationController ? topScreen(of: presented) : presented
    }

    /// Records the app's dismissal of `presented` on `router`, where its presentation was (and
    /// forgets that presentation); then `dismiss` has UIKit dismiss it, after which every recording
    /// navigation controller in `container` takes its stacks as they are.
    static func recordDismissal(
      of presented: UIViewController, on router: RecordingRouter, from container: UIViewController,
      completion: (() -> Void)?, then dismiss: (@escaping () -> Void) -> Void
    ) {
      presentations[ObjectIdentifier(presented)] = nil
      (presented as? RecordingNavigationController)?.noteLeavingRecorded()
      router.recordDismissal(removing: leavingScreen(of: presented))
      dismiss { [weak container] in
        if let container { resynchronize(from: container) }
        completion?()
      }
    }

    /// Notes that `router` records the presentation of `presented`.
    static func notePresentation(of presented: UIViewController, on router: RecordingRouter) {
      presentations = presentations.filter { $0.value.presented != nil }
      presentations[ObjectIdentifier(presented)] = Presentation(presented: presented, router: router)
    }

    /// The router that recorded the presentation of `presented`, where a recording navigation
    /// controller presented it.
    static func router(thatPresented presented: UIViewController) -> RecordingRouter? {
      guard let presentation = presentations[ObjectIdentifier(presented)],
        presentation.presented === presented
      else { return nil }
      return presentation.router
    }

    /// Every recording navigation controller in `root`'s hierarchy takes its stacks as they are.
    static func resynchronize(from root: UIViewController) {
      if let navigation = root as? RecordingNavigationController { navigation.resynchronizeWatcher() }
      if let navigation = root as? UINavigationController {
        for child in navigation.viewControllers { resynchronize(from: child) }
      }
      if let tabs = root as? UITabBarController {
        for child in tabs.viewControllers ?? [] { resynchronize(from: child) }
      }
      // A container of the app's own (a root view controller, a side menu): its children.
      if !(root is UINavigationController || root is UITabBarController) {
        for child in root.children { resynchronize(from: child) }
      }
    }
  }

  extension UINavigationController {
    /// A navigation controller that records what happens to it: a ``RecordingNavigationController``.
    public static func recorded() -> UINavigationController { RecordingNavigationController() }

    /// A navigation controller showing `rootViewController` that records what happens to it.
    /// - Parameter rootViewController: Its first screen.
    public static func recorded(rootViewController: UIViewController) -> UINavigationController {
      let navigation = RecordingNavigationController()
      navigation.setViewControllers([rootViewController], animated: false)
      return navigation
    }
  }

  /// A plain navigation controller (not a recording one) an app presents or shows a screen in is
  /// recorded as its first screen, what the person sees as it appears, and known by it when it
  /// leaves: what it does in between is not recorded (make it with `.recorded()` for that). Only
  /// `UINavigationController` itself: a subclass is a screen of its own, as UIKit's are (an image
  /// picker, a mail composer, whose first screen is a private class of Apple's).
  extension UINavigationController: ScreenWrapper {
    package var wrappedScreen: (any Presentable)? {
      Swift.type(of: self) == UINavigationController.self ? viewControllers.first : nil
    }
  }

  extension UIViewController: WrappableScreen {
    package var enclosingWrapper: (any ScreenWrapper)? {
      guard let navigation = navigationController, navigation.wrappedScreen === self else { return nil }
      return navigation
    }
  }
#endif
