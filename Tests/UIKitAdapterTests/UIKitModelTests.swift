import FlowAtlasUIKitOnModel
import Testing
import UIKit

/// The model of UIKit itself, where the adapters' tests do not reach: what it promises about
/// transitions, presentation and programming errors.
@MainActor @Suite(.serialized) struct UIKitModelTests {
  @Test func anInteractivePopTellsWhenTheFingerLiftsAndHowItEnded() throws {
    UIKitModel.reset()
    let navigation = UINavigationController(rootViewController: Screen("A"))
    navigation.pushViewController(Screen("B"), animated: false)
    let swipe = try #require(Person.beginSwipeBack(in: navigation))
    let transition = try #require(navigation.transitionCoordinator)
    #expect(transition.isInteractive && transition.isAnimated)
    #expect(transition.viewController(forKey: .from)?.title == "B")
    #expect(transition.viewController(forKey: .to)?.title == "A")
    var heard: [String] = []
    transition.notifyWhenInteractionChanges { context in
      heard.append("lifted, cancelled: \(context.isCancelled)")
    }
    transition.animate(alongsideTransition: { _ in heard.append("alongside") }) { context in
      heard.append("ended, cancelled: \(context.isCancelled)")
    }
    // Held half-way: time passing does not end it.
    UIKitModel.finishAnimations()
    #expect(navigation.transitionCoordinator != nil)
    swipe.lift(completing: false)
    #expect(heard == ["alongside", "lifted, cancelled: true"])
    UIKitModel.finishAnimations()
    #expect(heard.last == "ended, cancelled: true")
    #expect(navigation.transitionCoordinator == nil)
    #expect(navigation.viewControllers.map(\.title) == ["A", "B"])
  }

  @Test func anUnanimatedChangeHasNoTransitionCoordinator() {
    UIKitModel.reset()
    let navigation = UINavigationController(rootViewController: Screen("A"))
    navigation.pushViewController(Screen("B"), animated: false)
    #expect(navigation.transitionCoordinator == nil)
    #expect(navigation.popViewController(animated: false)?.title == "B")
    #expect(navigation.popViewController(animated: false) == nil, "the root is not popped")
    #expect(navigation.popToRootViewController(animated: false)?.isEmpty == true)
  }

  @Test func programmingErrorsAreRaisedAndChangeNothing() {
    UIKitModel.reset()
    let root = Screen("A")
    let navigation = UINavigationController(rootViewController: root)
    navigation.pushViewController(root, animated: false)
    #expect(navigation.viewControllers.count == 1)
    navigation.present(Screen("S"), animated: false)
    navigation.present(Screen("T"), animated: false)
    #expect(navigation.presentedViewController?.title == "S")
    #expect(UIKitModel.raised.count == 2)
    CATransaction.commit()
    #expect(UIKitModel.raised.count == 3)
  }

  @Test func aPresentationIsHandledByTheOutermostContainerAndDismissedFromAnywhere() {
    UIKitModel.reset()
    let inner = Screen("A")
    let navigation = UINavigationController(rootViewController: inner)
    var presented = false
    inner.present(Screen("S"), animated: true) { presented = true }
    #expect(!presented)
    UIKitModel.finishAnimations()
    #expect(presented)
    #expect(navigation.presentedViewController?.title == "S")
    #expect(inner.presentedViewController?.title == "S")
    #expect(navigation.presentedViewController?.presentingViewController === navigation)
    // Asked of the presented view controller itself, the presenter dismisses it.
    navigation.presentedViewController?.dismiss(animated: false)
    #expect(navigation.presentedViewController == nil)
    var dismissed = false
    navigation.dismiss(animated: false) { dismissed = true }
    #expect(dismissed, "with nothing presented the completion still runs")
  }

  @Test func theSelectedTabTappedAtItsRootOnlySelectsIt() {
    UIKitModel.reset()
    let tabs = UITabBarController()
    let first = UINavigationController(rootViewController: Screen("A"))
    tabs.viewControllers = [first, Screen("B")]
    Person.tapTab(at: 0, in: tabs)
    Person.tapTab(at: 7, in: tabs)
    #expect(tabs.selectedIndex == 0 && first.viewControllers.count == 1)
    Person.tapTab(at: 1, in: tabs)
    #expect(tabs.selectedViewController?.title == "B")
    tabs.selectedIndex = 9
    #expect(tabs.selectedIndex == 1)
  }
}
