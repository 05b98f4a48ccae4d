import FlowAtlasUIKitOnModel
import UIKit

/// A screen of the tests, titled by its name.
@MainActor
final class Screen: UIViewController {
  /// What the screen keeps alive (its coordinator, as a screen's store keeps the one it reports to).
  var keeps: AnyObject?

  init(_ name: String) {
    super.init(nibName: nil, bundle: nil)
    title = name
  }

  required init?(coder: NSCoder) { nil }
}

/// What a router reported the system did, one line each: `pop backButton: -C, shows B`.
@MainActor
final class Reports: SystemNavigationObserver {
  private(set) var lines: [String] = []

  init(of router: any SystemNavigationReporting) {
    router.addSystemNavigationObserver(self)
  }

  func systemDidNavigate(_ navigation: SystemNavigation) {
    let removed = navigation.removed.map { $0.screenTitle ?? "?" }.joined(separator: " ")
    let shown = navigation.shown?.screenTitle ?? "nothing"
    let tab = navigation.tab.map { " \($0)" } ?? ""
    lines.append("\(navigation.kind) \(navigation.gesture)\(tab): -\(removed), shows \(shown)")
  }
}

/// A router over a fresh navigation controller showing `names`, pushed by the app unanimated.
@MainActor
func navigation(showing names: String...) -> (router: NavigationRouter, reports: Reports, screens: [Screen]) {
  UIKitModel.reset()
  let router = NavigationRouter()
  let screens = names.map(Screen.init)
  for screen in screens { router.push(screen, animated: false, completion: nil) }
  return (router, Reports(of: router), screens)
}

extension NavigationRouter {
  /// The titles of each layer, bottom first: `["A B", "S"]`.
  var titles: [String] {
    layers.map { $0.map { $0.screenTitle ?? "?" }.joined(separator: " ") }
  }
}

/// An app's own navigation controller delegate: it hears what UIKit tells it, and answers
/// `responds(to:)` for what it implements (the model cannot ask the runtime; see ObjectiveC.swift).
@MainActor
final class AppNavigationDelegate: NSObject, UINavigationControllerDelegate {
  private(set) var heard: [String] = []

  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    heard.append("willShow \(viewController.title ?? "?")")
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    heard.append("didShow \(viewController.title ?? "?")")
  }

  func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController)
    -> Int
  {
    heard.append("orientations")
    return 2
  }

  override func responds(to aSelector: Selector!) -> Bool {
    Self.implemented.contains(aSelector.description)
  }

  /// What a navigation delegate of the tests implements: `willShow`, `didShow`, the orientations.
  nonisolated static let implemented = [
    "navigationController:willShowViewController:animated:",
    "navigationController:didShowViewController:animated:",
    "navigationControllerSupportedInterfaceOrientations:",
  ]
}

/// An app's presentation controller delegate: it counts the sheets swiped away, and, as a proxy
/// (`previous` set), passes every call on to the delegate it found before it.
@MainActor
final class AppPresentationDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  /// For the runtime's non-isolated calls (made on the main thread only).
  nonisolated(unsafe) weak var previous: (any UIAdaptivePresentationControllerDelegate)?
  private(set) var dismissed = 0

  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    previous?.presentationControllerWillDismiss?(presentationController)
  }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    dismissed += 1
    previous?.presentationControllerDidDismiss?(presentationController)
  }

  override func responds(to aSelector: Selector!) -> Bool {
    ["presentationControllerWillDismiss:", "presentationControllerDidDismiss:"].contains(
      aSelector.description) || previous?.responds(to: aSelector) == true
  }
}

/// A sheet's screen in the style of a form that asks before it is thrown away: it makes itself
/// its presentation controller's delegate as its view loads.
@MainActor
final class FormScreen: UIViewController, UIAdaptivePresentationControllerDelegate {
  private(set) var dismissed = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Form"
    (navigationController ?? self).presentationController?.delegate = self
  }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { dismissed += 1 }

  override func responds(to aSelector: Selector!) -> Bool {
    aSelector.description == "presentationControllerDidDismiss:"
  }
}

/// A delegate proxy in RxCocoa's style (`DelegateProxy`, what `navigationController.rx` and
/// `tabBarController.rx` install): it takes the place of the delegate it finds and checks that it
/// has it; it answers `responds(to:)` by asking that delegate too, and forwards it every call it
/// does not take itself (here `didShow` and `didSelect`, which it hears and passes on).
@MainActor
final class RxStyleDelegateProxy: NSObject, UINavigationControllerDelegate, UITabBarControllerDelegate {
  /// For the runtime's non-isolated calls (made on the main thread only).
  private nonisolated(unsafe) weak var forwardToDelegate: (any NSObjectProtocol)?
  private(set) var heard: [String] = []

  /// Installs the proxy as RxCocoa's `proxy(for:)` does; false where its check would fail.
  func install(on navigation: UINavigationController) -> Bool {
    forwardToDelegate = navigation.delegate
    navigation.delegate = self
    return navigation.delegate === self
  }

  func install(on tabs: UITabBarController) -> Bool {
    forwardToDelegate = tabs.delegate
    tabs.delegate = self
    return tabs.delegate === self
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    heard.append("didShow \(viewController.title ?? "?")")
    (forwardToDelegate as? any UINavigationControllerDelegate)?.navigationController?(
      navigationController, didShow: viewController, animated: animated)
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    heard.append("didSelect \(tabBarController.selectedIndex)")
    (forwardToDelegate as? any UITabBarControllerDelegate)?.tabBarController?(
      tabBarController, didSelect: viewController)
  }

  override func responds(to aSelector: Selector!) -> Bool {
    ["navigationController:didShowViewController:animated:", "tabBarController:didSelectViewController:"]
      .contains(aSelector.description) || forwardToDelegate?.responds(to: aSelector) == true
  }

  override func forwardingTarget(for aSelector: Selector!) -> Any? {
    forwardToDelegate?.responds(to: aSelector) == true ? forwardToDelegate : nil
  }
}
