/// A router that can say what it shows: a navigation stack and, above it, modal layers,
/// each a navigation stack of its own (the trace format's "Stacks" model).
///
/// Recording reads it to name the screen a `pop` or `dismiss` removes.
@MainActor
package protocol NavigationStateReporting: AnyObject {
  /// Everything shown, bottom first: `layers[0]` is the navigation stack (empty before the
  /// first screen), every later layer a modal layer that is never empty.
  var layers: [[any Presentable]] { get }
  /// Whether a `present` now would be refused (a layer whose dismissal is under way is still
  /// presented where it would go), so recording it would record what never happens.
  var refusesPresentation: Bool { get }
}

extension NavigationStateReporting {
  package var refusesPresentation: Bool { false }

  /// The screen people see: the top of the topmost layer.
  package var visibleScreen: (any Presentable)? { layers.last?.last }

  /// The screen a `pop` would remove, or `nil` when the top layer has only its first screen.
  package var screenRemovedByPop: (any Presentable)? {
    guard let top = layers.last, top.count > 1 else { return nil }
    return top.last
  }

  /// The modal screen a `dismiss` would remove (with what it pushed), or `nil` when nothing is presented.
  package var screenRemovedByDismiss: (any Presentable)? {
    guard layers.count > 1 else { return nil }
    return layers.last?.first
  }
}
