// The model of UIKit: the application object and its delegate. How iOS launches an app and
// connects its scenes is `UIKitModel.launch(appDelegate:options:mainStoryboard:)` and
// `UIKitModel.connect(sceneDelegate:urlContexts:)` (UIKitModel+App.swift).

/// Apple: UIApplication: the one application object, its delegate, its windows and its scenes.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
  private static let application = UIApplication()

  /// Apple: "The singleton app instance."
  open class var shared: UIApplication { application }

  /// Apple: the app delegate (UIKit keeps the one `UIApplicationMain` made; the model keeps the
  /// one ``UIKitModel/launch(appDelegate:options:mainStoryboard:)`` was given).
  open var delegate: (any UIApplicationDelegate)?

  private var windowStorage: [WeakWindow] = []
  var keyWindowStorage: WeakWindow?
  var sceneStorage: [UIScene] = []

  /// Apple (deprecated in iOS 15, still what apps read): "The app's visible and hidden windows",
  /// in the order they were made (the model does not keep them alive).
  open var windows: [UIWindow] { windowStorage.compactMap(\.window) }

  /// Apple (deprecated in iOS 13): "The app's key window."
  open var keyWindow: UIWindow? { keyWindowStorage?.window }

  /// Apple (iOS 13): "The app's currently connected scenes."
  open var connectedScenes: Set<UIScene> { Set(sceneStorage) }

  /// Apple: open(_:options:completionHandler:): another app would open `url`. The model opens
  /// nothing: it records `url` in ``UIKitModel/openedURLs`` and tells `completion` it succeeded.
  open func open(
    _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) {
    UIKitModel.openedURLs.append(url)
    completion?(true)
  }

  /// Apple: canOpenURL(_:). The model assumes an app is installed for every URL.
  open func canOpenURL(_ url: URL) -> Bool { true }

  func register(_ window: UIWindow) {
    windowStorage.removeAll { $0.window == nil }
    if !windowStorage.contains(where: { $0.window === window }) {
      windowStorage.append(WeakWindow(window: window))
    }
  }

  /// Forgets the delegate, every window and every scene.
  func forgetEverything() {
    delegate = nil
    windowStorage = []
    keyWindowStorage = nil
    sceneStorage = []
  }

  /// Apple: UIApplication.LaunchOptionsKey: what `launchOptions` holds.
  public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    public static let sourceApplication = LaunchOptionsKey(
      rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
    public static let remoteNotification = LaunchOptionsKey(
      rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
    public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
    public static let userActivityType = LaunchOptionsKey(
      rawValue: "UIApplicationLaunchOptionsUserActivityTypeKey")
  }

  /// Apple: UIApplication.OpenURLOptionsKey: what `application(_:open:options:)` is told.
  public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let sourceApplication = OpenURLOptionsKey(
      rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
    public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
  }

  /// Apple: UIApplication.OpenExternalURLOptionsKey: how `open(_:options:completionHandler:)` opens.
  public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let universalLinksOnly = OpenExternalURLOptionsKey(
      rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
  }
}

/// Apple: UIApplicationDelegate. Every method is optional: the defaults stand for "not
/// implemented" (see ObjectiveC.swift), and answer as UIKit does when a delegate lacks one.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
  /// Apple: "The window to use when presenting a storyboard" (apps without scenes keep theirs here).
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

  /// Apple: "If you do not implement this method, … the app cannot open the URL": false.
  public func application(
    _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
  )
    -> Bool
  { false }

  /// Apple: without it, UIKit uses the configuration from the Info.plist; the model's default.
  public func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
  }
}
