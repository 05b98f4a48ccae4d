import UIKit

/// Makes the screens, as the classic sample's factories do; the tab bar comes from the
/// storyboard.
final class ModuleFactory {
  func makeOnboardingModule(page: Int) -> OnboardingController { OnboardingController(page: page) }
  func makeLoginOutput() -> LoginController { LoginController() }
  func makeSignUpHandler() -> SignUpController { SignUpController() }
  func makeTermsOutput() -> TermsController { TermsController() }
  func makeItemsOutput(items: [Item]) -> ItemsListController { ItemsListController(items: items) }
  func makeItemDetailOutput(item: Item) -> ItemDetailController { ItemDetailController(item: item) }
  func makeItemCreateOutput() -> ItemCreateController { ItemCreateController() }
  func makeCategoryPicker() -> CategoryPickerController { CategoryPickerController() }
  func makeSettingsOutput() -> SettingsController { SettingsController() }
  func makeAboutModule() -> AboutController { AboutController() }

  func makeTabbar() -> TabbarController {
    // swiftlint:disable:next force_cast
    UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "TabbarController")
      as! TabbarController
  }
}
