import Testing
import UIKit

/// The model of UIKit: storyboards over registered scenes, `init(coder:)`, and segues.
@MainActor @Suite(.serialized) struct UIKitModelStoryboardTests {
  /// A storyboard as a tab bar app has it: a tab bar controller with a navigation controller per
  /// tab, a login screen made with a dependency, and segues from the list.
  static func register(_ log: Log) {
    UIStoryboard.register(
      name: "Main", initial: "Tabs",
      scenes: [
        .tabBarController("Tabs", tabs: ["ListNavigation", "Settings"]) { TabsFromStoryboard(coder: $0) },
        .navigationController("ListNavigation", root: "List"),
        .init(
          "List",
          segues: [.init("showDetail", to: "Detail"), .init("presentFilter", to: "Filter", kind: .present)]
        ) { ListFromStoryboard(coder: $0, log: log) },
        .init("Detail") { FromStoryboard(coder: $0) },
        .init("Filter") { FromStoryboard(coder: $0) },
        .init("Settings") { FromStoryboard(coder: $0) },
        .init("Login") { LoginFromStoryboard(coder: $0) },
      ])
  }

  @Test func aStoryboardMakesItsScenesByInitCoder() throws {
    UIKitModel.reset()
    let log = Log()
    Self.register(log)
    let storyboard = UIStoryboard(name: "Main", bundle: nil)
    let tabs = try #require(storyboard.instantiateInitialViewController() as? TabsFromStoryboard)
    #expect(tabs.tabsAtViewDidLoad == nil, "viewDidLoad has not run")
    tabs.loadViewIfNeeded()
    #expect(tabs.tabsAtViewDidLoad == 2, "the storyboard sets the tabs before viewDidLoad")
    let navigation = try #require(tabs.viewControllers?.first as? UINavigationController)
    #expect(navigation.topViewController is ListFromStoryboard)
    #expect(navigation.topViewController?.storyboard === storyboard && navigation.storyboard === storyboard)

    let login: LoginFromStoryboard = storyboard.instantiateViewController(identifier: "Login") { coder in
      LoginFromStoryboard(coder: coder, service: "auth")
    }
    #expect(login.service == "auth")
    let plain: LoginFromStoryboard = storyboard.instantiateViewController(identifier: "Login")
    #expect(plain.service == "none", "without a creator, init(coder:)")
    let fallback: LoginFromStoryboard = storyboard.instantiateViewController(identifier: "Login") { _ in nil }
    #expect(fallback.service == "none", "a creator that returns nil: init(coder:)")
    #expect(storyboard.instantiateViewController(withIdentifier: "Settings") is FromStoryboard)
    #expect(UIKitModel.raised.isEmpty)
  }

  @Test func whatAStoryboardLacksIsRaisedNeverCrashes() {
    UIKitModel.reset()
    Self.register(Log())
    let missing = UIStoryboard(name: "Onboarding", bundle: .main)
    #expect(missing.instantiateInitialViewController() == nil)
    let storyboard = UIStoryboard(name: "Main", bundle: nil)
    #expect(type(of: storyboard.instantiateViewController(withIdentifier: "Nope")) == UIViewController.self)
    let list = storyboard.instantiateViewController(withIdentifier: "List")
    list.performSegue(withIdentifier: "nope", sender: nil)
    #expect(UIKitModel.raised.count == 3, "\(UIKitModel.raised)")
  }

  @Test func aShowSegueFromAScreenInANavigationControllerPushesAfterPrepare() throws {
    UIKitModel.reset()
    let log = Log()
    Self.register(log)
    let storyboard = UIStoryboard(name: "Main", bundle: nil)
    let tabs = try #require(storyboard.instantiateInitialViewController() as? UITabBarController)
    let shown = window(showing: tabs)
    let navigation = try #require(tabs.viewControllers?.first as? UINavigationController)
    let list = try #require(navigation.topViewController as? ListFromStoryboard)
    list.performSegue(withIdentifier: "showDetail", sender: "row 3")
    #expect(log.take() == ["prepare showDetail: ListFromStoryboard → FromStoryboard, sender row 3"])
    #expect(navigation.viewControllers.count == 2 && navigation.transitionCoordinator != nil)
    UIKitModel.finishAnimations()

    navigation.popViewController(animated: false)
    list.performSegue(withIdentifier: "presentFilter", sender: nil)
    #expect(log.take() == ["prepare presentFilter: ListFromStoryboard → FromStoryboard, sender nil"])
    #expect(tabs.presentedViewController is FromStoryboard && navigation.viewControllers.count == 1)
    #expect(shown.isKeyWindow, "the test keeps its window")
  }

  @Test func showPushesInANavigationControllerAndPresentsElsewhere() {
    UIKitModel.reset()
    let root = UIViewController()
    let navigation = UINavigationController(rootViewController: root)
    let pushed = UIViewController()
    root.show(pushed, sender: nil)
    #expect(navigation.viewControllers == [root, pushed])
    let alone = UIViewController()
    let shown = UIViewController()
    alone.show(shown, sender: nil)
    #expect(alone.presentedViewController === shown)
    let detail = UIViewController()
    pushed.showDetailViewController(detail, sender: nil)
    #expect(navigation.presentedViewController === detail, "a navigation controller does not show details")
  }
}

/// A view controller of the app's own from a storyboard: `init(coder:)` calls super.
@MainActor
private class FromStoryboard: UIViewController {
  required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
private final class ListFromStoryboard: FromStoryboard {
  var log: Log?

  init?(coder: NSCoder, log: Log) {
    self.log = log
    super.init(coder: coder)
  }

  required init?(coder: NSCoder) { super.init(coder: coder) }

  override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
    let from = type(of: segue.source)
    let to = type(of: segue.destination)
    log?.append(
      "prepare \(segue.identifier ?? "?"): \(from) → \(to), sender \(sender.map { "\($0)" } ?? "nil")")
  }
}

/// A view controller made with a dependency by a creator (iOS 13).
@MainActor
private final class LoginFromStoryboard: FromStoryboard {
  let service: String

  init?(coder: NSCoder, service: String) {
    self.service = service
    super.init(coder: coder)
  }

  required init?(coder: NSCoder) {
    service = "none"
    super.init(coder: coder)
  }
}

/// A tab bar controller subclass from a storyboard.
@MainActor
private final class TabsFromStoryboard: UITabBarController {
  var tabsAtViewDidLoad: Int?

  override func viewDidLoad() {
    super.viewDidLoad()
    tabsAtViewDidLoad = viewControllers?.count
  }
}
