import UIKit

/// The app's delegate: makes the window and the root coordinator, and hands it the deep links
/// the app is opened at.
final class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?
  /// The run FlowAtlas records, when the app records its navigation (in UI tests, from the launch
  /// environment; in the journeys, given by them).
  var recorder: Recorder?  // FlowAtlas
  /// How the app was left last time.
  var session = Session()
  private lazy var applicationCoordinator: ApplicationCoordinator = {
    let modules = ModuleFactory()
    let factory = CoordinatorFactory(modules: modules, store: ItemStore())
    return ApplicationCoordinator(window: window!, coordinatorFactory: factory, session: session)
  }()

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let window = UIWindow()
    self.window = window
    window.makeKeyAndVisible()
    recorder?.follow(applicationCoordinator)  // FlowAtlas
    let url = launchOptions?[.url] as? URL
    if let url { recorder?.deeplink(url.absoluteString, handledBy: applicationCoordinator) }  // FlowAtlas
    applicationCoordinator.start(with: DeepLinkOption.build(with: url))
    return true
  }

  func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:])
    -> Bool
  {
    recorder?.deeplink(url.absoluteString, handledBy: applicationCoordinator)  // FlowAtlas
    applicationCoordinator.start(with: DeepLinkOption.build(with: url))
    return true
  }
}
