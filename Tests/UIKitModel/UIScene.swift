// The model of UIKit: scenes (iOS 13), their sessions and their delegates. A test connects one
// with `UIKitModel.connect(sceneDelegate:urlContexts:)`, which calls what iOS calls.

/// Apple: UIScene: one instance of the app's interface, with its delegate.
@preconcurrency @MainActor
open class UIScene: UIResponder {
  /// Apple: UIScene.ActivationState.
  public enum ActivationState: Int, Sendable {
    case unattached = -1
    case foregroundActive = 0
    case foregroundInactive = 1
    case background = 2
  }

  /// Apple: UIScene.ConnectionOptions: why the scene connects (URLs to open among them).
  @preconcurrency @MainActor
  public class ConnectionOptions: NSObject {
    /// Apple: "The URLs your app is being asked to open" as it connects.
    public let urlContexts: Set<UIOpenURLContext>

    init(urlContexts: Set<UIOpenURLContext>) { self.urlContexts = urlContexts }
  }

  /// Apple: UIScene.OpenURLOptions.
  @preconcurrency @MainActor
  public class OpenURLOptions: NSObject {
    public let sourceApplication: String?
    public let openInPlace: Bool

    init(sourceApplication: String? = nil, openInPlace: Bool = false) {
      self.sourceApplication = sourceApplication
      self.openInPlace = openInPlace
    }
  }

  public let session: UISceneSession

  /// Apple: "The object you use to receive life-cycle events associated with the scene" (the
  /// scene keeps it).
  open var delegate: (any UISceneDelegate)?

  open internal(set) var activationState = ActivationState.unattached

  public init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
    self.session = session
    super.init()
  }
}

/// Apple: UIWindowScene: a scene with windows.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
  var windowStorage: [WeakWindow] = []

  /// Apple: "The windows associated with the scene."
  open var windows: [UIWindow] { windowStorage.compactMap(\.window) }

  /// Apple (iOS 15): "The key window for the scene."
  open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }

  open var screen: UIScreen { .main }
}

/// Apple: UISceneSession: what the system keeps of a scene.
@preconcurrency @MainActor
open class UISceneSession: NSObject {
  /// Apple: UISceneSession.Role.
  public struct Role: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
  }

  public let role: Role
  public let persistentIdentifier = UUID().uuidString
  open internal(set) var configuration: UISceneConfiguration

  init(role: Role) {
    self.role = role
    configuration = UISceneConfiguration(name: nil, sessionRole: role)
  }
}

/// Apple: UISceneConfiguration: which classes and storyboard make a scene.
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject {
  public let name: String?
  public let role: UISceneSession.Role
  open var delegateClass: AnyClass?
  open var sceneClass: AnyClass?
  open var storyboard: UIStoryboard?

  public init(name: String?, sessionRole: UISceneSession.Role) {
    self.name = name
    role = sessionRole
  }
}

/// Apple: UIOpenURLContext: a URL to open, and how.
@preconcurrency @MainActor
open class UIOpenURLContext: NSObject {
  public let url: URL
  public let options: UIScene.OpenURLOptions

  init(url: URL) {
    self.url = url
    options = UIScene.OpenURLOptions()
  }
}

/// Apple: UISceneDelegate. Every method is optional (see ObjectiveC.swift).
@preconcurrency @MainActor
public protocol UISceneDelegate: NSObjectProtocol {
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

/// Apple: UIWindowSceneDelegate, with the scene's window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
  var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
  public var window: UIWindow? {
    get { nil }
    set {}
  }
}
