// A stand-in for UIKit, for the compiler only: scripts/check-apple-adapters type-checks the
// adapters under Sources (every file inside `#if canImport(UIKit)`) and the Purchase example's
// app against it on Linux. It declares the UIKit API those files call, and every API the model of
// UIKit (Tests/UIKitModel) offers apps, with Apple's signatures (iOS 18 SDK): classes and
// protocols @MainActor @preconcurrency (as Swift imports UIKit's UI actor), @objc delegate
// protocols with optional requirements, Foundation re-exported. Behaviour is never
// tested through it: that is the UIKit-free core's job (SystemNavigation, StackRouter), and the
// model's. Two things differ from the SDK where Linux lacks Objective-C bridging: the app and
// scene delegates, whose methods
// take Swift values Linux cannot bridge (URL, dictionaries), are Swift protocols whose methods
// have defaults, which app code implements the same way; and viewController(forKey:) of a
// transition coordinator's context is a method of an extension, not a requirement.
@_exported import Foundation
@_exported import ObjectiveC

@_exported import class ObjectiveC.NSObject
@_exported import protocol ObjectiveC.NSObjectProtocol

@MainActor @preconcurrency open class UIResponder: NSObject {}

@MainActor @preconcurrency open class UIViewController: UIResponder {
  public override init() { super.init() }
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
  public required init?(coder: NSCoder) { super.init() }
  open var view: UIView!
  open func loadView() {}
  open func viewDidLoad() {}
  open var isViewLoaded: Bool { false }
  open var viewIfLoaded: UIView? { nil }
  open func loadViewIfNeeded() {}
  open func viewWillAppear(_ animated: Bool) {}
  open func viewIsAppearing(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}
  open var isMovingToParent: Bool { false }
  open var isMovingFromParent: Bool { false }
  open var isBeingPresented: Bool { false }
  open var isBeingDismissed: Bool { false }
  open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
  open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {}
  open func endAppearanceTransition() {}
  open var navigationItem: UINavigationItem { UINavigationItem() }
  open var tabBarItem: UITabBarItem!
  open var hidesBottomBarWhenPushed: Bool = false
  open var toolbarItems: [UIBarButtonItem]?
  open var parent: UIViewController? { nil }
  open var children: [UIViewController] { [] }
  open func addChild(_ childController: UIViewController) {}
  open func removeFromParent() {}
  open func willMove(toParent parent: UIViewController?) {}
  open func didMove(toParent parent: UIViewController?) {}
  open var navigationController: UINavigationController? { nil }
  open var tabBarController: UITabBarController? { nil }
  open func show(_ vc: UIViewController, sender: Any?) {}
  open func showDetailViewController(_ vc: UIViewController, sender: Any?) {}
  open var storyboard: UIStoryboard? { nil }
  open func performSegue(withIdentifier identifier: String, sender: Any?) {}
  open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
  open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }
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

@MainActor @preconcurrency open class UINavigationController: UIViewController {
  public override init() { super.init() }
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
  public required init?(coder aDecoder: NSCoder) { super.init() }
  public init(rootViewController: UIViewController) { super.init() }
  open var viewControllers: [UIViewController] = []
  open var topViewController: UIViewController? { nil }
  open var visibleViewController: UIViewController? { nil }
  weak open var delegate: (any UINavigationControllerDelegate)?
  open var navigationBar: UINavigationBar { UINavigationBar() }
  open var isNavigationBarHidden: Bool = false
  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {}
  open var isToolbarHidden: Bool = true
  open func setToolbarHidden(_ hidden: Bool, animated: Bool) {}
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

@MainActor @preconcurrency open class UISplitViewController: UIViewController {}

@MainActor @preconcurrency open class UITabBarController: UIViewController {
  public override init() { super.init() }
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
  public required init?(coder: NSCoder) { super.init() }
  open var viewControllers: [UIViewController]?
  unowned(unsafe) open var selectedViewController: UIViewController?
  open var selectedIndex: Int = 0
  weak open var delegate: (any UITabBarControllerDelegate)?
  open var tabBar: UITabBar { UITabBar() }
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {}
}

@MainActor @preconcurrency open class UIPresentationController: NSObject {
  weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
  open var presentedViewController: UIViewController { UIViewController() }
}

@MainActor @preconcurrency @objc public protocol UINavigationControllerDelegate: NSObjectProtocol {
  @objc optional func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool)
  @objc optional func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool)
}

@MainActor @preconcurrency @objc public protocol UITabBarControllerDelegate: NSObjectProtocol {
  @objc optional func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool
  @objc optional func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

@MainActor @preconcurrency @objc public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  @objc optional func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  @objc optional func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  @objc optional func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  @objc optional func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController)
}

@MainActor @preconcurrency @objc
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
  var isAnimated: Bool { get }
  var isInteractive: Bool { get }
  var isCancelled: Bool { get }
}

// A requirement on a device; not one here, where Objective-C cannot represent the key's type.
extension UIViewControllerTransitionCoordinatorContext {
  public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
}

@MainActor @preconcurrency @objc
public protocol UIViewControllerTransitionCoordinator:
  UIViewControllerTransitionCoordinatorContext
{
  @discardableResult func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
  func notifyWhenInteractionChanges(
    _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, @unchecked Sendable {
  public init(rawValue: String) { self.rawValue = rawValue }
  public let rawValue: String
  public static let from = UITransitionContextViewControllerKey(rawValue: "from")
  public static let to = UITransitionContextViewControllerKey(rawValue: "to")
}

open class CATransaction: NSObject {
  open class func begin() {}
  open class func commit() {}
  open class func setCompletionBlock(_ block: (() -> Void)?) {}
}

@MainActor @preconcurrency open class UIView: UIResponder {
  public init(frame: CGRect) { super.init() }
  public required init?(coder: NSCoder) { super.init() }
  public override convenience init() { self.init(frame: .zero) }
  open class var areAnimationsEnabled: Bool { true }
  open class func setAnimationsEnabled(_ enabled: Bool) {}
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {}
  open class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {}
  open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {}
  open var frame: CGRect = .zero
  open var bounds: CGRect = .zero
  open var backgroundColor: UIColor?
  open var isHidden: Bool = false
  open var alpha: CGFloat = 1
  open var tag: Int = 0
  open var isUserInteractionEnabled: Bool = true
  open var accessibilityIdentifier: String?
  open var superview: UIView? { nil }
  open var subviews: [UIView] { [] }
  open var window: UIWindow? { nil }
  open func addSubview(_ view: UIView) {}
  open func insertSubview(_ view: UIView, at index: Int) {}
  open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {}
  open func removeFromSuperview() {}
  open func isDescendant(of view: UIView) -> Bool { false }
  open func layoutIfNeeded() {}
  open func setNeedsLayout() {}
  open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }
  @discardableResult
  open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool { false }
}

// Apple (iOS 10): UIGraphicsRenderer and its image renderer; not main-actor isolated.
open class UIGraphicsRendererFormat: NSObject {
  public override init() { super.init() }
  open class func preferred() -> Self { fatalError() }
  open var bounds: CGRect { .zero }
}

open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
  open var scale: CGFloat = 1
  open var opaque: Bool = false
}

open class UIGraphicsRendererContext: NSObject {
  open func fill(_ rect: CGRect) {}
}

open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {}

open class UIGraphicsRenderer: NSObject {
  public init(bounds: CGRect, format: UIGraphicsRendererFormat) { super.init() }
}

open class UIGraphicsImageRenderer: UIGraphicsRenderer {
  public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
    super.init(bounds: bounds, format: format)
  }
  open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data { Data() }
}

@MainActor @preconcurrency open class UITextField: UIControl {
  open var text: String?
  open var placeholder: String?
  // UITextInputTraits
  open var isSecureTextEntry: Bool = false
}

@MainActor @preconcurrency open class UIScreen: NSObject {
  open class var main: UIScreen { UIScreen() }
  open var bounds: CGRect { .zero }
  open var scale: CGFloat { 1 }
}

open class UIColor: NSObject, @unchecked Sendable {
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }
  public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: 0, green: 0, blue: 0, alpha: 0) }
  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor { self }
  open func setFill() {}
  open class var black: UIColor { UIColor(white: 0, alpha: 1) }
  open class var white: UIColor { UIColor(white: 0, alpha: 1) }
  open class var gray: UIColor { UIColor(white: 0, alpha: 1) }
  open class var lightGray: UIColor { UIColor(white: 0, alpha: 1) }
  open class var darkGray: UIColor { UIColor(white: 0, alpha: 1) }
  open class var clear: UIColor { UIColor(white: 0, alpha: 1) }
  open class var red: UIColor { UIColor(white: 0, alpha: 1) }
  open class var green: UIColor { UIColor(white: 0, alpha: 1) }
  open class var blue: UIColor { UIColor(white: 0, alpha: 1) }
  open class var orange: UIColor { UIColor(white: 0, alpha: 1) }
  open class var yellow: UIColor { UIColor(white: 0, alpha: 1) }
  open class var purple: UIColor { UIColor(white: 0, alpha: 1) }
  open class var systemBackground: UIColor { UIColor(white: 0, alpha: 1) }
  open class var secondarySystemBackground: UIColor { UIColor(white: 0, alpha: 1) }
  open class var systemGroupedBackground: UIColor { UIColor(white: 0, alpha: 1) }
  open class var label: UIColor { UIColor(white: 0, alpha: 1) }
  open class var secondaryLabel: UIColor { UIColor(white: 0, alpha: 1) }
  open class var separator: UIColor { UIColor(white: 0, alpha: 1) }
  open class var link: UIColor { UIColor(white: 0, alpha: 1) }
  open class var systemBlue: UIColor { UIColor(white: 0, alpha: 1) }
  open class var systemRed: UIColor { UIColor(white: 0, alpha: 1) }
  open class var systemGreen: UIColor { UIColor(white: 0, alpha: 1) }
  open class var systemOrange: UIColor { UIColor(white: 0, alpha: 1) }
  open class var systemGray: UIColor { UIColor(white: 0, alpha: 1) }
}

open class UIImage: NSObject, @unchecked Sendable {
  public init?(named name: String) { super.init() }
  public init?(systemName name: String) { super.init() }
}

@MainActor @preconcurrency open class UILabel: UIView {
  open var text: String?
  open var textColor: UIColor!
  open var numberOfLines: Int = 1
}

@MainActor @preconcurrency open class UIControl: UIView {
  public struct Event: OptionSet, @unchecked Sendable {
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public let rawValue: UInt
    public static var touchDown: UIControl.Event { Event(rawValue: 1) }
    public static var touchUpInside: UIControl.Event { Event(rawValue: 64) }
    public static var valueChanged: UIControl.Event { Event(rawValue: 4096) }
    public static var primaryActionTriggered: UIControl.Event { Event(rawValue: 8192) }
    public static var editingChanged: UIControl.Event { Event(rawValue: 131_072) }
    public static var allEvents: UIControl.Event { Event(rawValue: 0xFFFF_FFFF) }
  }
  public struct State: OptionSet, @unchecked Sendable {
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public let rawValue: UInt
    public static var normal: UIControl.State { State(rawValue: 0) }
    public static var highlighted: UIControl.State { State(rawValue: 1) }
    public static var disabled: UIControl.State { State(rawValue: 2) }
    public static var selected: UIControl.State { State(rawValue: 4) }
  }
  open var isEnabled: Bool = true
  open var isSelected: Bool = false
  open var isHighlighted: Bool = false
  open var state: UIControl.State { .normal }
  open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {}
  open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {}
  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
  open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
  open func sendActions(for controlEvents: UIControl.Event) {}
}

@MainActor @preconcurrency open class UIButton: UIControl {
  @objc public enum ButtonType: Int, @unchecked Sendable {
    case custom = 0, system = 1, detailDisclosure = 2, infoLight = 3, infoDark = 4, contactAdd = 5
    case plain = 6, close = 7
  }
  public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }
  public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) {
    self.init(frame: .zero)
  }
  public convenience init(frame: CGRect, primaryAction: UIAction?) { self.init(frame: frame) }
  open var buttonType: UIButton.ButtonType { .custom }
  open func setTitle(_ title: String?, for state: UIControl.State) {}
  open func title(for state: UIControl.State) -> String? { nil }
  open var currentTitle: String? { nil }
  open func setImage(_ image: UIImage?, for state: UIControl.State) {}
  open func image(for state: UIControl.State) -> UIImage? { nil }
  open var currentImage: UIImage? { nil }
}

@MainActor @preconcurrency open class UIMenuElement: NSObject {
  open var title: String { "" }
  open var image: UIImage? { nil }
}

@MainActor @preconcurrency open class UIMenu: UIMenuElement {
  public convenience init(
    title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: UIMenu.Identifier? = nil,
    options: UIMenu.Options = [], children: [UIMenuElement] = []
  ) { self.init() }
  open var children: [UIMenuElement] { [] }
  public struct Identifier: Hashable, RawRepresentable, @unchecked Sendable {
    public init(rawValue: String) { self.rawValue = rawValue }
    public let rawValue: String
  }
  public struct Options: OptionSet, @unchecked Sendable {
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public let rawValue: UInt
  }
}

public typealias UIActionHandler = @MainActor (UIAction) -> Void

@MainActor @preconcurrency open class UIAction: UIMenuElement {
  public convenience init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) {
    self.init()
  }
}

@MainActor @preconcurrency open class UIBarItem: NSObject {
  open var title: String?
  open var image: UIImage?
  open var tag: Int = 0
  open var isEnabled: Bool = true
}

@MainActor @preconcurrency open class UIBarButtonItem: UIBarItem {
  @objc public enum Style: Int, @unchecked Sendable { case plain = 0, bordered = 1, done = 2 }
  @objc public enum SystemItem: Int, @unchecked Sendable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
    case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
    case pageCurl, close
  }
  public convenience init(title: String?, style: UIBarButtonItem.Style, target: Any?, action: Selector?) {
    self.init()
  }
  public convenience init(image: UIImage?, style: UIBarButtonItem.Style, target: Any?, action: Selector?) {
    self.init()
  }
  public convenience init(
    barButtonSystemItem systemItem: UIBarButtonItem.SystemItem, target: Any?, action: Selector?
  ) { self.init() }
  public convenience init(customView: UIView) { self.init() }
  public convenience init(
    systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil
  ) { self.init() }
  public convenience init(primaryAction: UIAction?) { self.init() }
  public convenience init(
    title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil
  ) { self.init() }
  open var style: UIBarButtonItem.Style = .plain
  weak open var target: AnyObject?
  open var action: Selector?
  open var primaryAction: UIAction?
  open var menu: UIMenu?
  open var customView: UIView?
  open var tintColor: UIColor?
}

@MainActor @preconcurrency open class UITabBarItem: UIBarItem {
  @objc public enum SystemItem: Int, @unchecked Sendable {
    case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads
    case mostRecent, mostViewed
  }
  public convenience init(title: String?, image: UIImage?, tag: Int) { self.init() }
  public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) { self.init() }
  public convenience init(tabBarSystemItem systemItem: UITabBarItem.SystemItem, tag: Int) { self.init() }
  open var selectedImage: UIImage?
  open var badgeValue: String?
}

@MainActor @preconcurrency open class UINavigationItem: NSObject {
  @objc public enum LargeTitleDisplayMode: Int, @unchecked Sendable {
    case automatic = 0, always = 1, never = 2, inline = 3
  }
  public init(title: String) { super.init() }
  public override init() { super.init() }
  open var title: String?
  open var titleView: UIView?
  open var prompt: String?
  open var backBarButtonItem: UIBarButtonItem?
  open var backButtonTitle: String?
  open var hidesBackButton: Bool = false
  open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {}
  open var leftBarButtonItems: [UIBarButtonItem]?
  open var rightBarButtonItems: [UIBarButtonItem]?
  open var leftItemsSupplementBackButton: Bool = false
  open var leftBarButtonItem: UIBarButtonItem?
  open var rightBarButtonItem: UIBarButtonItem?
  open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) {}
  open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) {}
  open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {}
  open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {}
  open var largeTitleDisplayMode: UINavigationItem.LargeTitleDisplayMode = .automatic
}

@MainActor @preconcurrency open class UINavigationBar: UIView {
  weak open var delegate: (any UINavigationBarDelegate)?
  open var prefersLargeTitles: Bool = false
  open var items: [UINavigationItem]?
  open var topItem: UINavigationItem? { nil }
  open var backItem: UINavigationItem? { nil }
}

@MainActor @preconcurrency @objc public protocol UINavigationBarDelegate: NSObjectProtocol {
  @objc optional func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem)
    -> Bool
}

@MainActor @preconcurrency open class UITabBar: UIView {
  open var items: [UITabBarItem]?
  unowned(unsafe) open var selectedItem: UITabBarItem?
}

@MainActor @preconcurrency open class UIGestureRecognizer: NSObject {
  @objc public enum State: Int, @unchecked Sendable {
    case possible = 0, began = 1, changed = 2, ended = 3, cancelled = 4, failed = 5
  }
  open var state: UIGestureRecognizer.State { .possible }
}

@MainActor @preconcurrency open class UIWindow: UIView {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  open var rootViewController: UIViewController?
  weak open var windowScene: UIWindowScene?
  open func makeKeyAndVisible() {}
  open func makeKey() {}
  open var isKeyWindow: Bool { false }
}

@MainActor @preconcurrency open class UIApplication: UIResponder {
  open class var shared: UIApplication { UIApplication() }
  unowned(unsafe) open var delegate: (any UIApplicationDelegate)?
  open var windows: [UIWindow] { [] }
  open var keyWindow: UIWindow? { nil }
  open var connectedScenes: Set<UIScene> { [] }
  open func open(
    _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) {}
  open func canOpenURL(_ url: URL) -> Bool { false }
  public struct LaunchOptionsKey: Hashable, RawRepresentable, @unchecked Sendable {
    public init(rawValue: String) { self.rawValue = rawValue }
    public let rawValue: String
    public static let url = LaunchOptionsKey(rawValue: "url")
    public static let sourceApplication = LaunchOptionsKey(rawValue: "sourceApplication")
    public static let remoteNotification = LaunchOptionsKey(rawValue: "remoteNotification")
    public static let shortcutItem = LaunchOptionsKey(rawValue: "shortcutItem")
    public static let userActivityType = LaunchOptionsKey(rawValue: "userActivityType")
  }
  public struct OpenURLOptionsKey: Hashable, RawRepresentable, @unchecked Sendable {
    public init(rawValue: String) { self.rawValue = rawValue }
    public let rawValue: String
    public static let sourceApplication = OpenURLOptionsKey(rawValue: "sourceApplication")
    public static let annotation = OpenURLOptionsKey(rawValue: "annotation")
    public static let openInPlace = OpenURLOptionsKey(rawValue: "openInPlace")
  }
  public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, @unchecked Sendable {
    public init(rawValue: String) { self.rawValue = rawValue }
    public let rawValue: String
    public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "universalLinksOnly")
  }
}

@MainActor @preconcurrency public protocol UIApplicationDelegate: NSObjectProtocol {
  var window: UIWindow? { get set }
  func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool
  func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any])
    -> Bool
  func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration
}

extension UIApplicationDelegate {
  public var window: UIWindow? {
    get { nil }
    set {}
  }
  public func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  public func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  public func application(
    _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
  )
    -> Bool
  { false }
  public func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration { UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role) }
}

@MainActor @preconcurrency open class UIScene: UIResponder {
  @objc public enum ActivationState: Int, @unchecked Sendable {
    case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
  }
  @MainActor @preconcurrency open class ConnectionOptions: NSObject {
    open var urlContexts: Set<UIOpenURLContext> { [] }
  }
  @MainActor @preconcurrency open class OpenURLOptions: NSObject {
    open var sourceApplication: String? { nil }
    open var openInPlace: Bool { false }
  }
  public init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) { super.init() }
  open var session: UISceneSession { UISceneSession() }
  open var delegate: (any UISceneDelegate)?
  open var activationState: UIScene.ActivationState { .unattached }
}

@MainActor @preconcurrency open class UIWindowScene: UIScene {
  open var windows: [UIWindow] { [] }
  open var keyWindow: UIWindow? { nil }
  open var screen: UIScreen { UIScreen() }
}

@MainActor @preconcurrency open class UISceneSession: NSObject {
  public struct Role: Hashable, RawRepresentable, @unchecked Sendable {
    public init(rawValue: String) { self.rawValue = rawValue }
    public let rawValue: String
    public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
  }
  open var role: UISceneSession.Role { .windowApplication }
  open var persistentIdentifier: String { "" }
  open var configuration: UISceneConfiguration { UISceneConfiguration(name: nil, sessionRole: role) }
}

@MainActor @preconcurrency open class UISceneConfiguration: NSObject {
  public init(name: String?, sessionRole: UISceneSession.Role) { super.init() }
  open var name: String? { nil }
  open var role: UISceneSession.Role { .windowApplication }
  open var delegateClass: AnyClass?
  open var sceneClass: AnyClass?
  open var storyboard: UIStoryboard?
}

@MainActor @preconcurrency open class UIOpenURLContext: NSObject {
  open var url: URL { URL(fileURLWithPath: "/") }
  open var options: UIScene.OpenURLOptions { UIScene.OpenURLOptions() }
}

@MainActor @preconcurrency public protocol UISceneDelegate: NSObjectProtocol {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
  func sceneDidDisconnect(_ scene: UIScene)
  func sceneWillEnterForeground(_ scene: UIScene)
  func sceneDidBecomeActive(_ scene: UIScene)
  func sceneWillResignActive(_ scene: UIScene)
  func sceneDidEnterBackground(_ scene: UIScene)
  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

extension UISceneDelegate {
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {}
  public func sceneDidDisconnect(_ scene: UIScene) {}
  public func sceneWillEnterForeground(_ scene: UIScene) {}
  public func sceneDidBecomeActive(_ scene: UIScene) {}
  public func sceneWillResignActive(_ scene: UIScene) {}
  public func sceneDidEnterBackground(_ scene: UIScene) {}
  public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

@MainActor @preconcurrency public protocol UIWindowSceneDelegate: UISceneDelegate {
  var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
  public var window: UIWindow? {
    get { nil }
    set {}
  }
}

@MainActor @preconcurrency open class UIStoryboard: NSObject {
  public convenience init(name: String, bundle storyboardBundleOrNil: Bundle?) { self.init() }
  open func instantiateInitialViewController() -> UIViewController? { nil }
  open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
    UIViewController()
  }
  @MainActor @preconcurrency public func instantiateViewController<ViewController: UIViewController>(
    identifier: String, creator: ((NSCoder) -> ViewController?)? = nil
  ) -> ViewController { ViewController(coder: NSCoder())! }
  @MainActor @preconcurrency public func instantiateInitialViewController<ViewController: UIViewController>(
    creator: ((NSCoder) -> ViewController?)? = nil
  ) -> ViewController? { nil }
}

@MainActor @preconcurrency open class UIStoryboardSegue: NSObject {
  public init(identifier: String?, source: UIViewController, destination: UIViewController) { super.init() }
  public convenience init(
    identifier: String?, source: UIViewController, destination: UIViewController,
    performHandler: @escaping () -> Void
  ) { self.init(identifier: identifier, source: source, destination: destination) }
  open var identifier: String? { nil }
  open var source: UIViewController { UIViewController() }
  open var destination: UIViewController { UIViewController() }
  open func perform() {}
}
