import Foundation
import UIKit

/// The app delegate of an app without scenes: it makes the window and starts the app's
/// coordinator.
public final class AppDelegate: UIResponder, UIApplicationDelegate {
  public var window: UIWindow?
  public private(set) var coordinator: AppCoordinator?
  public let journal = Journal()
  var hasOnboarded = false

  public func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let window = UIWindow(frame: UIScreen.main.bounds)
    self.window = window
    let coordinator = AppCoordinator(window: window, journal: journal)
    self.coordinator = coordinator
    coordinator.start(onboarded: hasOnboarded)
    return true
  }
}

/// Says what a navigation controller shows and when a sheet is swiped away: an NSObject
/// delegate, as Objective-C-era apps write them.
final class NavigationObserver: NSObject, UINavigationControllerDelegate,
  UIAdaptivePresentationControllerDelegate
{
  let journal: Journal
  var onSheetDismissed: (() -> Void)?

  init(journal: Journal) {
    self.journal = journal
    super.init()
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    journal.write("shows \(viewController.title ?? "?")")
  }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    journal.write("sheet swiped away")
    onSheetDismissed?()
  }
}
