/// One screen on a SwiftUI navigation stack, as `NavigationStack(path:)` holds it: a value
/// SwiftUI can hash and compare, standing for the screen object a coordinator showed.
///
/// Two routes are equal when they stand for the same screen object, so a path SwiftUI writes
/// back can be compared with the one the router holds.
package struct NavigationRoute: Hashable, Identifiable {
  /// The screen shown.
  package let screen: any Presentable

  /// Wraps `screen`.
  /// - Parameter screen: The screen the route shows.
  package init(_ screen: any Presentable) {
    self.screen = screen
  }

  /// The screen's identity.
  package var id: ObjectIdentifier { ObjectIdentifier(screen) }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.screen === rhs.screen }

  package func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// How a modal layer of a ``NavigationStackRouter`` is shown.
public enum ModalStyle: String, Hashable, Sendable {
  /// `.sheet`: the person can swipe it down.
  case sheet
  /// `.fullScreenCover`: no gesture dismisses it; its coordinator does.
  case fullScreenCover
}

/// One navigation stack of a ``NavigationStackRouter``: the bottom one, or a modal layer.
package struct NavigationLayer: Hashable {
  /// `nil` for the bottom stack; how a modal layer is presented otherwise.
  package var style: ModalStyle?
  /// The stack's first screen (`NavigationStack`'s root view); `nil` only for an empty bottom stack.
  package var root: NavigationRoute?
  /// The screens pushed above the root: what `NavigationStack(path:)` binds to.
  package var path: [NavigationRoute]

  /// The layer's screens, root first.
  package var screens: [any Presentable] {
    (root.map { [$0.screen] } ?? []) + path.map(\.screen)
  }
}
