import FlowAtlasRecording
import UIKit

/// The person in the journeys: taps what the screen on top shows, as a UI test would, says what
/// they tapped (`user.action`), and waits for each animation to end.
@MainActor
final class InventoryPerson {
  let app: AppDelegate
  let recorder: FlowAtlasRecording.Recorder

  init(app: AppDelegate, recorder: FlowAtlasRecording.Recorder) {
    self.app = app
    self.recorder = recorder
  }

  /// The view controller the person sees: through what is presented, the selected tab and the
  /// top of each navigation controller.
  var visible: UIViewController? {
    var controller = app.window?.rootViewController
    while let current = controller {
      if let presented = current.presentedViewController, presented !== current {
        controller = presented
      } else if let tabs = current as? UITabBarController {
        controller = tabs.selectedViewController
      } else if let navigation = current as? UINavigationController {
        controller = navigation.topViewController
      } else {
        return current
      }
    }
    return nil
  }

  private func visible<Screen: UIViewController>(_: Screen.Type) -> Screen? { visible as? Screen }

  /// The navigation controller that shows what the person sees.
  private var navigation: UINavigationController? { visible?.navigationController }

  /// Records the tap on the visible screen, does it, and waits.
  private func tap<Screen: UIViewController>(
    _ action: String, on _: Screen.Type, label: String? = nil, _ perform: (Screen) -> Void
  ) {
    guard let screen = visible(Screen.self) else { return }
    recorder.userAction(on: screen, action: action, label: label)
    perform(screen)
    UIKitModel.finishAnimations()
  }

  func next() { tap("next", on: OnboardingController.self, label: "Next") { $0.next() } }
  func tapSignUp() {
    tap("signUp", on: LoginController.self, label: "Sign up") {
      Person.tap($0.navigationItem.rightBarButtonItem)
    }
  }
  func readTerms() { tap("terms", on: SignUpController.self, label: "Terms") { $0.readTerms() } }
  func closeTerms() {
    tap("close", on: TermsController.self, label: "Close") { Person.tap($0.navigationItem.leftBarButtonItem) }
  }
  func logIn() { tap("logIn", on: LoginController.self, label: "Log in") { $0.logIn() } }
  func select(_ name: String) { tap(name, on: ItemsListController.self) { $0.select(name) } }
  func openAbout() { tap("about", on: SettingsController.self, label: "About") { $0.about() } }
  func logOut() { tap("logOut", on: SettingsController.self, label: "Log out") { $0.logOut() } }
  func add() {
    tap("add", on: ItemsListController.self, label: "+") { Person.tap($0.navigationItem.rightBarButtonItem) }
  }
  func pickCategory() {
    tap("category", on: ItemCreateController.self, label: "Category") { $0.pickCategory() }
  }
  func pick(_ category: String) { tap(category, on: CategoryPickerController.self) { $0.pick(category) } }
  func save() {
    tap("save", on: ItemCreateController.self, label: "Save") {
      Person.tap($0.navigationItem.rightBarButtonItem)
    }
  }
  func cancel() {
    tap("cancel", on: ItemCreateController.self, label: "Cancel") {
      Person.tap($0.navigationItem.leftBarButtonItem)
    }
  }

  func tapBack() {
    guard let navigation else { return }
    Person.tapBackButton(in: navigation)
    UIKitModel.finishAnimations()
  }

  func swipeBack(completing: Bool) {
    guard let navigation else { return }
    Person.swipeBack(in: navigation, completing: completing)
  }

  func pickFromBackMenu(_ index: Int) {
    guard let navigation else { return }
    Person.pickFromBackMenu(navigation.viewControllers[index], in: navigation)
    UIKitModel.finishAnimations()
  }

  func tapTab(_ index: Int) {
    guard let tabs = app.window?.rootViewController as? UITabBarController else { return }
    Person.tapTab(at: index, in: tabs)
    UIKitModel.finishAnimations()
  }

  func swipeDownSheet() {
    guard let sheet = app.window?.rootViewController?.presentedViewController else { return }
    Person.swipeDown(sheet)
    UIKitModel.finishAnimations()
  }

  /// The app is opened at `link` while it runs (a link tapped in another app: iOS tells the app).
  func open(_ link: String) {
    guard let url = URL(string: link) else { return }
    UIKitModel.openURL(url)
    UIKitModel.finishAnimations()
  }
}
