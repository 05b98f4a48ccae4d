// The model's own controls for what iOS does to an app, not UIKit API: launching it, connecting
// its scene, opening a URL in it, and sending target/action messages without a runtime.

extension UIKitModel {
  /// The URLs the app asked `UIApplication.shared.open(_:options:completionHandler:)` to open, in order.
  public internal(set) static var openedURLs: [URL] = []

  /// What each registered action message does, by selector.
  private static var actions: [Selector: [(AnyObject, Any?) -> Bool]] = [:]

  /// Launches an app as iOS does (Apple, "About the app launch sequence", and "The main
  /// storyboard initializes your app's user interface"): `appDelegate` becomes the application's
  /// delegate; with a main storyboard, UIKit makes a window the size of the screen, sets it as
  /// the delegate's `window`, and its root view controller to the storyboard's initial one; then
  /// `application(_:willFinishLaunchingWithOptions:)` and
  /// `application(_:didFinishLaunchingWithOptions:)`; then, with a main storyboard, the window is
  /// made key and visible (an app without one shows its own window in `didFinishLaunching`).
  /// - Parameters:
  ///   - appDelegate: The app's delegate, kept by the application from now on.
  ///   - options: The launch options, nil for a launch from the home screen.
  ///   - mainStoryboard: The name of a registered storyboard (``UIStoryboard/register(name:initial:scenes:)``)
  ///     the Info.plist would name as `UIMainStoryboardFile`, if any.
  /// - Returns: What the delegate's launch methods answered: false if either refused.
  @discardableResult
  public static func launch(
    appDelegate: any UIApplicationDelegate, options: [UIApplication.LaunchOptionsKey: Any]? = nil,
    mainStoryboard: String? = nil
  ) -> Bool {
    let application = UIApplication.shared
    application.delegate = appDelegate
    var storyboardWindow: UIWindow?
    if let mainStoryboard {
      let window = UIWindow(frame: UIScreen.main.bounds)
      appDelegate.window = window
      window.rootViewController = UIStoryboard(name: mainStoryboard, bundle: nil)
        .instantiateInitialViewController()
      storyboardWindow = window
    }
    let willFinish = appDelegate.application(application, willFinishLaunchingWithOptions: options)
    let didFinish = appDelegate.application(application, didFinishLaunchingWithOptions: options)
    if let window = appDelegate.window ?? storyboardWindow, storyboardWindow != nil, window.isHidden {
      window.makeKeyAndVisible()
    }
    return willFinish && didFinish
  }

  /// Connects a window scene as iOS does after launch (Apple, "About the app launch sequence"
  /// and UISceneDelegate): the app delegate, if one was launched, is asked for the scene's
  /// configuration; the scene, with `sceneDelegate` as its delegate, joins the application's
  /// connected scenes; then `scene(_:willConnectTo:options:)` (with `urlContexts` to open),
  /// `sceneWillEnterForeground(_:)` and `sceneDidBecomeActive(_:)`.
  /// - Returns: The scene, which the application keeps until ``reset()``.
  @discardableResult
  public static func connect(sceneDelegate: any UISceneDelegate, urlContexts: [URL] = []) -> UIWindowScene {
    let application = UIApplication.shared
    let session = UISceneSession(role: .windowApplication)
    let options = UIScene.ConnectionOptions(urlContexts: Set(urlContexts.map(UIOpenURLContext.init(url:))))
    if let appDelegate = application.delegate {
      session.configuration = appDelegate.application(
        application, configurationForConnecting: session, options: options)
    }
    let scene = UIWindowScene(session: session, connectionOptions: options)
    scene.delegate = sceneDelegate
    application.sceneStorage.append(scene)
    sceneDelegate.scene(scene, willConnectTo: session, options: options)
    scene.activationState = .foregroundInactive
    sceneDelegate.sceneWillEnterForeground(scene)
    scene.activationState = .foregroundActive
    sceneDelegate.sceneDidBecomeActive(scene)
    return scene
  }

  /// The system opens `url` in the running app (a link tapped in another app): the first
  /// connected scene's delegate hears `scene(_:openURLContexts:)`; without scenes, the app
  /// delegate `application(_:open:options:)`.
  public static func openURL(_ url: URL) {
    let application = UIApplication.shared
    if let scene = application.sceneStorage.first {
      scene.delegate?.scene(scene, openURLContexts: [UIOpenURLContext(url: url)])
    } else if let appDelegate = application.delegate {
      _ = appDelegate.application(application, open: url, options: [:])
    }
  }

  /// Says what the action message `selector` does when sent to an instance of `Target` (or of a
  /// subclass): what the Objective-C runtime finds by the method's name on a device. A bar button
  /// item's or a control's target/action needs it on Linux (see `UIBarButtonItem`).
  /// - Parameters:
  ///   - selector: The action, as the app names it: `Selector("doneTapped")`.
  ///   - perform: Calls the method on the target, given the sender.
  public static func registerAction<Target: AnyObject>(
    _ selector: Selector, of _: Target.Type, _ perform: @escaping (Target, Any?) -> Void
  ) {
    actions[selector, default: []].append { target, sender in
      guard let target = target as? Target else { return false }
      perform(target, sender)
      return true
    }
  }

  /// Sends `action` to `target`, as UIApplication's sendAction(_:to:from:for:) does. Without a
  /// target UIKit would search the responder chain, which the model does not have; a target no
  /// registration answers would crash with "unrecognized selector": both are recorded in
  /// ``raised``.
  static func send(_ action: Selector, to target: AnyObject?, from sender: Any?) {
    guard let target else {
      return raise("\(action) sent to the responder chain, which the model does not have")
    }
    let handled = actions[action, default: []].contains { $0(target, sender) }
    if !handled {
      raise(
        "unrecognized selector \(action) sent to \(type(of: target)): register it with UIKitModel.registerAction"
      )
    }
  }

  /// Forgets the app: its delegate, windows, scenes, opened URLs, registered actions and storyboards.
  static func forgetTheApp() {
    UIApplication.shared.forgetEverything()
    openedURLs = []
    actions = [:]
    UIStoryboard.forgetRegistered()
  }
}
