import Testing
import UIKit

/// The model of UIKit: tab bar controllers made in code, by subclasses that are their own
/// delegate, and the appearance callbacks of a tab switch.
@MainActor @Suite(.serialized) struct UIKitModelTabBarTests {
  @Test func aTabSwitchIsUnanimatedAndOnlyTheSelectedTabIsOnScreen() {
    UIKitModel.reset()
    let log = Log()
    let delegate = LoggedDelegate(log)
    let first = UINavigationController(rootViewController: Recorded("A", log))
    let second = UINavigationController(rootViewController: Recorded("B", log))
    let tabs = UITabBarController()
    tabs.viewControllers = [first, second]
    tabs.delegate = delegate
    let shown = window(showing: tabs)
    #expect(log.take() == ["A viewDidLoad", "A viewWillAppear", "A viewIsAppearing", "A viewDidAppear"])
    #expect(!second.isViewLoaded, "a tab's view loads when it is first selected on screen")

    Person.tapTab(at: 1, in: tabs)
    #expect(
      log.take() == [
        "A viewWillDisappear", "B viewDidLoad", "B viewWillAppear", "B viewIsAppearing", "A viewDidDisappear",
        "B viewDidAppear", "didSelect 1",
      ])
    #expect(first.view.window == nil && second.view.window === shown)

    // The unselected tab's stack changes with nobody on screen to hear it.
    first.pushViewController(Recorded("C", log), animated: true)
    UIKitModel.finishAnimations()
    #expect(log.take().isEmpty)

    // Selected in code: the same callbacks, and no delegate call. C was pushed off screen: it is
    // no longer moving to its parent when it appears.
    tabs.selectedIndex = 0
    #expect(
      log.take() == [
        "B viewWillDisappear", "C viewDidLoad", "C viewWillAppear", "C viewIsAppearing", "B viewDidDisappear",
        "C viewDidAppear",
      ])
    #expect(shown.isKeyWindow, "the test keeps its window")
  }

  @Test func aSubclassThatIsItsOwnDelegateSetsItsTabsInViewDidLoad() {
    UIKitModel.reset()
    let log = Log()
    let tabs = OwnTabs(log)
    #expect(tabs.viewControllers == nil, "the tabs come with the view")
    let shown = window(showing: tabs)
    #expect(tabs.delegate === tabs && tabs.viewControllers?.count == 2)
    #expect(log.take().first == "Home viewDidLoad")
    let home = tabs.viewControllers?.first as? UINavigationController
    home?.pushViewController(Recorded("Detail", log), animated: false)
    _ = log.take()

    Person.tapTab(at: 0, in: tabs)
    UIKitModel.finishAnimations()
    #expect(home?.viewControllers.count == 1, "the selected tab tapped again pops to its root")
    #expect(
      log.take() == [
        "Detail viewWillDisappear movingFromParent", "Home viewWillAppear", "Home viewIsAppearing",
        "didSelect 0",
        "Detail viewDidDisappear movingFromParent", "Home viewDidAppear",
      ])
    tabs.allows = false
    Person.tapTab(at: 1, in: tabs)
    #expect(tabs.selectedIndex == 0 && log.take() == ["shouldSelect 1"])
    #expect(shown.isKeyWindow, "the test keeps its window")
  }

  @Test func newViewControllersKeepTheSelectionAsAppleSays() {
    UIKitModel.reset()
    let (a, b, c) = (UIViewController(), UIViewController(), UIViewController())
    let tabs = UITabBarController()
    tabs.setViewControllers([a, b, c], animated: false)
    tabs.selectedViewController = c
    // The one selected, wherever it moved to.
    tabs.viewControllers = [c, a]
    #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === c)
    // Gone: the same index.
    tabs.viewControllers = [b, a]
    #expect(tabs.selectedViewController === b)
    tabs.selectedIndex = 1
    // Gone and the index is out of range: the first.
    tabs.viewControllers = [c]
    #expect(tabs.selectedViewController === c && tabs.selectedIndex == 0)
    #expect(a.parent == nil && c.parent === tabs && tabs.children == [c])
  }

  @Test func theTabBarShowsTheTabsItemsAndHidesForAPushedScreenThatAsks() {
    UIKitModel.reset()
    let home = UINavigationController(rootViewController: UIViewController())
    home.tabBarItem = UITabBarItem(
      title: "Home", image: UIImage(systemName: "house"), selectedImage: UIImage(systemName: "house.fill"))
    let settings = UIViewController()
    settings.title = "Settings"
    let tabs = UITabBarController()
    tabs.viewControllers = [home, settings]
    #expect(tabs.tabBar.items?.map(\.title) == ["Home", "Settings"])
    #expect(tabs.tabBar.selectedItem?.image == UIImage(systemName: "house"))
    #expect(UITabBarItem(tabBarSystemItem: .favorites, tag: 3).tag == 3)

    let detail = UIViewController()
    detail.hidesBottomBarWhenPushed = true
    #expect(!tabs.tabBar.isHidden)
    home.pushViewController(detail, animated: false)
    #expect(tabs.tabBar.isHidden)
    home.popViewController(animated: false)
    #expect(!tabs.tabBar.isHidden)
  }
}

/// The common style: a tab bar controller that is its own delegate and makes its tabs in
/// `viewDidLoad`.
@MainActor
private final class OwnTabs: UITabBarController, UITabBarControllerDelegate {
  let log: Log
  var allows = true

  init(_ log: Log) {
    self.log = log
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    delegate = self
    let home = UINavigationController(rootViewController: Recorded("Home", log))
    home.tabBarItem = UITabBarItem(title: "Home", image: UIImage(systemName: "house"), tag: 0)
    viewControllers = [home, Recorded("Profile", log)]
  }

  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
    -> Bool
  {
    if !allows { log.append("shouldSelect \(viewControllers?.firstIndex(of: viewController) ?? -1)") }
    return allows
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    log.append("didSelect \(selectedIndex)")
  }
}
