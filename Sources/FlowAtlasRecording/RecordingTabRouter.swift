import FlowAtlasPattern
import FlowAtlasTrace

/// A tab container that records tab switches and gives each tab a ``RecordingRouter`` with
/// a router id of its own (the tab's name by default).
///
/// A tab's `setRoot` while another tab is shown is recorded with `background: true`, as the
/// trace format asks for routers prepared off-screen. A tab the person taps in the tab bar
/// (when the wrapped container reports it, as ``TabRouter`` and `TabBarRouter` do) is recorded
/// as a system `selectTab` (`gesture: tabBar`), attributed to the coordinator that switches
/// tabs through this container.
@MainActor
package final class RecordingTabRouter: AttributingTabRouter, SystemNavigationRelaying,
  SystemNavigationObserver
{
  /// The tab container every call is forwarded to.
  package let base: any TabRouting
  /// Where events go.
  package let recorder: Recorder
  private var routers: [String: RecordingRouter] = [:]
  package let systemNavigationObservers = SystemNavigationObservers()
  /// The coordinator that took a view of this container first: the tab container's coordinator.
  private weak var container: (any CoordinatorProtocol)?

  /// Wraps `base` and each of its tabs' routers.
  /// - Parameters:
  ///   - base: The tab container that navigates.
  ///   - recorder: Where events go.
  ///   - routerID: The router id to record for a tab's navigation stack; the tab's name by default.
  package init(
    wrapping base: any TabRouting, recorder: Recorder,
    routerID: (_ tab: String) -> String = { $0 }
  ) {
    self.base = base
    self.recorder = recorder
    for tab in base.tabs {
      guard let router = base.router(forTab: tab) else { continue }
      let recording = RecordingRouter(wrapping: router, recorder: recorder, id: routerID(tab))
      recording.isInBackground = { [weak base] in base?.selectedTab != tab }
      routers[tab] = recording
    }
    (base as? any SystemNavigationReporting)?.addSystemNavigationObserver(self)
  }

  /// Records a tab the person tapped, then tells this container's observers.
  package func systemDidNavigate(_ navigation: SystemNavigation) {
    if navigation.kind == .selectTab, let tab = navigation.tab {
      let initiator = Initiator.system(gesture: navigation.gesture.rawValue)
      if let router = routers[tab], let screen = router.visibleScreen {
        router.recordSelection(of: tab, showing: screen, by: container, initiator: initiator)
        router.noteShown(screen)
      } else {
        recorder.note("selectTab \(tab) by the tab bar: the tab shows nothing yet")
      }
    }
    systemNavigationObservers.notify(navigation)
  }

  package var tabs: [String] { base.tabs }

  package var selectedTab: String? { base.selectedTab }

  /// The recording router of `tab`: build the tab's coordinator on it.
  package func router(forTab tab: String) -> (any RouterProtocol)? { routers[tab] }

  /// The recording router of `tab`, as its concrete type.
  /// - Parameter tab: A tab's name.
  /// - Returns: Its recording router, or `nil` when there is no such tab.
  package func recordingRouter(forTab tab: String) -> RecordingRouter? { routers[tab] }

  package func on(behalfOf coordinator: any CoordinatorProtocol) -> any TabRouting {
    if container == nil { container = coordinator }
    return AttributedRecordingTabRouter(router: self, coordinator: coordinator)
  }

  package func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?) {
    selectTab(tab, animated: animated, completion: completion, by: nil)
  }

  /// Records `router.selectTab` on behalf of `coordinator`, then switches.
  ///
  /// `selectTab` must name the tab's top screen; a switch to a tab that does not exist
  /// or shows nothing yet is recorded as a `note` instead, so the trace stays valid.
  /// - Parameters:
  ///   - tab: The tab's name.
  ///   - animated: Whether to animate.
  ///   - completion: Runs when the switch is done.
  ///   - coordinator: Who asked, or `nil` when unknown.
  package func selectTab(
    _ tab: String, animated: Bool, completion: (() -> Void)?,
    by coordinator: (any CoordinatorProtocol)?
  ) {
    let shown = routers[tab].flatMap { router in router.visibleScreen.map { (router, $0) } }
    if let (router, screen) = shown {
      router.recordSelection(of: tab, showing: screen, by: coordinator)
    } else {
      recorder.note("selectTab \(tab): no such tab, or it shows nothing yet")
    }
    base.selectTab(tab, animated: animated) {
      // The tab's screen is on screen now, as UIKit's tab bar controller says of its own.
      if let (router, screen) = shown { router.noteShown(screen) }
      completion?()
    }
  }
}

/// A ``RecordingTabRouter`` seen from one coordinator (held weakly).
@MainActor
package final class AttributedRecordingTabRouter: AttributingTabRouter {
  /// The recording tab router calls go to.
  package let router: RecordingTabRouter
  /// The coordinator calls are attributed to, while it lives.
  package private(set) weak var coordinator: (any CoordinatorProtocol)?

  /// Creates the view of `router` bound to `coordinator`, as `router.on(behalfOf:)` does (the only
  /// way an app gets one).
  /// - Parameters:
  ///   - router: The recording tab router to forward to.
  ///   - coordinator: The coordinator that asks.
  init(router: RecordingTabRouter, coordinator: any CoordinatorProtocol) {
    self.router = router
    self.coordinator = coordinator
  }

  package var tabs: [String] { router.tabs }

  package var selectedTab: String? { router.selectedTab }

  package func router(forTab tab: String) -> (any RouterProtocol)? { router.router(forTab: tab) }

  package func on(behalfOf coordinator: any CoordinatorProtocol) -> any TabRouting {
    router.on(behalfOf: coordinator)
  }

  package func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?) {
    router.selectTab(tab, animated: animated, completion: completion, by: coordinator)
  }
}

extension RecordingTabRouter: RouterWrapper {
  package var routerUnderneath: AnyObject { base }
}

extension AttributedRecordingTabRouter: RouterWrapper {
  package var routerUnderneath: AnyObject { router }
}
