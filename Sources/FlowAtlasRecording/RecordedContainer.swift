import FlowAtlasPattern

/// A screen that shows other routers' navigation rather than content of its own (trace format
/// revision 4, "Containers"): a tab bar controller shows one router per tab, a navigation
/// controller presented with a flow of its own shows its own router.
///
/// Recording writes such a screen, where it is set as a root, pushed or presented, with `hosts`:
/// the ids its routers have in the run. The UIKit containers (`RecordingNavigationController`,
/// `RecordingTabBarController`) are ones.
@MainActor
package protocol RecordedContainer: Presentable {
  /// The ids of the routers it shows in `recorder`'s run, in order, made where they have none
  /// yet (and their stacks recorded as prepared off-screen where the container finds them full).
  func hostedRouters(in recorder: Recorder) -> [String]

  /// Its type as the trace names it (a navigation controller FlowAtlas made is the app's
  /// `UINavigationController`).
  var recordedType: RecordedType { get }

  /// Keeps `announce`, the recording of the event that shows it, until it hosts a router, where it
  /// hosts none yet: a tab bar controller the app shows before it sets its tabs (the format gives
  /// `hosts` when a container first appears, never empty). True where it kept it.
  func awaitRouters(_ announce: @escaping @MainActor () -> Void) -> Bool
}

/// Whether a recorded event put a container where it is, and whether it left since: what the
/// UIKit containers record their appearance and their routers' stacks again by.
package struct ContainerPresence: Sendable {
  /// A recorded event put it where it is (set as a root, pushed, presented): false again once it
  /// left. A showing no recording made is recorded when it appears.
  package private(set) var isAnnounced = false
  /// It left since a recorded event put it where it was.
  private var hasLeft = false

  package init() {}

  /// Notes a recorded event that shows it; returns whether it is shown again after it left (the
  /// model emptied its routers then, so what they hold is recorded again).
  package mutating func announce() -> Bool {
    defer {
      hasLeft = false
      isAnnounced = true
    }
    return hasLeft
  }

  /// Notes that it left (dismissed, moved from its parent, out of the window).
  package mutating func leave() {
    hasLeft = hasLeft || isAnnounced
    isAnnounced = false
  }
}

/// A view controller that only wraps the screen people see, and that records nothing itself (a
/// plain `UINavigationController` an app presents a screen in): a run records that screen where
/// it is shown, as the person sees it (it was `UINavigationController`, a screen of its own, with
/// the screen in it dismissed later as if it had never been shown).
package protocol ScreenWrapper: Presentable {
  /// The screen it is recorded as (the first it shows), or nil where it is a container the run
  /// records.
  var wrappedScreen: (any Presentable)? { get }
}

/// A screen that may be the first of a ``ScreenWrapper`` (a view controller in a plain navigation
/// controller): where it leaves, the wrapper leaves as the screen the run showed it as.
package protocol WrappableScreen: Presentable {
  /// The wrapper whose first screen this is, if any.
  var enclosingWrapper: (any ScreenWrapper)? { get }
}

extension Presentable {
  /// The screen's type as the trace names it; a container names its own.
  ///
  /// Asked at every recorded event: the answer for each type is kept, since a type's name (by
  /// reflection) and its conformance (a dynamic cast) cost more than the rest of recording an
  /// event.
  @MainActor
  package var recordedType: RecordedType {
    let type = ObjectIdentifier(Swift.type(of: self))
    if let known = RecordedTypeNames.names[type] {
      return known ?? (self as? any RecordedContainer)?.recordedType ?? RecordedType(of: Swift.type(of: self))
    }
    let container = self as? any RecordedContainer
    let named = RecordedType(of: Swift.type(of: self))
    RecordedTypeNames.names[type] = container == nil && !(self is any ScreenWrapper) ? named : .some(nil)
    return container?.recordedType ?? named
  }

  /// What a run records where this is shown (itself, or the screen a ``ScreenWrapper`` wraps),
  /// and that screen's type as the trace names it. A screen's type is looked up once, as for
  /// ``recordedType``: only a container's or a wrapper's is cast.
  @MainActor
  package var recordedScreen: (screen: any Presentable, type: RecordedType) {
    if case .some(.some(let named)) = RecordedTypeNames.names[ObjectIdentifier(Swift.type(of: self))] {
      return (self, named)
    }
    if let wrapped = (self as? any ScreenWrapper)?.wrappedScreen { return (wrapped, wrapped.recordedType) }
    return (self, recordedType)
  }

  /// The plain navigation controller this leaves as: itself, where it is one; for a layer that
  /// leaves (`asALayer`, named by its first screen), the one whose first screen it is (asked only
  /// then: the look-up is a dynamic cast).
  @MainActor
  func wrapperLeaving(asALayer: Bool) -> ObjectHandle? {
    wrapperLeaving(shownAs: recordedScreen.screen, asALayer: asALayer)
  }

  /// ``wrapperLeaving(asALayer:)`` where this is known to be shown as `screen` (its
  /// ``recordedScreen``).
  @MainActor
  func wrapperLeaving(shownAs screen: any Presentable, asALayer: Bool) -> ObjectHandle? {
    if screen !== self { return ObjectHandle(self) }
    guard asALayer, let wrapper = (self as? any WrappableScreen)?.enclosingWrapper else { return nil }
    return ObjectHandle(wrapper)
  }
}

/// The names of the screen types recording has met: a name, or nil for a container, which names
/// itself, or a ``ScreenWrapper``. Types live as long as the process, so the table holds one entry
/// per type.
@MainActor
enum RecordedTypeNames {
  static var names: [ObjectIdentifier: RecordedType?] = [:]
}
