import Testing
import UIKit
import UIKitModelSwift5Fixture

/// The Swift 5 app of Tests/UIKitModelSwift5Fixture, run on the model of UIKit: onboarding, the
/// main tab bar replacing it as the window's root, a product from the storyboard, a login
/// presented in a navigation controller of its own and swiped away, then closed by its button.
@MainActor @Suite(.serialized) struct UIKitModelSwift5FixtureTests {
  @Test func theAppRunsFromOnboardingToTheShop() throws {
    UIKitModel.reset()
    // What Main.storyboard holds, and what `#selector(close)` names.
    UIStoryboard.register(name: "Main", scenes: [.init("Product") { ProductViewController(coder: $0) }])
    UIKitModel.registerAction("close", of: LoginViewController.self) { login, _ in login.close() }
    let app = AppDelegate()
    UIKitModel.launch(appDelegate: app)
    let window = try #require(app.window)
    #expect(window.isKeyWindow)
    #expect(app.journal.take() == ["Welcome viewDidLoad"])

    let onboarding = try #require(
      (window.rootViewController as? UINavigationController)?.topViewController as? OnboardingViewController)
    Person.tap(onboarding.startButton)
    let tabs = try #require(window.rootViewController as? MainTabBarController)
    #expect(tabs.delegate === tabs && tabs.tabBar.items?.first?.title == "Shop")
    #expect(
      app.journal.take() == [
        "shows Products", "Products viewDidLoad", "Products viewWillAppear", "Welcome viewDidDisappear",
        "Products viewDidAppear",
      ])

    let shop = try #require(app.coordinator?.shop)
    shop.showProduct(named: "Lamp")
    UIKitModel.finishAnimations()
    #expect(
      app.journal.take() == [
        "Products viewWillDisappear", "Products viewDidDisappear", "shows Lamp",
      ])
    let shopNavigation = try #require(tabs.selectedViewController as? UINavigationController)
    Person.tapBackButton(in: shopNavigation)
    UIKitModel.finishAnimations()
    #expect(app.journal.take() == ["Products viewWillAppear", "Products viewDidAppear", "shows Products"])

    let list = try #require(shopNavigation.topViewController)
    Person.tap(list.navigationItem.rightBarButtonItem)
    UIKitModel.finishAnimations()
    #expect(app.journal.take() == ["Log in viewWillAppear, presented: true"], "a sheet: the list stays")
    let login = try #require(tabs.presentedViewController as? UINavigationController)
    Person.swipeDown(login)
    #expect(app.journal.take() == ["Log in viewDidDisappear", "sheet swiped away", "login abandoned"])

    Person.tap(list.navigationItem.rightBarButtonItem)
    UIKitModel.finishAnimations()
    _ = app.journal.take()
    let form = try #require((tabs.presentedViewController as? UINavigationController)?.topViewController)
    Person.tap(form.navigationItem.leftBarButtonItem)
    UIKitModel.finishAnimations()
    #expect(app.journal.take() == ["Log in viewDidDisappear"], "closed in code: the delegate is not told")
    #expect(tabs.presentedViewController == nil && UIKitModel.raised.isEmpty)
  }
}
