/// What a person did for the system to navigate, without the app's code asking.
public enum SystemGesture: String, Hashable, Sendable, CaseIterable {
  /// The navigation bar's back button.
  case backButton
  /// The interactive pop: a swipe from the screen's leading edge.
  case edgeSwipe
  /// The back button's long-press menu, to a screen further down the stack.
  case backMenu
  /// A sheet swiped down.
  case swipeDown
  /// A sheet dismissed by a tap outside it, on its dimming view (a form sheet on an iPad, a sheet
  /// at a smaller detent): a dismissal the person makes that is no interactive swipe.
  case tapOutside
  /// A tab bar item tapped.
  case tabBar
  /// Back one screen, by the back button or the edge swipe: SwiftUI writes the shorter path
  /// without saying which.
  case back
}

/// Navigation a router did not perform itself: the system did it on a person's gesture.
///
/// The routers report it to the coordinators that showed the screens it removed
/// (``Coordinator/systemDidRemoveScreens(_:)``); ``Coordinator`` finishes a child whose first
/// screen it removed, and recording writes it with `"initiator":"system"`.
@MainActor
public struct SystemNavigation {
  /// What changed, in the trace format's words.
  public enum Kind: String, Hashable, Sendable {
    /// The top screen of the top layer was removed.
    case pop
    /// Every screen above ``SystemNavigation/shown`` in the top layer was removed.
    case popTo
    /// Every screen above the first of the top layer was removed: the person tapped the tab
    /// that was already selected (gesture ``SystemGesture/tabBar``, trace format revision 3).
    case popToRoot
    /// The topmost modal layer was removed.
    case dismiss
    /// Another tab was selected.
    case selectTab
  }

  public var kind: Kind
  public var gesture: SystemGesture
  /// The screens removed, the one people saw first (nothing for ``Kind/selectTab``).
  public var removed: [any Presentable]
  /// What people see now.
  public var shown: (any Presentable)?
  /// The tab selected, for ``Kind/selectTab``.
  public var tab: String?

  package init(
    kind: Kind, gesture: SystemGesture, removed: [any Presentable], shown: (any Presentable)?,
    tab: String? = nil
  ) {
    self.kind = kind
    self.gesture = gesture
    self.removed = removed
    self.shown = shown
    self.tab = tab
  }

  /// The screen the trace names as removed: a pop's screen, a dismissed layer's first screen,
  /// the top screen a `popTo` removed.
  public var removedScreen: (any Presentable)? {
    kind == .dismiss ? removed.last : removed.first
  }

  /// What the system did to a router's screens, from what it showed before and after.
  ///
  /// The UIKit adapters and the headless routers both decide with it, so the rules are tested
  /// once, on Linux: one screen gone from the top layer is a `pop` (a `popTo` when the person
  /// picked it from the back menu), several are a `popTo` the new top, all but the first by a
  /// tap on the selected tab a `popToRoot`, a layer gone is a `dismiss`. Anything else (nothing changed, as after a cancelled swipe, or a change the
  /// system does not make) is `nil`: nothing to report.
  ///
  /// - Parameters:
  ///   - before: The layers shown before, bottom first (the router's layers).
  ///   - after: The layers shown after.
  ///   - gesture: What the person did, where known; the usual gesture for the change otherwise.
  /// - Returns: What the system did, or `nil`.
  package static func between(
    _ before: [[any Presentable]], _ after: [[any Presentable]], gesture: SystemGesture? = nil
  ) -> SystemNavigation? {
    guard !after.isEmpty, !before.isEmpty else { return nil }
    if after.count == before.count - 1, same(Array(before.prefix(after.count)), after),
      let layer = before.last
    {
      return SystemNavigation(
        kind: .dismiss, gesture: gesture ?? .swipeDown, removed: layer.reversed(), shown: after.last?.last)
    }
    guard after.count == before.count, same(Array(before.dropLast()), Array(after.dropLast())),
      let top = before.last, let now = after.last, !now.isEmpty, now.count < top.count,
      same(Array(top.prefix(now.count)), now)
    else { return nil }
    let removed = Array(top[now.count...].reversed())
    let picked = gesture ?? (removed.count == 1 ? .backButton : .backMenu)
    let kind: Kind =
      if picked == .tabBar && now.count == 1 {
        .popToRoot
      } else {
        removed.count == 1 && picked != .backMenu ? .pop : .popTo
      }
    return SystemNavigation(kind: kind, gesture: picked, removed: removed, shown: now.last)
  }

  private static func same(_ lhs: [[any Presentable]], _ rhs: [[any Presentable]]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { same($0, $1) }
  }

  private static func same(_ lhs: [any Presentable], _ rhs: [any Presentable]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
  }
}

/// Told of navigation the system did on a router (see ``SystemNavigationReporting``).
@MainActor
package protocol SystemNavigationObserver: AnyObject {
  /// The system navigated; the router's state already shows the result.
  /// - Parameter navigation: What it did.
  func systemDidNavigate(_ navigation: SystemNavigation)

  /// A screen the router shows finished appearing (its view is loaded: a title it set then is
  /// known). Nothing by default.
  /// - Parameter screen: The screen now visible.
  func routerDidShow(_ screen: any Presentable)
}

extension SystemNavigationObserver {
  package func routerDidShow(_ screen: any Presentable) {}
}

/// A router that reports the navigation it did not perform itself (back button, edge swipe,
/// back menu, a sheet swiped down, a tab bar tap) to its observers, newest observer first.
@MainActor
package protocol SystemNavigationReporting: AnyObject {
  /// Adds `observer`, held weakly; adding one twice does nothing.
  func addSystemNavigationObserver(_ observer: any SystemNavigationObserver)
  /// Removes `observer`.
  func removeSystemNavigationObserver(_ observer: any SystemNavigationObserver)
}

/// The weakly held observers of one router, and how they are told.
@MainActor
package final class SystemNavigationObservers {
  private struct Entry {
    weak var observer: (any SystemNavigationObserver)?
  }

  private var entries: [Entry] = []
  /// The app's own callback (a router's `onSystemNavigation`), told after every observer, so
  /// that a recording router has recorded the gesture before the app's coordinators react.
  package var appCallback: ((SystemNavigation) -> Void)?

  package init() {}

  package func add(_ observer: any SystemNavigationObserver) {
    entries.removeAll { $0.observer == nil }
    guard !entries.contains(where: { $0.observer === observer }) else { return }
    entries.append(Entry(observer: observer))
  }

  package func remove(_ observer: any SystemNavigationObserver) {
    entries.removeAll { $0.observer == nil || $0.observer === observer }
  }

  /// Tells every observer, the newest first: a child flow hears before the parent that
  /// started it, so the innermost flow finishes first.
  package func notify(_ navigation: SystemNavigation) {
    for entry in entries.reversed() { entry.observer?.systemDidNavigate(navigation) }
    appCallback?(navigation)
  }

  /// Tells every observer that `screen` finished appearing.
  package func notifyShown(_ screen: any Presentable) {
    for entry in entries.reversed() { entry.observer?.routerDidShow(screen) }
  }

  /// Tells every observer what the system did to a router's layers, decided by
  /// ``SystemNavigation/between(_:_:gesture:)``; nothing when it did nothing.
  package func notify(
    from before: [[any Presentable]], to after: [[any Presentable]], gesture: SystemGesture?
  ) {
    if let navigation = SystemNavigation.between(before, after, gesture: gesture) { notify(navigation) }
  }
}

/// A router that keeps its observers in a ``SystemNavigationObservers`` and tells them itself:
/// ``SystemNavigationReporting``'s two methods come with it.
@MainActor
package protocol SystemNavigationRelaying: SystemNavigationReporting {
  /// Who is told of the navigation the system does on this router.
  var systemNavigationObservers: SystemNavigationObservers { get }
}

extension SystemNavigationRelaying {
  package func addSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    systemNavigationObservers.add(observer)
  }

  package func removeSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    systemNavigationObservers.remove(observer)
  }
}
