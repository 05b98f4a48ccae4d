import UIKit

/// `Main.storyboard` as an iOS build compiles it: a tab bar controller scene of the app's class,
/// with a navigation controller per tab whose class is set to FlowAtlas's in the identity
/// inspector (`RecordingNavigationController`). The model of UIKit has no storyboard files: the
/// journeys register the scenes the storyboard holds.
enum MainStoryboard {
  @MainActor
  static func register() {
    UIStoryboard.register(
      name: "Main",
      scenes: [
        .tabBarController("TabbarController", tabs: ["ItemsNavigation", "SettingsNavigation"]) {
          TabbarController(coder: $0)
        },
        .init("ItemsNavigation") { coder in
          let navigation = RecordingNavigationController(coder: coder)
          navigation?.tabBarItem = UITabBarItem(
            title: "Items", image: UIImage(systemName: "list.bullet"), selectedImage: nil)
          return navigation
        },
        .init("SettingsNavigation") { coder in
          let navigation = RecordingNavigationController(coder: coder)
          navigation?.tabBarItem = UITabBarItem(
            title: "Settings", image: UIImage(systemName: "gear"), selectedImage: nil)
          return navigation
        },
      ])
  }
}
