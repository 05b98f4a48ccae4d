import Testing
import UIKit

/// The model of UIKit: the appearance callbacks of modal presentation and of a sheet swiped down.
@MainActor @Suite(.serialized) struct UIKitModelPresentationTests {
  /// `A` on screen at the root of a window, and `S` to present; the log emptied.
  static func stage() -> (a: Recorded, s: Recorded, window: UIWindow, log: Log) {
    UIKitModel.reset()
    let log = Log()
    let a = Recorded("A", log)
    let shown = window(showing: a)
    _ = log.take()
    return (a, Recorded("S", log), shown, log)
  }

  @Test func aSheetAppearsOverItsPresenterWhichStays() {
    let (a, s, shown, log) = Self.stage()
    a.present(s, animated: true) { log.append("completion") }
    #expect(
      log.take() == ["S viewDidLoad", "S viewWillAppear beingPresented", "S viewIsAppearing beingPresented"])
    #expect(s.transitionCoordinator?.viewController(forKey: .to) === s)
    #expect(a.transitionCoordinator?.isInteractive == false)
    UIKitModel.finishAnimations()
    #expect(log.take() == ["S viewDidAppear beingPresented", "completion"])
    #expect(s.transitionCoordinator == nil && !s.isBeingPresented)
    #expect(s.view.window === shown && a.view.window === shown)

    a.dismiss(animated: true) { log.append("completion") }
    #expect(log.take() == ["S viewWillDisappear beingDismissed"])
    UIKitModel.finishAnimations()
    #expect(log.take() == ["S viewDidDisappear beingDismissed", "completion"])
    #expect(s.viewIfLoaded?.window == nil && a.presentedViewController == nil)
    #expect(shown.isKeyWindow, "the test keeps its window")
  }

  @Test func aFullScreenPresentationTakesItsPresenterOffScreenAndBack() {
    let (a, s, shown, log) = Self.stage()
    s.modalPresentationStyle = .fullScreen
    a.present(s, animated: true) { log.append("completion") }
    UIKitModel.finishAnimations()
    #expect(
      log.take() == [
        "S viewDidLoad", "A viewWillDisappear", "S viewWillAppear beingPresented",
        "S viewIsAppearing beingPresented", "S viewDidAppear beingPresented", "A viewDidDisappear",
        "completion",
      ])
    #expect(a.view.window == nil, "the presenter's views are removed after the presentation completes")
    s.dismiss(animated: false) { log.append("completion") }
    #expect(
      log.take() == [
        "S viewWillDisappear beingDismissed", "A viewWillAppear", "A viewIsAppearing", "A viewDidAppear",
        "S viewDidDisappear beingDismissed", "completion",
      ])
    #expect(a.view.window != nil && s.view.window == nil)
    #expect(shown.isKeyWindow, "the test keeps its window")
  }

  @Test func aPresentedNavigationControllerAndItsTopAppearTogether() {
    let (a, s, shown, log) = Self.stage()
    let navigation = LoggedNavigation(rootViewController: s)
    navigation.log = log
    a.present(navigation, animated: false)
    #expect(
      log.take() == [
        "Nav viewWillAppear", "S viewDidLoad", "S viewWillAppear", "S viewIsAppearing", "Nav viewDidAppear",
        "S viewDidAppear",
      ])
    let b = Recorded("B", log)
    navigation.pushViewController(b, animated: false)
    #expect(log.take().contains("B viewDidAppear movingToParent"), "the presented stack is on screen")
    a.dismiss(animated: false)
    #expect(
      log.take() == [
        "Nav viewWillDisappear", "B viewWillDisappear", "Nav viewDidDisappear", "B viewDidDisappear",
      ])
    #expect(shown.isKeyWindow, "the test keeps its window")
  }

  @Test func aSheetSwipedDownIsAnInteractiveDismissal() throws {
    let (a, s, shown, log) = Self.stage()
    let delegate = LoggedDelegate(log)
    a.present(s, animated: false)
    try #require(s.presentationController).delegate = delegate
    _ = log.take()
    s.onWillDisappear = {
      let coordinator = s.transitionCoordinator
      log.append("coordinator interactive: \(coordinator?.isInteractive == true)")
      coordinator?.notifyWhenInteractionChanges { context in
        log.append("lifted, cancelled: \(context.isCancelled)")
      }
    }
    Person.swipeDown(s, completing: true)
    #expect(
      log.take() == [
        "willDismiss", "S viewWillDisappear beingDismissed", "coordinator interactive: true",
        "lifted, cancelled: false", "S viewDidDisappear beingDismissed", "didDismiss",
      ])
    #expect(a.presentedViewController == nil && s.transitionCoordinator == nil)
    _ = delegate
    #expect(shown.isKeyWindow, "the test keeps its window")
  }

  @Test func aSheetSwipedDownAndLetGoStaysAndAppearsAgain() throws {
    let (a, s, shown, log) = Self.stage()
    let delegate = LoggedDelegate(log)
    a.present(s, animated: false)
    try #require(s.presentationController).delegate = delegate
    _ = log.take()
    s.onWillDisappear = {
      s.transitionCoordinator?.notifyWhenInteractionChanges { context in
        log.append("lifted, cancelled: \(context.isCancelled)")
      }
    }
    Person.swipeDown(s, completing: false)
    #expect(
      log.take() == [
        "willDismiss", "S viewWillDisappear beingDismissed", "lifted, cancelled: true", "S viewWillAppear",
        "S viewIsAppearing", "S viewDidAppear",
      ])
    #expect(a.presentedViewController === s && s.transitionCoordinator == nil)
    _ = delegate
    #expect(shown.isKeyWindow, "the test keeps its window")
  }

  @Test func aPresentedTabBarControllerSwitchesTabsAndIsSwipedDown() {
    let (a, _, shown, log) = Self.stage()
    let tabs = UITabBarController()
    tabs.viewControllers = [Recorded("T1", log), Recorded("T2", log)]
    a.present(tabs, animated: false)
    #expect(log.take() == ["T1 viewDidLoad", "T1 viewWillAppear", "T1 viewIsAppearing", "T1 viewDidAppear"])
    Person.tapTab(at: 1, in: tabs)
    #expect(
      log.take() == [
        "T2 viewDidLoad", "T1 viewWillDisappear", "T2 viewWillAppear", "T2 viewIsAppearing",
        "T1 viewDidDisappear",
        "T2 viewDidAppear",
      ])
    Person.swipeDown(tabs)
    #expect(log.take() == ["T2 viewWillDisappear", "T2 viewDidDisappear"])
    #expect(a.presentedViewController == nil)
    #expect(shown.isKeyWindow, "the test keeps its window")
  }

  @Test func offScreenAPresentationStillHappensWithoutCallbacks() {
    UIKitModel.reset()
    let log = Log()
    let a = Recorded("A", log)
    let s = Recorded("S", log)
    var completed = false
    a.present(s, animated: true) { completed = true }
    UIKitModel.finishAnimations()
    #expect(completed && a.presentedViewController === s)
    #expect(log.take().isEmpty && !s.isViewLoaded)
  }
}
