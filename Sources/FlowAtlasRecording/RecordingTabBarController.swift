#if canImport(UIKit)
  import FlowAtlasPattern
  import FlowAtlasTrace
  import UIKit

  /// A `UITabBarController` that records its tabs: make the app's own tab bar controller a
  /// subclass of it (one marked line), or give it this class in the storyboard.
  ///
  /// ```swift
  /// final class MainTabBarController: RecordingTabBarController {  // FlowAtlas (was UITabBarController)
  /// ```
  ///
  /// It is a container (trace format revision 4) that hosts one router per tab: each tab's
  /// navigation controller (make them `.recorded()`), or a router of its own for a tab that is no
  /// navigation controller (which shows what such a tab of the app's own shows as its child: a
  /// recorded navigation controller's screens). Recorded: every tab the person taps (a system `selectTab`, gesture
  /// `tabBar`), the selected tab tapped again (a system `popToRoot` of its navigation controller),
  /// a tab the app selects in code (`selectedIndex`, `selectedViewController`: the app's
  /// `selectTab`), and where it becomes the window's root or is presented, when it appears (shown
  /// before the app set its tabs, once they are set: a container hosts at least one router). The
  /// app's own delegate (often the controller itself) keeps working: it is told every call, as
  /// without FlowAtlas, whether it was set before or after.
  @MainActor
  open class RecordingTabBarController: UITabBarController, RecordedContainer {
    /// The delegate UIKit talks to: sees the person's taps, forwards to the app's delegate.
    private var watcher: TabTapObserver {
      if let watcherStorage { return watcherStorage }
      let made = TabTapObserver()
      made.tapBegins = { [weak self] _ in self?.tapBegan() }
      made.tapEnds = { [weak self] _ in self?.tapEnded() }
      watcherStorage = made
      return made
    }
    private var watcherStorage: TabTapObserver?

    /// The person's tap begins: a selection made now is the person's.
    private func tapBegan() {
      tapping = true
      selectedBeforeTap = selectedIndex
    }

    /// The tap selected a tab: recorded as the system's where it switched tabs.
    private func tapEnded() {
      let before = selectedBeforeTap
      tapping = false
      selectedBeforeTap = nil
      if before != nil, before != selectedIndex {
        recordSelection(initiator: .system(gesture: SystemGesture.tabBar.rawValue))
      }
    }
    /// The routers of tabs that are no navigation controllers, in the run that made them.
    private var plainTabs: [ObjectIdentifier: RecordingRouter] = [:]
    /// Set between a person's tap (`shouldSelect`) and UIKit's `didSelect`: a selection made
    /// then is the person's.
    private var tapping = false
    private var selectedBeforeTap: Int?

    /// The app's delegate, as without FlowAtlas: UIKit talks to the watcher, which forwards it
    /// every call (see `RecordingNavigationController.delegate`).
    open override var delegate: (any UITabBarControllerDelegate)? {
      get { super.delegate === watcherStorage ? watcherStorage?.appDelegate : super.delegate }
      set {
        watcher.appDelegate = newValue
        seatWatcher()
      }
    }

    /// Gives UIKit's seat to the watcher, again where it had it: UIKit asks a delegate what it
    /// responds to when it is given it, and keeps the answers (see
    /// `RecordingNavigationController.delegate`).
    private func seatWatcher() {
      super.delegate = nil
      super.delegate = watcher
    }

    /// Seats the watcher where it does not have UIKit's seat yet (a delegate set around it, or
    /// none), through UIKit's own seat, not `delegate`, which a subclass of the app's may override.
    private func seatWatcherIfOut() {
      guard !(super.delegate === watcher) else { return }
      watcher.appDelegate = super.delegate
      seatWatcher()
    }

    /// The coordinator whose read of its router waited when the view loaded: UIKit loads a
    /// window's root as it is set, so that coordinator set it there.
    private weak var loader: AnyObject?

    open override func viewDidLoad() {
      loader = Recorder.coordinatorOfWaitingRead
      super.viewDidLoad()
      seatWatcherIfOut()
    }

    // MARK: As a container

    package func hostedRouters(in recorder: Recorder) -> [String] {
      seatWatcherIfOut()
      // Shown again: the model emptied its tabs' routers when it left, so what they hold is
      // recorded again (a router made now records it as it is made).
      let shownAgain = presence.announce()
      return (viewControllers ?? []).compactMap { tab in
        let known = shownAgain && hasRouter(tab, in: recorder)
        guard let router = router(of: tab, in: recorder) else { return nil }
        if known { router.recordPrepared(Self.prepared(tab)) }
        return router.id
      }
    }

    package func awaitRouters(_ announce: @escaping @MainActor () -> Void) -> Bool {
      guard viewControllers?.isEmpty ?? true else { return false }
      pendingAnnouncement = announce
      return true
    }

    /// The recording of the event that showed it before it had tabs, kept until it has.
    private var pendingAnnouncement: (@MainActor () -> Void)?

    /// The app sets its tabs: where it was shown before it had any, that is recorded now.
    open override func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
      super.setViewControllers(viewControllers, animated: animated)
      announceOnceFilled()
    }

    open override var viewControllers: [UIViewController]? {
      get { super.viewControllers }
      set {
        super.viewControllers = newValue
        announceOnceFilled()
      }
    }

    private func announceOnceFilled() {
      guard let announce = pendingAnnouncement, !(viewControllers ?? []).isEmpty else { return }
      pendingAnnouncement = nil
      announce()
    }

    private var presence = ContainerPresence()

    /// Whether its tabs can be on screen: a recorded event put it where it is, or it is in the
    /// window. An app fills its tabs before it shows the tab bar: that is off-screen.
    var isOnScreen: Bool { presence.isAnnounced || viewIfLoaded?.window != nil }

    /// Whether the person's tap on a tab is under way: UIKit pops the selected tab to its root
    /// when it is tapped again.
    var isTapping: Bool { tapping }

    /// Between a switch of tabs beginning (a tap, the app's code) and its being recorded.
    var isSwitchingTabs: Bool { tapping || selecting }

    open override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      ContainerPresentation.disappeared(self, presence: &presence, in: recorder)
    }

    package var recordedType: RecordedType { RecordedType(of: Swift.type(of: self)) }

    /// Whether `tab` has its router in `recorder`'s run already.
    private func hasRouter(_ tab: UIViewController, in recorder: Recorder) -> Bool {
      if let navigation = tab as? RecordingNavigationController {
        return navigation.recordingRecorder === recorder
      }
      return plainTabs[ObjectIdentifier(tab)]?.recorder === recorder
    }

    /// The router a tab shows in `recorder`'s run: its navigation controller's, or one made for a
    /// tab that is no navigation controller (what it shows recorded as prepared off-screen).
    private func router(of tab: UIViewController, in recorder: Recorder) -> RecordingRouter? {
      if let navigation = tab as? RecordingNavigationController { return navigation.recording(in: recorder) }
      if let router = plainTabs[ObjectIdentifier(tab)], router.recorder === recorder { return router }
      let router = recorder.tabRouter(of: tab, showing: Self.shownContainer(in: tab))
      router.isInBackground = { [weak self, weak tab] in
        guard let self else { return true }
        return self.selectedViewController !== tab || !self.isOnScreen
      }
      plainTabs[ObjectIdentifier(tab)] = router
      router.recordPrepared(Self.prepared(tab))
      return router
    }

    /// The recorded container a tab that is a container of the app's own shows as its child
    /// (WooCommerce's tab container, a navigation controller in it), where its view holds one yet.
    private static func shownContainer(in tab: UIViewController) -> UIViewController? {
      guard ContainerPresentation.showsOneChildAtATime(tab) else { return nil }
      return tab.children.first { $0 is any RecordedContainer }
    }

    /// What a tab shows, bottom first, recorded as prepared: a navigation controller's stack, what
    /// a container of the app's own shows, or the tab's own screen.
    private static func prepared(_ tab: UIViewController) -> [UIViewController] {
      (tab as? UINavigationController)?.viewControllers ?? [shownContainer(in: tab) ?? tab]
    }

    /// The screen a tab shows: its navigation controller's top, that of the navigation controller a
    /// container of the app's own shows, or the tab's own screen.
    private static func screen(shownBy tab: UIViewController) -> UIViewController {
      ContainerPresentation.topScreen(of: shownContainer(in: tab) ?? tab)
    }

    /// The run it records in: that of its navigation controllers, else the one UIKit objects
    /// record in.
    private var recorder: Recorder? {
      for tab in viewControllers ?? [] {
        if let recorder = (tab as? RecordingNavigationController)?.recordingRecorder { return recorder }
      }
      return plainTabs.values.first?.recorder ?? Recorder.runForUIKit
    }

    // MARK: On screen

    /// Where it appears (in the window: its view is in the hierarchy), it records what put it
    /// there when no recording did: becoming the window's root, or a presentation by a view
    /// controller that records nothing.
    open override func viewIsAppearing(_ animated: Bool) {
      super.viewIsAppearing(animated)
      if viewIfLoaded?.window != nil { recorder?.noteTheWindow() }
      let isWindowRoot =
        parent == nil && presentingViewController == nil && viewIfLoaded?.window?.rootViewController === self
      guard let recorder else {
        if isWindowRoot { ContainerPresentation.appearedAsWindowRootBeforeTheRun(self) }
        return
      }
      if isWindowRoot {
        recorder.recordWindowRoot(self, loadedFor: loader)
      } else if isBeingPresented, !presence.isAnnounced, let presenter = presentingViewController,
        let router = ContainerPresentation.router(of: presenter, in: recorder)
      {
        // Recorded only: UIKit is presenting it, and presenting it again would raise.
        router.recordPresentation(of: self, animated: animated)
      } else if !presence.isAnnounced, let parent, ContainerPresentation.showsOneChildAtATime(parent) {
        recorder.recordContainerRoot(self, in: parent, loadedFor: loader)
      }
    }

    open override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      noteVisibleTitle()
    }

    /// Records a title the selected tab's screen set when its view loaded.
    private func noteVisibleTitle() {
      guard let recorder, let tab = selectedViewController else { return }
      router(of: tab, in: recorder)?.noteShown(Self.screen(shownBy: tab))
    }

    // MARK: Presenting

    /// Sees the person swipe down what it presented.
    private var presentedSheet: SheetSwipeObserver?

    /// Presents `viewControllerToPresent`: the app's `present`, recorded on the router of the
    /// selected tab (where UIKit's own presentation by a screen of the tab is recorded too), and
    /// the person swiping it down, as the system's `dismiss` there.
    open override func present(
      _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
      // UIKit refuses it where this tab bar presents already, even a layer leaving (see
      // `RecordingNavigationController.present`): nothing is shown, nothing recorded.
      guard presentedViewController == nil, let recorder,
        let router = ContainerPresentation.router(of: self, in: recorder)
      else {
        return super.present(viewControllerToPresent, animated: flag, completion: completion)
      }
      router.recordPresentation(of: viewControllerToPresent, animated: flag)
      // Dismissed on that router (the tab selected now), though the app selects another tab under a
      // cover before it dismisses it, or has the navigation controller this tab bar is in dismiss it.
      ContainerPresentation.notePresentation(of: viewControllerToPresent, on: router)
      super.present(viewControllerToPresent, animated: flag) { [weak self] in
        completion?()
        // A delegate the app gave the presentation controller after presenting.
        if self?.presentedSheet?.reclaim() == false { self?.presentedSheet = nil }
      }
      // Its observer stays until UIKit is done (it forwards the app's delegate its calls).
      presentedSheet = SheetSwipeObserver(
        observing: viewControllerToPresent,
        once: {
          [weak router] presented, gesture in
          router?.recordSystemDismissal(
            of: ContainerPresentation.leavingScreen(of: presented), gesture: gesture)
        })
    }

    /// Dismisses what it presented: the app's `dismiss`, recorded on the router its presentation
    /// was recorded on (that of the selected tab), where the run recorded what leaves.
    open override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
      guard let presented = presentedViewController, !presented.isBeingDismissed,
        !ContainerPresentation.dismissingItself.contains(ObjectIdentifier(presented)), let recorder,
        recorder.knowsScreen(presented),
        let router = ContainerPresentation.router(thatPresented: presented).flatMap({
          $0.recorder === recorder ? $0 : nil
        }) ?? ContainerPresentation.router(of: self, in: recorder)
      else { return super.dismiss(animated: flag, completion: completion) }
      presentedSheet = nil
      ContainerPresentation.recordDismissal(of: presented, on: router, from: self, completion: completion) {
        super.dismiss(animated: flag, completion: $0)
      }
    }

    // MARK: Selecting a tab

    open override var selectedIndex: Int {
      get { super.selectedIndex }
      set { selectingInCode { super.selectedIndex = newValue } }
    }

    open override var selectedViewController: UIViewController? {
      get { super.selectedViewController }
      set { selectingInCode { super.selectedViewController = newValue } }
    }

    /// Set while the app's code selects a tab: UIKit may set one property through the other.
    private var selecting = false

    /// Runs the app's selection `select`, then records the switch it made, once.
    private func selectingInCode(_ select: () -> Void) {
      guard !selecting, !tapping else { return select() }
      selecting = true
      let before = super.selectedViewController
      select()
      selecting = false
      if super.selectedViewController !== before { recordSelection(initiator: .app) }
    }

    /// Records the switch to the selected tab: the app's (attributed to the coordinator whose
    /// read waits), or the person's (attributed to the coordinator that showed this container).
    private func recordSelection(initiator: Initiator, asking: AnyObject? = nil) {
      guard let recorder, let tab = selectedViewController, let router = router(of: tab, in: recorder) else {
        return
      }
      if let navigation = tab as? RecordingNavigationController, navigation.viewControllers.isEmpty {
        // The tab shows nothing yet: its flow starts now; the selection shows its first screen,
        // still the switch of the coordinator asking now.
        let asking = initiator.isSystem ? nil : Recorder.coordinatorOfWaitingRead
        navigation.pendingSelection = { [weak self, weak asking] in
          self?.recordSelection(initiator: initiator, asking: asking)
        }
        return
      }
      let screen = Self.screen(shownBy: tab)
      let name = tab.tabBarItem?.title ?? tab.title ?? "tab \(selectedIndex + 1)"
      // Selected before the tab bar is on screen (an app that opens on another tab), it is background.
      router.recordTabSelection(
        name, showing: screen, container: self, initiator: initiator, asking: asking, background: !isOnScreen)
      router.noteShown(screen)
    }
  }
#endif
