import FlowAtlasPattern
import FlowAtlasTrace

/// A router that records every call and forwards it, unchanged, to the router it wraps.
///
/// Wrap the app's router once; every ``Coordinator`` built on it gets a view bound to
/// itself (``on(behalfOf:)``), so each recorded transition names the coordinator that
/// asked even though several share one navigation stack. Calls made on the recording
/// router itself name no coordinator.
///
/// Each event is recorded before it is forwarded, so navigation done in a completion is
/// recorded after it.
///
/// Navigation the system does on a person's gesture (when the wrapped router reports it,
/// as ``StackRouter`` and `NavigationRouter` do) is recorded with `"initiator":"system"` and
/// its `gesture`, attributed to the coordinator that showed the screen it removed, and then
/// passed on to this router's own observers (the coordinators), so that a flow the person
/// left is recorded finishing after the pop that ended it.
@MainActor
package final class RecordingRouter: AttributingRouter, NavigationStateReporting,
  SystemNavigationRelaying, SystemNavigationObserver
{
  /// The router every call is forwarded to.
  package let base: any RouterProtocol
  /// Where events go.
  package let recorder: Recorder
  /// The router id events carry; `nil` for an app with one navigation stack.
  package let id: String?

  private let reporting: (any NavigationStateReporting)?
  /// Whether `base` is a headless ``StackRouter``, whose changes are over when its calls return.
  private let isHeadless: Bool
  /// Tells whether this router is off-screen (a tab not selected, a navigation controller not
  /// on screen yet), for `background` on its events.
  package var isInBackground: (@MainActor () -> Bool)?
  /// Tells whether a tab bar is switching to this router's tab and has not recorded the switch
  /// yet (UIKit says the tab's navigation controller appeared before the tab bar says it was
  /// selected): its screen is pictured after the switch, once, not before it.
  package var isBeingSelected: (@MainActor () -> Bool)?
  package let systemNavigationObservers = SystemNavigationObservers()

  /// Wraps `base` so that its calls are recorded.
  /// - Parameters:
  ///   - base: The router that navigates; when it reports its state (``StackRouter``,
  ///     `NavigationRouter`), `pop` and `dismiss` name the screen they remove.
  ///   - recorder: Where events go.
  ///   - id: The router id to record, or `nil` for the app's only navigation stack.
  package init(wrapping base: any RouterProtocol, recorder: Recorder, id: String? = nil) {
    self.base = base
    self.recorder = recorder
    self.id = id
    self.reporting = base as? any NavigationStateReporting
    isHeadless = base is StackRouter
    (base as? any SystemNavigationReporting)?.addSystemNavigationObserver(self)
  }

  /// Records what the system did, attributed to the coordinator that showed the screen it
  /// removed, then tells this router's observers.
  package func systemDidNavigate(_ navigation: SystemNavigation) {
    let routerID = id
    let initiator = Initiator.system(gesture: navigation.gesture.rawValue)
    let removed = navigation.removedScreen.map(ObjectHandle.init)
    let attribute: (inout RecorderState) -> String? = { state in
      removed.flatMap { state.coordinator(showing: $0) }
    }
    switch navigation.kind {
    case .pop:
      recordRemoving(navigation.removedScreen, by: attribute) { screen, coordinator in
        .pop(coordinator: coordinator, router: routerID, screen: screen, initiator: initiator)
      }
    case .popTo:
      if let shown = navigation.shown {
        recordShowing(shown, by: attribute, puts: false) { screen, coordinator in
          .popTo(screen: screen, coordinator: coordinator, router: routerID, initiator: initiator)
        }
      }
    case .popToRoot:
      recordRemoving(navigation.removedScreen, by: attribute) { _, coordinator in
        .popToRoot(coordinator: coordinator, router: routerID, initiator: initiator)
      }
    case .dismiss:
      recordSystemDismissal(of: navigation.removedScreen, gesture: navigation.gesture)
    case .selectTab:
      // A tab bar tap belongs to the tab container: RecordingTabRouter records it.
      break
    }
    headlessChangeEnded()
    systemNavigationObservers.notify(navigation)
  }

  /// A screen the wrapped router shows finished appearing: a title its view set is recorded.
  package func routerDidShow(_ screen: any Presentable) {
    noteShown(screen)
    systemNavigationObservers.notifyShown(screen)
  }

  /// Records the system's `dismiss` on the person's swipe, attributed to the coordinator that
  /// showed `removed`: from inside, of this router's whole stack (a presented navigation
  /// controller swiped down: revision 4's dismiss from inside a container), or of the modal
  /// layer this router presented.
  /// - Parameters:
  ///   - removed: The screen the gesture removed (the top of the layer).
  ///   - gesture: What the person did.
  ///   - container: The container the layer is, asked last: where `removed` was set before any
  ///     run knew it, it was shown by whoever presented the container.
  package func recordSystemDismissal(
    of removed: (any Presentable)?, gesture: SystemGesture, container: AnyObject? = nil
  ) {
    let routerID = id
    let handle = removed.map(ObjectHandle.init)
    let wrapper = removed.flatMap { $0.wrapperLeaving(asALayer: true) }
    let shownAs = container.map(ObjectHandle.init)
    recordRemoving(
      removed,
      by: { state in
        wrapper.flatMap { state.coordinator(showing: $0) }
          ?? handle.flatMap { state.coordinator(showing: $0) }
          ?? shownAs.flatMap { state.coordinator(showing: $0) }
      }, leavesALayer: true, knownWrapper: .some(wrapper)
    ) {
      screen, coordinator in
      .dismiss(
        coordinator: coordinator, router: routerID, screen: screen,
        initiator: .system(gesture: gesture.rawValue))
    }
  }

  /// What the wrapped router shows (nothing known when it does not report its state).
  package var layers: [[any Presentable]] { reporting?.layers ?? [[]] }
  package var refusesPresentation: Bool { reporting?.refusesPresentation ?? false }

  package func on(behalfOf coordinator: any CoordinatorProtocol) -> any RouterProtocol {
    AttributedRecordingRouter(router: self, coordinator: coordinator)
  }

  package func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    push(screen, animated: animated, completion: completion, by: nil)
  }

  package func pop(animated: Bool, completion: (() -> Void)?) {
    pop(animated: animated, completion: completion, by: nil)
  }

  package func popToRoot(animated: Bool, completion: (() -> Void)?) {
    popToRoot(animated: animated, completion: completion, by: nil)
  }

  package func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    present(screen, animated: animated, completion: completion, by: nil)
  }

  package func dismiss(animated: Bool, completion: (() -> Void)?) {
    dismiss(animated: animated, completion: completion, by: nil)
  }

  package func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    setRoot(screen, animated: animated, completion: completion, by: nil)
  }

  /// Records `router.push` on behalf of `coordinator`, then pushes.
  /// - Parameters:
  ///   - screen: The screen to push.
  ///   - animated: Whether to animate.
  ///   - completion: Runs when the push is done.
  ///   - coordinator: Who asked, or `nil` when unknown.
  package func push(
    _ screen: any Presentable, animated: Bool, completion: (() -> Void)?,
    by coordinator: (any CoordinatorProtocol)?
  ) {
    push(screen, animated: animated, completion: completion, coordinatorID: id(of: coordinator))
  }

  /// Records `router.pop` (naming the screen it removes) on behalf of `coordinator`, then pops.
  /// - Parameters:
  ///   - animated: Whether to animate.
  ///   - completion: Runs when the pop is done.
  ///   - coordinator: Who asked, or `nil` when unknown.
  package func pop(
    animated: Bool, completion: (() -> Void)?, by coordinator: (any CoordinatorProtocol)?
  ) {
    pop(animated: animated, completion: completion, coordinatorID: id(of: coordinator))
  }

  /// Records `router.popToRoot` on behalf of `coordinator`, then pops to the root.
  /// - Parameters:
  ///   - animated: Whether to animate.
  ///   - completion: Runs when the pop is done.
  ///   - coordinator: Who asked, or `nil` when unknown.
  package func popToRoot(
    animated: Bool, completion: (() -> Void)?, by coordinator: (any CoordinatorProtocol)?
  ) {
    popToRoot(animated: animated, completion: completion, coordinatorID: id(of: coordinator))
  }

  /// Records `router.present` on behalf of `coordinator`, then presents.
  /// - Parameters:
  ///   - screen: The screen to present.
  ///   - animated: Whether to animate.
  ///   - completion: Runs when the presentation is done.
  ///   - coordinator: Who asked, or `nil` when unknown.
  package func present(
    _ screen: any Presentable, animated: Bool, completion: (() -> Void)?,
    by coordinator: (any CoordinatorProtocol)?
  ) {
    present(screen, animated: animated, completion: completion, coordinatorID: id(of: coordinator))
  }

  /// Records `router.dismiss` (naming the modal screen it removes) on behalf of
  /// `coordinator`, then dismisses.
  /// - Parameters:
  ///   - animated: Whether to animate.
  ///   - completion: Runs when the dismissal is done.
  ///   - coordinator: Who asked, or `nil` when unknown.
  package func dismiss(
    animated: Bool, completion: (() -> Void)?, by coordinator: (any CoordinatorProtocol)?
  ) {
    dismiss(animated: animated, completion: completion, coordinatorID: id(of: coordinator))
  }

  /// Records `router.setRoot` on behalf of `coordinator` (with `background: true` when the
  /// router is a tab not selected), then sets the root.
  /// - Parameters:
  ///   - screen: The new root.
  ///   - animated: Whether to animate.
  ///   - completion: Runs when the change is done.
  ///   - coordinator: Who asked, or `nil` when unknown.
  package func setRoot(
    _ screen: any Presentable, animated: Bool, completion: (() -> Void)?,
    by coordinator: (any CoordinatorProtocol)?
  ) {
    setRoot(screen, animated: animated, completion: completion, coordinatorID: id(of: coordinator))
  }

  // The forms below take the coordinator's id already resolved: a bound view resolves it
  // once and keeps it, so a recorded event costs one lock.

  func push(
    _ screen: any Presentable, animated: Bool, completion: (() -> Void)?, coordinatorID: String?
  ) {
    let (routerID, background) = (id, offScreen)
    recordShowing(screen, by: coordinatorID) { screen, coordinator in
      .push(
        screen: screen, coordinator: coordinator, router: routerID, animated: animated, background: background
      )
    }
    base.push(screen, animated: animated, completion: shownAtOnce(then: completion))
  }

  func pop(animated: Bool, completion: (() -> Void)?, coordinatorID: String?) {
    let (routerID, background) = (id, offScreen)
    recordRemoving(reporting?.screenRemovedByPop, by: coordinatorID) { screen, coordinator in
      .pop(coordinator: coordinator, router: routerID, screen: screen, background: background)
    }
    base.pop(animated: animated, completion: shownAtOnce(then: completion))
  }

  func popToRoot(animated: Bool, completion: (() -> Void)?, coordinatorID: String?) {
    let (routerID, background) = (id, offScreen)
    recordRemoving(nil, by: coordinatorID) { _, coordinator in
      .popToRoot(coordinator: coordinator, router: routerID, background: background)
    }
    base.popToRoot(animated: animated, completion: shownAtOnce(then: completion))
  }

  func present(
    _ screen: any Presentable, animated: Bool, completion: (() -> Void)?, coordinatorID: String?
  ) {
    // What the router will refuse is no navigation: the router reports it (a UIKit router, where
    // a layer still leaves).
    guard !refusesPresentation else {
      return base.present(screen, animated: animated, completion: completion)
    }
    let (routerID, background) = (id, offScreen)
    recordShowing(screen, by: coordinatorID) { screen, coordinator in
      .present(
        screen: screen, coordinator: coordinator, router: routerID, animated: animated, background: background
      )
    }
    base.present(screen, animated: animated, completion: shownAtOnce(then: completion))
  }

  /// Records the app's `dismiss` of this router's whole stack from inside (a presented navigation
  /// controller dismissing itself: revision 4), naming `removed`, the screen that leaves.
  package func dismissItself(removing removed: (any Presentable)?, animated: Bool, completion: (() -> Void)?)
  {
    dismiss(animated: animated, completion: completion, coordinatorID: nil, removing: removed)
  }

  /// Records the app's `present` that UIKit performs itself (a tab bar controller of the app's
  /// own presenting a flow), attributed as a router event is.
  package func recordPresentation(of screen: any Presentable, animated: Bool) {
    let (routerID, background) = (id, offScreen)
    recordShowing(screen, by: nil) { screen, coordinator in
      .present(
        screen: screen, coordinator: coordinator, router: routerID, animated: animated, background: background
      )
    }
  }

  /// Records the app's `dismiss` that UIKit performs itself (a tab bar controller of the app's
  /// own dismissing what it presented), naming `removed`, the screen that leaves.
  /// - Parameter unattributed: The dismissal was made elsewhere, earlier: it names no coordinator
  ///   and leaves a coordinator's waiting read for the navigation it waits for.
  package func recordDismissal(removing removed: any Presentable, unattributed: Bool = false) {
    let (routerID, background) = (id, offScreen)
    let event: (ScreenMention?, String?) -> TraceEvent = { screen, coordinator in
      .dismiss(coordinator: coordinator, router: routerID, screen: screen, background: background)
    }
    if unattributed {
      recordRemoving(removed, by: { _ in nil }, leavesALayer: true, event)
    } else {
      recordRemoving(removed, by: nil, leavesALayer: true, event)
    }
  }

  func dismiss(
    animated: Bool, completion: (() -> Void)?, coordinatorID: String?,
    removing removed: (any Presentable)? = nil
  ) {
    let (routerID, background) = (id, offScreen)
    recordRemoving(removed ?? reporting?.screenRemovedByDismiss, by: coordinatorID, leavesALayer: true) {
      screen, coordinator in
      .dismiss(coordinator: coordinator, router: routerID, screen: screen, background: background)
    }
    base.dismiss(animated: animated, completion: shownAtOnce(then: completion))
  }

  func setRoot(
    _ screen: any Presentable, animated: Bool, completion: (() -> Void)?, coordinatorID: String?
  ) {
    let (routerID, background) = (id, offScreen)
    recordShowing(screen, by: coordinatorID) { screen, coordinator in
      .setRoot(screen: screen, coordinator: coordinator, router: routerID, background: background)
    }
    base.setRoot(screen, animated: animated, completion: shownAtOnce(then: completion))
  }

  /// Records `router.setRoot` of `screen`, which UIKit shows already, by nobody: what put it there
  /// was not seen (a window's root set before the run began). Performs nothing and takes no read;
  /// the event spends a waiting read all the same, which a caller keeps with `keepingWaitingRead`.
  package func recordRootByNobody(_ screen: any Presentable) {
    let routerID = id
    recordShowing(screen, by: { _ in nil }, puts: true) { screen, coordinator in
      .setRoot(screen: screen, coordinator: coordinator, router: routerID, background: nil)
    }
  }

  /// Records what the router held before any run knew it, as UIKit holds it: its root, then each
  /// screen above it, prepared off-screen (`background`) and attributed to nobody (what put
  /// them there was not seen), or, for a screen the run saw shown before (a container shown
  /// again), to the coordinator that showed it. Performs nothing, and leaves a waiting read for
  /// the event that made the run look.
  package func recordPrepared(_ screens: [any Presentable]) {
    guard let root = screens.first else { return }
    let routerID = id
    recordShowing(root, by: Self.whoShowed(root), puts: true) { screen, coordinator in
      .setRoot(screen: screen, coordinator: coordinator, router: routerID, background: true)
    }
    for above in screens.dropFirst() {
      recordShowing(above, by: Self.whoShowed(above), puts: true) { screen, coordinator in
        .push(screen: screen, coordinator: coordinator, router: routerID, animated: false, background: true)
      }
    }
  }

  /// The coordinator that showed `screen`, where the run recorded it shown before (a container
  /// shown again, whose routers the model emptied when it left): it is that coordinator's still.
  private static func whoShowed(_ screen: any Presentable) -> (inout RecorderState) -> String? {
    let handle = ObjectHandle(screen)
    return { state in state.coordinator(showing: handle) }
  }

  /// `true` while the router is off-screen (a tab not selected, a navigation controller not
  /// presented yet): its events are recorded as `background` (revision 4, every router event).
  var offScreen: Bool? { (isInBackground?() ?? false) ? true : nil }

  /// Records what became known of `screen` once it was shown: a title its view set when it
  /// loaded (`screen.update`), where the trace gave another; and its screenshot, where the run
  /// takes them and this router is on screen (a tab another tab hides is not).
  package func noteShown(_ screen: any Presentable) {
    let handle = ObjectHandle(screen)
    let title = screen.screenTitle
    recorder.record { state in state.titleUpdate(of: handle, title: title) }
    if recorder.takesScreenshots, offScreen != true, isBeingSelected?() != true {
      recorder.screenWasShown(screen)
    }
  }

  /// A headless ``StackRouter`` has finished a change when it calls its completion: the screen
  /// on top then is on screen, which UIKit's routers say by `didShow` instead. Where the run
  /// takes screenshots, `completion` is wrapped to take its picture first; otherwise it is
  /// `completion` itself, and recording costs what it did.
  private func shownAtOnce(then completion: (() -> Void)?) -> (() -> Void)? {
    guard isHeadless, recorder.takesScreenshots else { return completion }
    return { [weak self] in
      self?.headlessChangeEnded()
      completion?()
    }
  }

  /// Pictures the screen a headless router shows now, where the run takes screenshots.
  private func headlessChangeEnded() {
    guard isHeadless, recorder.takesScreenshots, offScreen != true, let top = layers.last?.last
    else {
      return
    }
    recorder.screenWasShown(top)
  }

  /// Records the app's `popTo` of `screen` (a pop to a screen below the top, which
  /// ``RouterProtocol`` does not ask for), attributed as a router event is, then `perform`s it.
  package func popTo(_ screen: any Presentable, perform: () -> Void) {
    let (routerID, background) = (id, offScreen)
    recordShowing(screen, by: nil, puts: false) { screen, coordinator in
      .popTo(screen: screen, coordinator: coordinator, router: routerID, background: background)
    }
    perform()
  }

  /// The id of a coordinator asking directly (not through its bound view, which keeps it).
  func id(of coordinator: (any CoordinatorProtocol)?) -> String? {
    coordinator.map { recorder.id(ofCoordinator: $0) }
  }

  /// Records an event that shows `screen`; one that puts it on a stack (setRoot, push,
  /// present) remembers who did, for the system event that may remove it later.
  fileprivate func recordShowing(
    _ screen: any Presentable, by coordinatorID: String?, puts: Bool = true,
    _ event: @escaping (ScreenMention, String?) -> TraceEvent
  ) {
    let reader = coordinatorID == nil ? FollowedCoordinators.takeReader(for: recorder, showing: screen) : nil
    recordShowing(
      screen, by: { state in coordinatorID ?? state.coordinatorID(readBy: reader) }, puts: puts, event)
  }

  fileprivate func recordShowing(
    _ shown: any Presentable, by coordinator: (inout RecorderState) -> String?, puts: Bool,
    _ event: @escaping (ScreenMention, String?) -> TraceEvent
  ) {
    let (screen, screenType) = shown.recordedScreen
    let handle = ObjectHandle(screen)
    // A plain navigation controller shown as its first screen: known by it from now on.
    let wrapper = screen !== shown ? ObjectHandle(shown) : nil
    let title = screen.screenTitle
    var coordinator = coordinator
    var hosts: [String]?
    if let container = screen as? any RecordedContainer {
      // Who asked is known first: the container's routers then get their ids and record what
      // they hold, events that a waiting read must not outlive, before its own event.
      let asking = recorder.state.withLock { coordinator(&$0) }
      coordinator = { _ in asking }
      hosts = container.hostedRouters(in: recorder)
      // A container with nothing to host yet is recorded once it has something, as the same event
      // by the same coordinator (this router kept for it: the window's is made for each event).
      let kept =
        hosts == []
        && container.awaitRouters { [weak container] in
          guard let container else { return }
          self.recordShowing(container, by: { _ in asking }, puts: puts, event)
        }
      if kept { return }
    }
    recorder.record { state in
      // The coordinator first: ids of coordinators and of screens are counted apart, and the
      // screen's entry then notes who showed it in the one look-up that names it.
      let coordinatorID = coordinator(&state)
      let mention = state.mention(
        screen: handle, type: screenType, title: title, hosts: hosts,
        shownBy: puts ? .some(coordinatorID) : nil, wrapper: wrapper)
      return event(mention, coordinatorID)
    }
  }

  fileprivate func recordRemoving(
    _ removed: (any Presentable)?, by coordinatorID: String?, leavesALayer: Bool = false,
    _ event: (ScreenMention?, String?) -> TraceEvent
  ) {
    let reader = coordinatorID == nil ? FollowedCoordinators.takeReader(for: recorder) : nil
    recordRemoving(
      removed, by: { state in coordinatorID ?? state.coordinatorID(readBy: reader) },
      leavesALayer: leavesALayer,
      event)
  }

  /// Records an event that removes `removed`, or names nothing where it is nil.
  /// - Parameters:
  ///   - leavesALayer: A presented layer leaves (a dismissal), named by its first screen: where
  ///     that is the first of a plain navigation controller, the layer is the screen the run showed
  ///     it as (asked only then: the look-up is a dynamic cast).
  ///   - knownWrapper: That plain navigation controller (or `.some(nil)`: none), where the caller
  ///     looked it up already.
  fileprivate func recordRemoving(
    _ removed: (any Presentable)?, by coordinator: (inout RecorderState) -> String?,
    leavesALayer: Bool = false, knownWrapper: ObjectHandle?? = nil,
    _ event: (ScreenMention?, String?) -> TraceEvent
  ) {
    guard let removed else {
      recorder.record { state in event(nil, coordinator(&state)) }
      return
    }
    // A plain navigation controller (given, or the one whose first screen leaves) leaves as the
    // screen the run showed it as, though its first screen was replaced since.
    let (screen, screenType) = removed.recordedScreen
    let handle = ObjectHandle(screen)
    let wrapper = knownWrapper ?? removed.wrapperLeaving(shownAs: screen, asALayer: leavesALayer)
    let title = screen.screenTitle
    recorder.record { state in
      let mention = state.mentionLeaving(screen: handle, type: screenType, title: title, wrapper: wrapper)
      let coordinatorID = coordinator(&state)
      if let wrapper { state.forget(wrapper: wrapper) }
      return event(mention, coordinatorID)
    }
  }
}

extension RecordingRouter {
  /// Records `router.selectTab`: a tab bar switched to this router's tab, showing `screen`.
  func recordSelection(
    of tab: String, showing screen: any Presentable, by coordinator: (any CoordinatorProtocol)?,
    initiator: Initiator = .app
  ) {
    let routerID = id
    let asked = id(of: coordinator)
    // A tab the person tapped is never the coordinator's that last read its router.
    let isSystem = if case .system = initiator { true } else { false }
    let reader = asked == nil && !isSystem ? FollowedCoordinators.takeReader(for: recorder) : nil
    let attribute: (inout RecorderState) -> String? = { state in
      asked ?? state.coordinatorID(readBy: reader)
    }
    recordShowing(screen, by: attribute, puts: false) { screen, coordinator in
      .selectTab(screen: screen, coordinator: coordinator, router: routerID, tab: tab, initiator: initiator)
    }
  }
}

extension RecordingRouter {
  /// Records `router.selectTab` for a tab bar controller of the app's own: the app's switch is
  /// attributed to the coordinator whose read waits, the person's to the coordinator that showed
  /// `container`.
  /// - Parameters:
  ///   - tab: The tab's name.
  ///   - screen: What the tab shows on top.
  ///   - container: The tab bar controller.
  ///   - initiator: The app, or the system on the person's tap.
  ///   - asking: For the app's switch, the coordinator that asked where it is known already (a
  ///     switch recorded after the tab's first screen, which waited for it).
  ///   - background: The tab bar controller is not on screen.
  package func recordTabSelection(
    _ tab: String, showing screen: any Presentable, container: AnyObject, initiator: Initiator,
    asking: AnyObject? = nil, background: Bool = false
  ) {
    let routerID = id
    let isSystem = initiator.isSystem
    let reader = isSystem || asking != nil ? nil : FollowedCoordinators.takeReader(for: recorder)
    let shownBy = ObjectHandle(container)
    let asker = asking.map(ObjectHandle.init)
    let attribute: (inout RecorderState) -> String? = { state in
      if isSystem { return state.coordinator(showing: shownBy) }
      return asker.map { state.coordinatorID(for: $0) } ?? state.coordinatorID(readBy: reader)
    }
    let background: Bool? = background ? true : nil
    recordShowing(screen, by: attribute, puts: false) { screen, coordinator in
      .selectTab(
        screen: screen, coordinator: coordinator, router: routerID, tab: tab, initiator: initiator,
        background: background)
    }
  }
}

extension RecordingRouter: RouterWrapper {
  package var routerUnderneath: AnyObject { base }
}
