/// Who a recording container's delegate is, UIKit's side and the app's: its watcher sits in
/// UIKit's seat (it sees the person's gestures) and forwards every call to the app's delegate.
///
/// The app reads the watcher back from `delegate`, so a coordinator that sets a delegate of its own
/// for a while and then puts back the one it read (`previous = navigationController.delegate`,
/// later `navigationController.delegate = previous`) puts back the watcher: that restores the app's
/// delegate its own replaced, the latest first. A delegate that forwards every call to the one it
/// found, the watcher (RxCocoa's `DelegateProxy`), sits in front of it, as it checks it does, and
/// setting no delegate then takes it out again.
package struct DelegateSeat {
  private struct Replaced {
    weak var delegate: AnyObject?
  }

  /// The app's delegates that later ones replaced, latest last: at most ``remembered``.
  private var replaced: [Replaced] = []
  private static let remembered = 16

  package init() {}

  /// Takes `newValue`, set by the app as the container's delegate.
  /// - Parameters:
  ///   - newValue: What the app set.
  ///   - watcher: The container's watcher.
  ///   - seated: The delegate UIKit talks to now.
  ///   - appDelegate: The app's delegate the watcher forwards to; updated.
  ///   - forwardsToTheWatcher: Whether a delegate forwards every call to the watcher.
  /// - Returns: The delegate UIKit is to talk to.
  package mutating func take(
    _ newValue: AnyObject?, watcher: AnyObject, seated: AnyObject?, appDelegate: inout AnyObject?,
    forwardsToTheWatcher: (AnyObject) -> Bool
  ) -> AnyObject {
    if newValue === watcher {
      // The delegate the app read, put back: the app's delegate before its latest.
      appDelegate = replaced.popLast()?.delegate
      return watcher
    }
    if let newValue, forwardsToTheWatcher(newValue) { return newValue }
    if newValue == nil, seated !== watcher { return watcher }
    if appDelegate !== newValue {
      replaced.append(Replaced(delegate: appDelegate))
      if replaced.count > Self.remembered { replaced.removeFirst() }
    }
    appDelegate = newValue
    return watcher
  }
}
