import FlowAtlasUIKitOnModel
import Testing
import UIKit

/// The shipped `TabBarRouter`, run on the model of UIKit.
@MainActor @Suite(.serialized) struct TabBarRouterTests {
  static func tabs() -> (router: TabBarRouter, reports: Reports, tabReports: [Reports]) {
    UIKitModel.reset()
    let router = TabBarRouter(tabs: ["Home", "Profile", "Home"])
    var tabReports: [Reports] = []
    for tab in router.tabs {
      let stack = router.router(forTab: tab) as! NavigationRouter
      stack.push(Screen("\(tab) root"), animated: false, completion: nil)
      tabReports.append(Reports(of: stack))
    }
    return (router, Reports(of: router), tabReports)
  }

  @Test func aTapOnAnotherTabIsASystemSelectTabAndTheAppsSelectionIsNot() {
    let (router, reports, _) = Self.tabs()
    #expect(router.tabs == ["Home", "Profile"])
    router.selectTab("Profile", animated: false, completion: nil)
    #expect(router.selectedTab == "Profile")
    Person.tapTab(at: 0, in: router.tabBarController)
    #expect(router.selectedTab == "Home")
    #expect(reports.lines == ["selectTab tabBar Home: -, shows Home root"])
    var refusals: [RouterRefusal] = []
    router.onRefusal = { refusals.append($0) }
    router.selectTab("Settings", animated: false, completion: nil)
    #expect(refusals == [.unknownTab("Settings")])
  }

  /// Trace format revision 3: the selected tab tapped again pops its stack to the root, a system
  /// `popToRoot` with gesture `tabBar`, and selects nothing.
  @Test func theSelectedTabTappedAgainIsASystemPopToRoot() {
    let (router, reports, tabReports) = Self.tabs()
    let home = router.router(forTab: "Home") as! NavigationRouter
    home.push(Screen("Detail"), animated: false, completion: nil)
    home.push(Screen("More"), animated: false, completion: nil)
    Person.tapTab(at: 0, in: router.tabBarController)
    UIKitModel.finishAnimations()
    #expect(home.titles == ["Home root"])
    #expect(tabReports[0].lines == ["popToRoot tabBar: -More Detail, shows Home root"])
    #expect(reports.lines.isEmpty)
    // At the root it changes nothing, and a later back button is the back button's.
    Person.tapTab(at: 0, in: router.tabBarController)
    UIKitModel.finishAnimations()
    home.push(Screen("Detail"), animated: false, completion: nil)
    Person.tapBackButton(in: home.navigationController)
    UIKitModel.finishAnimations()
    #expect(tabReports[0].lines.last == "pop backButton: -Detail, shows Home root")
    #expect(reports.lines.isEmpty)
  }

  @Test func theDelegateTheAppHadSetIsAskedAndTold() {
    UIKitModel.reset()
    let tabBarController = UITabBarController()
    let app = AppTabBarDelegate()
    tabBarController.delegate = app
    let router = TabBarRouter(tabs: ["A", "B"], tabBarController: tabBarController)
    #expect(router.tabBarDelegate === app)
    let reports = Reports(of: router)
    app.allows = false
    Person.tapTab(at: 1, in: tabBarController)
    #expect(router.selectedTab == "A" && reports.lines.isEmpty)
    app.allows = true
    (router.router(forTab: "B") as! NavigationRouter).push(Screen("B root"), animated: false, completion: nil)
    Person.tapTab(at: 1, in: tabBarController)
    #expect(router.selectedTab == "B")
    #expect(app.heard == ["shouldSelect 1", "shouldSelect 1", "didSelect 1"])
    #expect(router.responds(to: "tabBarController:didSelectViewController:"))
    #expect(
      !router.responds(
        to: "tabBarController:animationControllerForTransitionFromViewController:toViewController:"))
    #expect(
      router.forwardingTarget(for: "tabBarController:didSelectViewController:") as? AppTabBarDelegate === app)
  }
}

@MainActor
private final class AppTabBarDelegate: NSObject, UITabBarControllerDelegate {
  var allows = true
  private(set) var heard: [String] = []

  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
    -> Bool
  {
    heard.append(
      "shouldSelect \(tabBarController.viewControllers?.firstIndex { $0 === viewController } ?? -1)")
    return allows
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    heard.append("didSelect \(tabBarController.selectedIndex)")
  }

  override func responds(to aSelector: Selector!) -> Bool {
    ["tabBarController:shouldSelectViewController:", "tabBarController:didSelectViewController:"]
      .contains(aSelector.description)
  }
}
