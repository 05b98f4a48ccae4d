import Testing
import UIKit

/// The model of UIKit: windows, the application, scenes, and how iOS launches an app.
@MainActor @Suite(.serialized) struct UIKitModelWindowTests {
  @Test func aWindowIsHiddenUntilShownAndItsRootLoadsWhenAssigned() {
    UIKitModel.reset()
    let log = Log()
    let root = Recorded("Root", log)
    let window = UIWindow(frame: UIScreen.main.bounds)
    #expect(window.isHidden && !window.isKeyWindow)
    window.rootViewController = root
    #expect(log.take() == ["Root viewDidLoad"], "the root view controller's view is the window's content")
    #expect(root.view.window === window)
    window.makeKeyAndVisible()
    #expect(log.take() == ["Root viewWillAppear", "Root viewIsAppearing", "Root viewDidAppear"])
    #expect(window.isKeyWindow && !window.isHidden)
    #expect(UIApplication.shared.keyWindow === window && UIApplication.shared.windows == [window])

    let other = UIWindow(frame: .zero)
    other.makeKey()
    #expect(!window.isKeyWindow && other.isKeyWindow)
    #expect(UIApplication.shared.windows == [window, other])
    UIKitModel.reset()
    #expect(UIApplication.shared.windows.isEmpty && UIApplication.shared.keyWindow == nil)
  }

  /// Onboarding done: the app replaces the window's root with its main interface.
  @Test func aNewRootTakesTheOldOneAndWhatItPresentsOffScreen() {
    UIKitModel.reset()
    let log = Log()
    let onboarding = Recorded("Onboarding", log)
    let shown = window(showing: onboarding)
    let login = Recorded("Login", log)
    onboarding.present(login, animated: false)
    _ = log.take()
    let main = LoggedNavigation(rootViewController: Recorded("Home", log))
    main.log = log
    shown.rootViewController = main
    #expect(
      log.take() == [
        "Onboarding viewWillDisappear", "Login viewWillDisappear", "Nav viewWillAppear", "Home viewDidLoad",
        "Home viewWillAppear", "Home viewIsAppearing", "Onboarding viewDidDisappear",
        "Login viewDidDisappear",
        "Nav viewDidAppear", "Home viewDidAppear",
      ])
    #expect(onboarding.view.window == nil && login.view.window == nil && main.view.window === shown)
    #expect(onboarding.presentedViewController === login, "what the old root presented stays presented by it")

    // A hidden window's new root: its content changes, and nobody is on screen to hear it.
    shown.isHidden = true
    _ = log.take()
    shown.rootViewController = onboarding
    #expect(log.take().isEmpty)
    #expect(
      onboarding.view.window === shown && main.view.window == nil && shown.subviews == [onboarding.view])
  }

  @Test func launchingCallsTheAppDelegateAsIOSDoes() throws {
    UIKitModel.reset()
    let log = Log()
    let app = AppDelegate(log)
    let launched = UIKitModel.launch(appDelegate: app, options: [.url: URL(string: "shop://cart")!])
    #expect(launched)
    #expect(
      log.take() == [
        "willFinishLaunching", "didFinishLaunching shop://cart", "Home viewDidLoad", "Home viewWillAppear",
        "Home viewIsAppearing", "Home viewDidAppear",
      ])
    #expect(UIApplication.shared.delegate === app)
    let window = try #require(app.window)
    #expect(window.isKeyWindow && window.rootViewController?.title == "Home")

    UIKitModel.openURL(URL(string: "shop://item/7")!)
    #expect(log.take() == ["open shop://item/7"])
    UIApplication.shared.open(URL(string: "https://example.com")!) { log.append("opened: \($0)") }
    #expect(UIKitModel.openedURLs == [URL(string: "https://example.com")!] && log.take() == ["opened: true"])
  }

  @Test func aMainStoryboardGivesTheAppDelegateAWindowBeforeLaunchingAndShowsItAfter() throws {
    UIKitModel.reset()
    let log = Log()
    UIStoryboard.register(
      name: "Main", initial: "Start", scenes: [.init("Start") { UIViewController(coder: $0) }])
    let app = StoryboardAppDelegate(log)
    UIKitModel.launch(appDelegate: app, mainStoryboard: "Main")
    #expect(log.take() == ["willFinishLaunching with a window", "didFinishLaunching, hidden: true"])
    #expect(try #require(app.window).isKeyWindow)
  }

  @Test func aSceneConnectsAsIOSConnectsIt() throws {
    UIKitModel.reset()
    let log = Log()
    let app = AppDelegate(log)
    UIKitModel.launch(appDelegate: app)
    _ = log.take()
    let sceneDelegate = SceneDelegate(log)
    let scene = UIKitModel.connect(sceneDelegate: sceneDelegate, urlContexts: [URL(string: "shop://item/1")!])
    #expect(
      log.take() == [
        "configurationForConnecting", "willConnect shop://item/1", "Scene viewDidLoad",
        "Scene viewWillAppear",
        "Scene viewIsAppearing", "Scene viewDidAppear", "sceneWillEnterForeground", "sceneDidBecomeActive",
      ])
    #expect(UIApplication.shared.connectedScenes == [scene] && scene.delegate === sceneDelegate)
    let window = try #require(sceneDelegate.window)
    #expect(scene.windows == [window] && scene.keyWindow === window && window.windowScene === scene)
    UIKitModel.openURL(URL(string: "shop://cart")!)
    #expect(log.take() == ["openURLContexts shop://cart"])
  }
}

/// An app delegate without scenes, in the style of apps written before iOS 13.
@MainActor
private final class AppDelegate: UIResponder, UIApplicationDelegate {
  let log: Log
  var window: UIWindow?

  init(_ log: Log) { self.log = log }

  func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    log.append("willFinishLaunching")
    return true
  }

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    log.append("didFinishLaunching \((launchOptions?[.url] as? URL)?.absoluteString ?? "")")
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = Recorded("Home", log)
    window.makeKeyAndVisible()
    self.window = window
    return true
  }

  func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any])
    -> Bool
  {
    log.append("open \(url.absoluteString)")
    return true
  }

  func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    log.append("configurationForConnecting")
    return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
  }
}

/// An app delegate whose Info.plist names a main storyboard.
@MainActor
private final class StoryboardAppDelegate: UIResponder, UIApplicationDelegate {
  let log: Log
  var window: UIWindow?

  init(_ log: Log) { self.log = log }

  func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    log.append("willFinishLaunching \(window?.rootViewController == nil ? "without" : "with") a window")
    return true
  }

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    log.append("didFinishLaunching, hidden: \(window?.isHidden ?? false)")
    return true
  }
}

/// A scene delegate as Xcode's template writes it.
@MainActor
private final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  let log: Log
  var window: UIWindow?

  init(_ log: Log) { self.log = log }

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    log.append("willConnect \(connectionOptions.urlContexts.map(\.url.absoluteString).joined())")
    guard let windowScene = scene as? UIWindowScene else { return }
    window = UIWindow(windowScene: windowScene)
    window?.rootViewController = Recorded("Scene", log)
    window?.makeKeyAndVisible()
  }

  func sceneWillEnterForeground(_ scene: UIScene) { log.append("sceneWillEnterForeground") }
  func sceneDidBecomeActive(_ scene: UIScene) { log.append("sceneDidBecomeActive") }

  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
    log.append("openURLContexts \(URLContexts.map(\.url.absoluteString).joined())")
  }
}
