/// Performs navigation for coordinators: a wrapper around a navigation stack
/// (`UINavigationController` on iOS, ``StackRouter`` headless).
///
/// Coordinators decide *what* comes next; a router only knows *how* to show it.
@MainActor
public protocol RouterProtocol: AnyObject {
  /// Pushes a screen on the topmost navigation stack.
  func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?)
  /// Removes the top screen of the topmost navigation stack.
  func pop(animated: Bool, completion: (() -> Void)?)
  /// Keeps only the first screen of the topmost navigation stack.
  func popToRoot(animated: Bool, completion: (() -> Void)?)
  /// Shows a screen modally, above everything the router shows, in a navigation stack of its own.
  func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?)
  /// Removes the topmost modal layer and whatever it pushed.
  func dismiss(animated: Bool, completion: (() -> Void)?)
  /// Replaces everything the router shows, modal layers included, with one screen.
  func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?)
}

extension RouterProtocol {
  public func push(_ screen: any Presentable, animated: Bool = true) {
    push(screen, animated: animated, completion: nil)
  }
  public func pop(animated: Bool = true) { pop(animated: animated, completion: nil) }
  public func popToRoot(animated: Bool = true) { popToRoot(animated: animated, completion: nil) }
  public func present(_ screen: any Presentable, animated: Bool = true) {
    present(screen, animated: animated, completion: nil)
  }
  public func dismiss(animated: Bool = true) { dismiss(animated: animated, completion: nil) }
  public func setRoot(_ screen: any Presentable, animated: Bool = false) {
    setRoot(screen, animated: animated, completion: nil)
  }
}
