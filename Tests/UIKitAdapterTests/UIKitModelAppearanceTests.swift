import Testing
import UIKit

/// The model of UIKit: the appearance callbacks of a navigation controller's view controllers, in
/// UIKit's order, only on screen.
@MainActor @Suite(.serialized) struct UIKitModelAppearanceTests {
  /// A navigation controller on screen (in `window`) showing `A`, its delegate logging too.
  struct Stage {
    let navigation: UINavigationController
    let window: UIWindow
    let log: Log
    let screens: [String: Recorded]
    let delegate: LoggedDelegate
  }

  /// The stage, its log emptied.
  static func onScreen() -> Stage {
    UIKitModel.reset()
    let log = Log()
    let screens = Dictionary(uniqueKeysWithValues: ["A", "B", "C"].map { ($0, Recorded($0, log)) })
    let navigation = UINavigationController(rootViewController: screens["A"]!)
    let delegate = LoggedDelegate(log)
    navigation.delegate = delegate
    let shown = window(showing: navigation)
    _ = log.take()
    return Stage(navigation: navigation, window: shown, log: log, screens: screens, delegate: delegate)
  }

  @Test func aWindowShowingANavigationControllerLoadsAndShowsOnlyItsTop() {
    UIKitModel.reset()
    let log = Log()
    let a = Recorded("A", log)
    let b = Recorded("B", log)
    let navigation = UINavigationController(rootViewController: a)
    navigation.pushViewController(b, animated: false)
    #expect(!a.isViewLoaded && !b.isViewLoaded, "nobody read a view, nothing is on screen")
    let shown = window(showing: navigation)
    #expect(log.take() == ["B viewDidLoad", "B viewWillAppear", "B viewIsAppearing", "B viewDidAppear"])
    #expect(!a.isViewLoaded)
    #expect(b.view.window === shown && b.view.superview === navigation.view)
  }

  @Test func anAnimatedPushAndPopCallBackInUIKitsOrder() {
    let stage = Self.onScreen()
    let (navigation, log, screens) = (stage.navigation, stage.log, stage.screens)
    let b = screens["B"]!
    b.logsMoves = true
    navigation.pushViewController(b, animated: true)
    #expect(
      log.take() == [
        "B willMove(toParent: UINavigationController)", "B viewDidLoad", "willShow B", "A viewWillDisappear",
        "B viewWillAppear movingToParent", "B viewIsAppearing movingToParent",
      ])
    #expect(navigation.transitionCoordinator != nil && navigation.viewControllers.count == 2)
    UIKitModel.finishAnimations()
    #expect(
      log.take() == [
        "A viewDidDisappear", "B viewDidAppear movingToParent", "B didMove(toParent: UINavigationController)",
        "didShow B",
      ])
    #expect(!b.isMovingToParent && screens["A"]!.viewIfLoaded?.window == nil)

    navigation.popViewController(animated: true)
    UIKitModel.finishAnimations()
    #expect(
      log.take() == [
        "B willMove(toParent: nil)", "willShow A", "B viewWillDisappear movingFromParent", "A viewWillAppear",
        "A viewIsAppearing", "B viewDidDisappear movingFromParent", "A viewDidAppear",
        "B didMove(toParent: nil)",
        "didShow A",
      ])
    #expect(stage.window.isKeyWindow, "the test keeps its window")
  }

  @Test func anUnanimatedChangeCallsBackInTheSameOrderAtOnce() {
    let stage = Self.onScreen()
    let (navigation, log, screens) = (stage.navigation, stage.log, stage.screens)
    navigation.setViewControllers([screens["A"]!, screens["C"]!], animated: false)
    #expect(navigation.transitionCoordinator == nil)
    #expect(
      log.take() == [
        "C viewDidLoad", "willShow C", "A viewWillDisappear", "C viewWillAppear movingToParent",
        "C viewIsAppearing movingToParent", "A viewDidDisappear", "C viewDidAppear movingToParent",
        "didShow C",
      ])
    navigation.popToRootViewController(animated: false)
    #expect(
      log.take() == [
        "willShow A", "C viewWillDisappear movingFromParent", "A viewWillAppear", "A viewIsAppearing",
        "C viewDidDisappear movingFromParent", "A viewDidAppear", "didShow A",
      ])
    #expect(stage.window.isKeyWindow, "the test keeps its window")
  }

  @Test func anInteractivePopCompletedTellsTheFingerBeforeAnyDidCallback() throws {
    let stage = Self.onScreen()
    let (navigation, log, screens) = (stage.navigation, stage.log, stage.screens)
    navigation.pushViewController(screens["B"]!, animated: false)
    _ = log.take()
    let swipe = try #require(Person.beginSwipeBack(in: navigation))
    #expect(
      log.take() == [
        "willShow A", "B viewWillDisappear movingFromParent", "A viewWillAppear", "A viewIsAppearing",
      ])
    navigation.transitionCoordinator?.notifyWhenInteractionChanges { context in
      log.append("lifted, cancelled: \(context.isCancelled)")
    }
    swipe.lift(completing: true)
    UIKitModel.finishAnimations()
    #expect(
      log.take() == [
        "lifted, cancelled: false", "B viewDidDisappear movingFromParent", "A viewDidAppear", "didShow A",
      ])
    #expect(stage.window.isKeyWindow, "the test keeps its window")
  }

  @Test func anInteractivePopGivenUpPutsTheOldTopBack() throws {
    let stage = Self.onScreen()
    let (navigation, log, screens) = (stage.navigation, stage.log, stage.screens)
    let b = screens["B"]!
    navigation.pushViewController(b, animated: false)
    b.logsMoves = true
    _ = log.take()
    let swipe = try #require(Person.beginSwipeBack(in: navigation))
    navigation.transitionCoordinator?.notifyWhenInteractionChanges { context in
      log.append("lifted, cancelled: \(context.isCancelled)")
    }
    swipe.lift(completing: false)
    UIKitModel.finishAnimations()
    #expect(
      log.take() == [
        "B willMove(toParent: nil)", "willShow A", "B viewWillDisappear movingFromParent", "A viewWillAppear",
        "A viewIsAppearing", "lifted, cancelled: true", "A viewWillDisappear", "A viewDidDisappear",
        "B viewWillAppear", "B viewIsAppearing", "B viewDidAppear",
        "B didMove(toParent: UINavigationController)",
        "didShow B",
      ])
    #expect(navigation.viewControllers.map(\.title) == ["A", "B"])
    #expect(b.view.window != nil && screens["A"]!.view.window == nil)
    #expect(stage.window.isKeyWindow, "the test keeps its window")
  }

  @Test func offScreenNobodyHearsAnAppearanceCallbackAndNoViewLoads() {
    UIKitModel.reset()
    let log = Log()
    let navigation = UINavigationController(rootViewController: Recorded("A", log))
    navigation.pushViewController(Recorded("B", log), animated: true)
    UIKitModel.finishAnimations()
    navigation.popViewController(animated: false)
    #expect(log.take().isEmpty)
    // Reading a view loads it, on screen or not.
    _ = navigation.topViewController?.view
    #expect(log.take() == ["A viewDidLoad"])
  }

  @Test func theWindowHiddenAndShownAgainTakesItsViewControllersOffAndOnScreen() {
    let stage = Self.onScreen()
    let (navigation, shown, log) = (stage.navigation, stage.window, stage.log)
    shown.isHidden = true
    #expect(log.take() == ["A viewWillDisappear", "A viewDidDisappear"])
    navigation.pushViewController(Recorded("B", log), animated: false)
    #expect(log.take() == ["willShow B", "didShow B"], "off screen: the delegate only")
    shown.isHidden = false
    #expect(log.take() == ["B viewDidLoad", "B viewWillAppear", "B viewIsAppearing", "B viewDidAppear"])
    #expect(stage.window.isKeyWindow, "the test keeps its window")
  }

  @Test func aContainerOfTheAppsOwnForwardsToTheChildrenInItsView() {
    let stage = Self.onScreen()
    let (navigation, log) = (stage.navigation, stage.log)
    let container = Recorded("Container", log)
    let child = Recorded("Child", log)
    child.logsMoves = true
    navigation.pushViewController(container, animated: false)
    _ = log.take()
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    #expect(
      log.take() == [
        "Child willMove(toParent: Recorded)", "Child viewDidLoad", "Child viewWillAppear movingToParent",
        "Child viewIsAppearing movingToParent", "Child viewDidAppear movingToParent",
        "Child didMove(toParent: Recorded)",
      ])
    #expect(container.children == [child] && child.parent === container)
    navigation.popViewController(animated: false)
    #expect(
      log.take() == [
        "willShow A", "Container viewWillDisappear movingFromParent", "Child viewWillDisappear",
        "A viewWillAppear", "A viewIsAppearing", "Container viewDidDisappear movingFromParent",
        "Child viewDidDisappear", "A viewDidAppear", "didShow A",
      ])
    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.removeFromParent()
    #expect(log.take() == ["Child willMove(toParent: nil)", "Child didMove(toParent: nil)"])
    #expect(container.children.isEmpty && child.parent == nil)
    #expect(stage.window.isKeyWindow, "the test keeps its window")
  }

  @Test func aViewLoadsOnceByLoadViewThenViewDidLoadAndNeverBefore() {
    UIKitModel.reset()
    let log = Log()
    let screen = Recorded("A", log)
    #expect(!screen.isViewLoaded && screen.viewIfLoaded == nil)
    screen.loadViewIfNeeded()
    screen.loadViewIfNeeded()
    #expect(log.take() == ["A viewDidLoad"])
    #expect(screen.isViewLoaded && screen.viewIfLoaded === screen.view)
    #expect(screen.view.frame == UIScreen.main.bounds)
    let custom = CustomView(log)
    #expect(custom.view is UILabel)
    #expect(log.take() == ["loadView", "viewDidLoad"])
    #expect(UIKitModel.raised.isEmpty)
  }
}

/// A view controller that makes its own view.
@MainActor
private final class CustomView: UIViewController {
  let log: Log

  init(_ log: Log) {
    self.log = log
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func loadView() {
    log.append("loadView")
    let label = UILabel()
    label.text = "Hello"
    view = label
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    log.append("viewDidLoad")
  }
}
