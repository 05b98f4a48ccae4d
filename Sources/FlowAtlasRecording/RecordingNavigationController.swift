#if canImport(UIKit)
  import FlowAtlasPattern
  import UIKit

  /// A `UINavigationController` that records what happens to it, whoever does it: for an app
  /// whose coordinators drive a navigation controller themselves, with no router.
  ///
  /// Make the coordinator's navigation controller one, and mark the property:
  ///
  /// ```swift
  /// @RecordedRouter var rootViewController: UINavigationController = .recorded()  // FlowAtlas
  /// ```
  ///
  /// Then every call the app makes on it is recorded as the app's (`push`, `setRoot`, `pop`,
  /// `popTo`, `popToRoot`, `present`, `dismiss`), attributed to the coordinator that read the
  /// property just before, and what the person does (the back button, the edge swipe, the back
  /// menu, a sheet swiped down) is recorded as the system's, with the gesture, attributed to the
  /// coordinator that showed the screen it took away. Navigation nobody can be credited with
  /// (a view controller calling `navigationController?.pushViewController` itself) is recorded
  /// unattributed. Nothing is recorded until a followed coordinator (``Recorder/follow(_:)``)
  /// has navigated with it: its run's recorder is the one used.
  ///
  /// **Who popped.** UIKit pops by the same methods for the person as for the app. A pop is the
  /// app's when a coordinator read its marked property just before (that read is how the app's
  /// code reaches it), the person's when the edge swipe drives it or when no coordinator did:
  /// the back button, the back menu, a tab tapped again. So a pop by code that does not go
  /// through the marked property is recorded as the back button's; route such pops through the
  /// coordinator.
  ///
  /// **The delegate.** It keeps its own delegate (a `NavigationRouter`, which sees the person's
  /// gestures) and gives it every delegate the app sets, before or after, which hears every
  /// delegate call as it would without FlowAtlas; the interactive pop keeps working.
  @MainActor
  open class RecordingNavigationController: UINavigationController {
    /// Sees what the person does, as the delegate UIKit talks to, and forwards to the app's.
    private var watcherStorage: NavigationRouter?
    /// Records the app's calls and the watcher's reports, once a followed coordinator navigates.
    private var recording: RecordingRouter?
    /// Set while a change is applied for `recording`: the override calls UIKit's own.
    private var applying = false

    private var watcher: NavigationRouter {
      if let watcherStorage { return watcherStorage }
      let made = NavigationRouter(watching: self)
      watcherStorage = made
      return made
    }

    /// The app's delegate, kept by the watcher, which is the delegate UIKit talks to.
    open override var delegate: (any UINavigationControllerDelegate)? {
      get { super.delegate }
      set {
        if let router = newValue as? NavigationRouter, router.navigationController === self {
          super.delegate = newValue
        } else {
          watcher.navigationDelegate = newValue
        }
      }
    }

    // MARK: What the app asks for

    open override func pushViewController(_ viewController: UIViewController, animated: Bool) {
      guard let recording = recordingForTheApp() else {
        return applyingOwnChange { super.pushViewController(viewController, animated: animated) }
      }
      recording.push(viewController, animated: animated, completion: nil)
    }

    open override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
      guard let recording = recordingForTheApp(), let first = viewControllers.first else {
        return applyingOwnChange { super.setViewControllers(viewControllers, animated: animated) }
      }
      // The trace has a new root, then each screen pushed on it, in one change of UIKit's, all
      // asked for by the coordinator that asked for the change.
      let asking = Recorder.coordinatorOfWaitingRead
      applyingOwnChange { super.setViewControllers(viewControllers, animated: animated) }
      performer.skipsChanges = true
      recording.setRoot(first, animated: animated, completion: nil)
      for screen in viewControllers.dropFirst() {
        if let asking { Recorder.noteRead(by: asking) }
        recording.push(screen, animated: animated, completion: nil)
      }
      performer.skipsChanges = false
    }

    @discardableResult
    open override func popViewController(animated: Bool) -> UIViewController? {
      popped(by: recording.map { recording in { recording.pop(animated: animated, completion: nil) } }) {
        super.popViewController(animated: animated)
      }
    }

    @discardableResult
    open override func popToRootViewController(animated: Bool) -> [UIViewController]? {
      // A tab of a tab bar controller tapped again while selected: UIKit pops it to its root.
      if tabBarController?.selectedViewController === self, !isApplyingTheAppsRead {
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
      guard isApplyingTheAppsRead, let recording else {
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
      watcher.observeSheet(viewControllerToPresent)
      guard let recording = recordingForTheApp() else {
        return applyingOwnChange {
          super.present(viewControllerToPresent, animated: flag, completion: completion)
        }
      }
      performer.presentCompletion = completion
      recording.present(viewControllerToPresent, animated: flag, completion: nil)
    }

    open override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
      guard presentedViewController != nil, let recording = recordingForTheApp() else {
        return applyingOwnChange { super.dismiss(animated: flag, completion: completion) }
      }
      recording.dismiss(animated: flag, completion: completion)
    }

    // MARK: Helpers

    /// The recording of this navigation controller, made for the recorder of the coordinator
    /// whose read of its marked property is waiting (the app is asking on its behalf), or kept
    /// from the first time; nil before any followed coordinator navigated with it.
    private func recordingForTheApp() -> RecordingRouter? {
      guard !applying else { return nil }
      if let recording { return recording }
      guard let recorder = Recorder.recorderOfWaitingRead else { return nil }
      let made = RecordingRouter(wrapping: performer, recorder: recorder)
      recording = made
      return made
    }

    /// A pop: the app's, recorded by `record`, when a coordinator's read is waiting; otherwise
    /// the person's (or unattributable), left for the watcher to report when UIKit shows the
    /// result, as the edge swipe always is.
    private func popped<Result>(by record: (() -> Void)?, _ pop: () -> Result?) -> Result? {
      guard let record, isApplyingTheAppsRead else { return pop() }
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
      guard !applying, !swiping, let recording else { return false }
      return Recorder.recorderOfWaitingRead === recording.recorder
    }

    /// Runs `change`, UIKit's own, as a change the app made: the watcher does not report it.
    fileprivate func applyingOwnChange(_ change: () -> Void) {
      let wasApplying = applying
      applying = true
      if let watcherStorage { watcherStorage.applyingOwnChange(change) } else { change() }
      applying = wasApplying
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
            done?()
          }
        }
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

  extension UINavigationController {
    /// A navigation controller that records what happens to it: a ``RecordingNavigationController``.
    public static func recorded() -> UINavigationController { RecordingNavigationController() }
  }
#endif
