import FlowAtlasPattern
import FlowAtlasTrace

/// Recording an app's containers and its window (trace format revision 4, "Containers"): the
/// window's root, tabs that are not navigation controllers, presentations a container of the
/// app's own makes. Each is a router of the run whose events are recorded as a
/// ``RecordingRouter``'s are, but whose navigation UIKit performs itself.
extension Recorder {
  /// The router id of the window: the root a window shows (`window.rootViewController`) is its
  /// `setRoot`.
  package static let windowRouterID = "window"

  /// The run's router for the window's root: it records what UIKit does (the recorder keeps no
  /// router, which would keep it).
  @MainActor
  package var windowRouter: RecordingRouter {
    RecordingRouter(wrapping: UnperformedNavigation(), recorder: self, id: Self.windowRouterID)
  }

  /// The router of `tab`, a tab that is no navigation controller, whose navigation UIKit performs
  /// itself; whoever shows it keeps it. A tab that is a container of the app's own (a view
  /// controller showing a navigation controller as its child) records what it shows on the same
  /// router (``recordContainerRoot(_:in:loadedFor:)``), so its screens are the tab's.
  /// - Parameters:
  ///   - tab: The tab's view controller.
  ///   - shown: The container it shows already, where it is one of the app's own: the router is
  ///     to record it as prepared, and its appearance there is no new root.
  @MainActor
  package func tabRouter(of tab: AnyObject, showing shown: AnyObject?) -> RecordingRouter {
    let handle = ObjectHandle(tab)
    let shownKey = shown.map(ObjectIdentifier.init)
    let id = state.withLock { $0.tabRouterID(for: handle, showing: shownKey) }
    return RecordingRouter(wrapping: UnperformedNavigation(), recorder: self, id: id)
  }

  /// Records `container` as the window's root (`setRoot` on the window's router), unless it is
  /// the root the run has already: a root shown again (a full-screen cover dismissed over it)
  /// is no new root. Attributed to the coordinator whose read of its window (or router) waits.
  /// - Parameters:
  ///   - container: The window's new root.
  ///   - loader: The coordinator whose read waited when the container's view loaded (UIKit loads
  ///     a window's root as it is set, and the app's code may navigate before it appears): the
  ///     one that set it, where no read waits now.
  @MainActor
  package func recordWindowRoot(_ container: any RecordedContainer, loadedFor loader: AnyObject? = nil) {
    let key = ObjectIdentifier(container)
    guard state.withLock({ $0.windowRoot != key }) else { return }
    state.withLock { $0.windowRoot = key }
    recordRoot(container, on: Self.windowRouterID, loadedFor: loader)
  }

  /// Records `container`, the window's root since before the run began, as the window's root, by
  /// nobody (what set it was not seen), before the run's first navigation.
  @MainActor
  package func recordWindowRootSetBeforeTheRun(_ container: any RecordedContainer) {
    let key = ObjectIdentifier(container)
    guard state.withLock({ $0.windowRoot != key }) else { return }
    state.withLock { $0.windowRoot = key }
    RecordingRouter(wrapping: UnperformedNavigation(), recorder: self, id: Self.windowRouterID)
      .recordRootByNobody(container)
  }

  /// Records `container` as what `parent`, a container of the app's own that shows one child at a
  /// time (a root view controller swapping flows, a side menu's content), shows now: a `setRoot`
  /// on `parent`'s router, which takes the one it showed before off screen. Attributed as a
  /// window's root is.
  @MainActor
  /// - Parameter background: The container appears in a tab the tab bar is switching to: the
  ///   `selectTab` that follows shows it.
  package func recordContainerRoot(
    _ container: any RecordedContainer, in parent: AnyObject, loadedFor loader: AnyObject? = nil,
    background: Bool = false
  ) {
    let parentHandle = ObjectHandle(parent)
    let id = state.withLock { state -> String? in
      // Shown again (a full-screen cover dismissed over it): no new root.
      guard state.noteContainerRoot(ObjectIdentifier(container), of: parentHandle) else { return nil }
      return state.containerRouterID(for: parentHandle)
    }
    guard let id else { return }
    recordRoot(container, on: id, loadedFor: loader, background: background)
  }

  /// Records `container`, which UIKit shows already, as the new root of the router `routerID` (the
  /// window's, a container's of the app's own), attributed to the coordinator whose read waits, else
  /// to `loader`, the one whose read waited when the container's view loaded.
  @MainActor
  private func recordRoot(
    _ container: any RecordedContainer, on routerID: String, loadedFor loader: AnyObject?,
    background: Bool = false
  ) {
    let setter = coordinatorOfWaitingRead == nil ? loader.flatMap { id(ofKnownCoordinator: $0) } : nil
    let router = RecordingRouter(wrapping: UnperformedNavigation(), recorder: self, id: routerID)
    if background { router.isInBackground = { true } }
    router.setRoot(container, animated: false, completion: nil, coordinatorID: setter)
  }

  /// The id of a coordinator this run has named, or nil.
  func id(ofKnownCoordinator coordinator: AnyObject) -> String? {
    let reference = ObjectHandle(coordinator)
    return state.withLock { $0.knownCoordinatorID(for: reference) }
  }

  /// Whether the run has seen the app's window (a recorded container as its root, or appearing in
  /// it): from then on a navigation controller not in the window is off-screen, its events
  /// `background`. Before (a journey with no window), every navigation controller is on screen.
  package var knowsTheWindow: Bool { state.withLock { $0.windowRoot != nil || $0.sawTheWindow } }

  /// Whether `routerID` is the run's first navigation controller: before the run knows the window
  /// (a journey with none), it is what people see, and another one not in a container yet is off
  /// screen.
  package func isFirstNavigation(_ routerID: String) -> Bool {
    state.withLock { state in
      if state.firstNavigation == nil { state.firstNavigation = routerID }
      return state.firstNavigation == routerID
    }
  }

  /// Whether the run has mentioned `screen` (a view controller UIKit presented for someone else,
  /// an alert a screen presented itself, is not the run's to dismiss).
  @MainActor package func knowsScreen(_ screen: AnyObject) -> Bool {
    // A plain navigation controller is known by the screen it was shown as, else by its first; the
    // first screen of one, by what that navigation controller was shown as.
    var handles = [ObjectHandle(screen)]
    if let presentable = screen as? any Presentable {
      if let wrapper = presentable.wrapperLeaving(asALayer: true) {
        handles.append(wrapper)
      }
      handles.append(ObjectHandle(presentable.recordedScreen.screen))
    }
    let known = handles
    return state.withLock { state in
      for handle in known where state.knowsScreen(handle) { return true }
      return false
    }
  }

  /// Notes that a recorded container appeared in the app's window.
  package func noteTheWindow() { state.withLock { $0.sawTheWindow = true } }

  /// Notes that `container` left the app's window: where it was the window's root (the app gave
  /// the window another, a sign-in flow no run records, and gives it back at sign-in), its return
  /// is a new root.
  package func noteLeftTheWindow(_ container: AnyObject) {
    let key = ObjectIdentifier(container)
    state.withLock { if $0.windowRoot == key { $0.windowRoot = nil } }
  }

  /// Asks `catchUp` to record what `owner`, a navigation controller, learns only late (the layers
  /// something else dismissed) before each action of the person's the run records: it happened
  /// before the action, and recorded after it, it would take the action as its trigger. Kept
  /// while `owner` lives.
  @MainActor
  package func catchUpBeforeEachAction<Owner: AnyObject>(
    for owner: Owner, _ catchUp: @escaping @MainActor (Owner) -> Void
  ) {
    lateChanges.catchUps.removeAll { $0.owner == nil }
    lateChanges.catchUps.append(LateChanges.CatchUp(owner: owner) { catchUp($0 as! Owner) })
  }

  /// Runs the catch-ups of ``catchUpBeforeEachAction(for:_:)`` whose owners live.
  @MainActor
  func catchUpLateChanges() {
    lateChanges.catchUps.removeAll { $0.owner == nil }
    for catchUp in lateChanges.catchUps {
      if let owner = catchUp.owner { catchUp.run(owner) }
    }
  }
}

/// What a run's navigation controllers record late, asked for before each action of the person's.
@MainActor
final class LateChanges {
  struct CatchUp {
    weak var owner: AnyObject?
    let run: @MainActor (AnyObject) -> Void
  }

  var catchUps: [CatchUp] = []

  nonisolated init() {}
}

/// The navigation of a router whose changes UIKit made already (or will): recording only.
@MainActor
final class UnperformedNavigation: RouterProtocol {
  func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) { completion?() }
  func pop(animated: Bool, completion: (() -> Void)?) { completion?() }
  func popToRoot(animated: Bool, completion: (() -> Void)?) { completion?() }
  func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) { completion?() }
  func dismiss(animated: Bool, completion: (() -> Void)?) { completion?() }
  func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) { completion?() }
}
