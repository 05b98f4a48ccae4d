import UIKit

/// What the tab bar's coordinator needs of its view.
protocol TabbarView: AnyObject {
  var onItemFlowSelect: ((UINavigationController) -> Void)? { get set }
  var onSettingsFlowSelect: ((UINavigationController) -> Void)? { get set }
  var onViewDidLoad: ((UINavigationController) -> Void)? { get set }
  func selectTab(_ index: Int)
}

/// The app's tab bar controller, from the storyboard (a navigation controller per tab): its own
/// delegate, it starts a tab's flow the first time the tab is selected.
// FlowAtlas: the superclass was UITabBarController.
final class TabbarController: RecordingTabBarController, UITabBarControllerDelegate, TabbarView {
  var onItemFlowSelect: ((UINavigationController) -> Void)?
  var onSettingsFlowSelect: ((UINavigationController) -> Void)?
  var onViewDidLoad: ((UINavigationController) -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    delegate = self
    if let controller = viewControllers?.first as? UINavigationController {
      onViewDidLoad?(controller)
    }
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    runFlow(ofTab: selectedIndex)
  }

  func selectTab(_ index: Int) {
    selectedIndex = index
    runFlow(ofTab: index)
  }

  private func runFlow(ofTab index: Int) {
    guard let controller = viewControllers?[index] as? UINavigationController else { return }
    if index == 0 { onItemFlowSelect?(controller) } else { onSettingsFlowSelect?(controller) }
  }
}
