// A stand-in for UIKit, for the compiler only: scripts/check-apple-adapters type-checks the
// adapters under Sources (every file inside `#if canImport(UIKit)`) against it on Linux. It
// declares exactly the UIKit API those adapters call, with Apple's signatures (iOS 18 SDK):
// @MainActor classes, @objc delegate protocols with optional requirements. Behaviour is never
// tested through it: that is the UIKit-free core's job (SystemNavigation, StackRouter).
@_exported import ObjectiveC

@MainActor open class UIResponder: NSObject {}

open class NSCoder: NSObject {}
open class Bundle: NSObject {}

@MainActor open class UIViewController: UIResponder {
  public override init() { super.init() }
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
  public required init?(coder: NSCoder) { super.init() }
  open var navigationItem: UINavigationItem { UINavigationItem() }
  open var tabBarController: UITabBarController? { nil }
  open var isModalInPresentation: Bool = false
  open var title: String?
  open var presentedViewController: UIViewController? { nil }
  open var presentingViewController: UIViewController? { nil }
  open var presentationController: UIPresentationController? { nil }
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
  ) {}
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

@MainActor open class UINavigationController: UIViewController {
  public override init() { super.init() }
  public required init?(coder aDecoder: NSCoder) { super.init() }
  public init(rootViewController: UIViewController) { super.init() }
  open var viewControllers: [UIViewController] = []
  open var topViewController: UIViewController? { nil }
  weak open var delegate: (any UINavigationControllerDelegate)?
  open var interactivePopGestureRecognizer: UIGestureRecognizer? { nil }
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
  @discardableResult open func popViewController(animated: Bool) -> UIViewController? { nil }
  @discardableResult open func popToRootViewController(animated: Bool) -> [UIViewController]? { nil }
  @discardableResult open func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  { nil }
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
}

@objc public enum UIModalPresentationStyle: Int, @unchecked Sendable {
  case fullScreen = 0, pageSheet = 1, formSheet = 2, currentContext = 3, custom = 4, overFullScreen = 5
  case overCurrentContext = 6, popover = 7, none = -1, automatic = -2
}

@MainActor open class UITabBarController: UIViewController {
  public override init() { super.init() }
  public required init?(coder: NSCoder) { super.init() }
  open var viewControllers: [UIViewController]?
  unowned(unsafe) open var selectedViewController: UIViewController?
  open var selectedIndex: Int = 0
  weak open var delegate: (any UITabBarControllerDelegate)?
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {}
}

@MainActor open class UIPresentationController: NSObject {
  weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
  open var presentedViewController: UIViewController { UIViewController() }
}

@MainActor @objc public protocol UINavigationControllerDelegate: NSObjectProtocol {
  @objc optional func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool)
  @objc optional func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool)
}

@MainActor @objc public protocol UITabBarControllerDelegate: NSObjectProtocol {
  @objc optional func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool
  @objc optional func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

@MainActor @objc public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  @objc optional func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

@MainActor @objc public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
  var isInteractive: Bool { get }
  var isCancelled: Bool { get }
}

@MainActor @objc
public protocol UIViewControllerTransitionCoordinator:
  UIViewControllerTransitionCoordinatorContext
{
  @discardableResult func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
}

open class CATransaction: NSObject {
  open class func begin() {}
  open class func commit() {}
  open class func setCompletionBlock(_ block: (() -> Void)?) {}
}

@MainActor open class UINavigationItem: NSObject {
  open var rightBarButtonItem: UIBarButtonItem?
}

@MainActor open class UIImage: NSObject {}
@MainActor open class UIMenu: NSObject {}

public typealias UIActionHandler = @MainActor (UIAction) -> Void

@MainActor open class UIAction: NSObject {
  public convenience init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) {
    self.init()
  }
}

@MainActor open class UIBarButtonItem: NSObject {
  public convenience init(
    title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil
  ) {
    self.init()
  }
}

@MainActor open class UIGestureRecognizer: NSObject {
  @objc public enum State: Int, @unchecked Sendable {
    case possible = 0, began = 1, changed = 2, ended = 3, cancelled = 4, failed = 5
  }
  open var state: UIGestureRecognizer.State { .possible }
}
