import UIKit

// What the model of UIKit's tests record: every callback a view controller or a delegate hears,
// one line each, in the order UIKit calls them.

/// What the view controllers and delegates of one test heard, in order.
@MainActor
final class Log {
  private var lines: [String] = []

  func append(_ line: String) { lines.append(line) }

  /// The lines heard since the last call.
  func take() -> [String] {
    defer { lines = [] }
    return lines
  }
}

/// A view controller that writes its view loading and appearance callbacks into a log, with the
/// flags UIKit sets during each: `B viewWillAppear movingToParent`.
@MainActor
class Recorded: UIViewController {
  let name: String
  let log: Log
  /// Whether `willMove(toParent:)` and `didMove(toParent:)` are logged too.
  var logsMoves = false
  /// Runs in `viewWillDisappear(_:)`, where apps ask the transition coordinator.
  var onWillDisappear: (() -> Void)?

  init(_ name: String, _ log: Log) {
    self.name = name
    self.log = log
    super.init(nibName: nil, bundle: nil)
    title = name
  }

  required init?(coder: NSCoder) { nil }

  func note(_ event: String) {
    var flags: [String] = []
    if isMovingToParent { flags.append("movingToParent") }
    if isMovingFromParent { flags.append("movingFromParent") }
    if isBeingPresented { flags.append("beingPresented") }
    if isBeingDismissed { flags.append("beingDismissed") }
    log.append(([name, event] + flags).joined(separator: " "))
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    log.append("\(name) viewDidLoad")
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    note("viewWillAppear")
  }

  override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    note("viewIsAppearing")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    note("viewDidAppear")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    note("viewWillDisappear")
    onWillDisappear?()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    note("viewDidDisappear")
  }

  override func willMove(toParent parent: UIViewController?) {
    super.willMove(toParent: parent)
    if logsMoves { log.append("\(name) willMove(toParent: \(parent.map { "\(type(of: $0))" } ?? "nil"))") }
  }

  override func didMove(toParent parent: UIViewController?) {
    super.didMove(toParent: parent)
    if logsMoves { log.append("\(name) didMove(toParent: \(parent.map { "\(type(of: $0))" } ?? "nil"))") }
  }
}

/// A navigation controller that writes its own appearance callbacks into a log, as `Nav`.
@MainActor
final class LoggedNavigation: UINavigationController {
  var log: Log?

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    log?.append("Nav viewWillAppear")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    log?.append("Nav viewDidAppear")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    log?.append("Nav viewWillDisappear")
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    log?.append("Nav viewDidDisappear")
  }
}

/// A delegate of navigation controllers, presentations and tab bar controllers that writes what
/// it hears into a log: `willShow B`, `willDismiss`, `didSelect 1`.
@MainActor
final class LoggedDelegate: NSObject, UINavigationControllerDelegate,
  UIAdaptivePresentationControllerDelegate,
  UITabBarControllerDelegate
{
  let log: Log

  init(_ log: Log) { self.log = log }

  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    log.append("willShow \(viewController.title ?? "?")")
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    log.append("didShow \(viewController.title ?? "?")")
  }

  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    log.append("willDismiss")
  }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    log.append("didDismiss")
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    log.append("didSelect \(tabBarController.selectedIndex)")
  }
}

/// A visible key window showing `root`. The caller keeps it: UIKit does not keep a window alive.
@MainActor
func window(showing root: UIViewController) -> UIWindow {
  let window = UIWindow(frame: UIScreen.main.bounds)
  window.rootViewController = root
  window.makeKeyAndVisible()
  return window
}
