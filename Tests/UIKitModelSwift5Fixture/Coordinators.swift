import UIKit

protocol Coordinator: AnyObject {
  var childCoordinators: [Coordinator] { get set }
}

/// The root of the app's flows: onboarding, then the main tab bar, each the window's root in
/// turn. A plain class: Swift 5 lets it call UIKit, which is @preconcurrency @MainActor.
public final class AppCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  let window: UIWindow
  let journal: Journal
  public private(set) var shop: ShopCoordinator?

  init(window: UIWindow, journal: Journal) {
    self.window = window
    self.journal = journal
  }

  func start(onboarded: Bool) {
    if onboarded {
      showMain()
    } else {
      let onboarding = OnboardingViewController(journal: journal)
      onboarding.onFinish = { [weak self] in self?.showMain() }
      window.rootViewController = UINavigationController(rootViewController: onboarding)
    }
    window.makeKeyAndVisible()
  }

  func showMain() {
    let shopNavigation = UINavigationController()
    shopNavigation.tabBarItem = UITabBarItem(title: "Shop", image: UIImage(systemName: "bag"), tag: 0)
    let shop = ShopCoordinator(navigationController: shopNavigation, journal: journal)
    childCoordinators = [shop]
    self.shop = shop
    shop.start()
    let tabs = MainTabBarController(journal: journal)
    tabs.tabs = [shopNavigation, UINavigationController(rootViewController: SettingsViewController())]
    window.rootViewController = tabs
  }
}

/// The shop's flow on its tab's navigation controller: the list, a product from the storyboard,
/// and a login presented in a navigation controller of its own.
public final class ShopCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  let navigationController: UINavigationController
  let journal: Journal
  let observer: NavigationObserver

  init(navigationController: UINavigationController, journal: Journal) {
    self.navigationController = navigationController
    self.journal = journal
    observer = NavigationObserver(journal: journal)
    navigationController.delegate = observer
  }

  func start() {
    let list = ProductListViewController(journal: journal)
    list.coordinator = self
    navigationController.pushViewController(list, animated: false)
  }

  public func showProduct(named name: String) {
    let storyboard = UIStoryboard(name: "Main", bundle: nil)
    let product = storyboard.instantiateViewController(withIdentifier: "Product") as! ProductViewController
    product.productName = name
    navigationController.pushViewController(product, animated: true)
  }

  public func showLogin() {
    let login = LoginViewController(journal: journal)
    let flow = UINavigationController(rootViewController: login)
    flow.presentationController?.delegate = observer
    observer.onSheetDismissed = { [weak self] in self?.journal.write("login abandoned") }
    navigationController.present(flow, animated: true)
  }
}
