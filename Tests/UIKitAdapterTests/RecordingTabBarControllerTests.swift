import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader
import FlowAtlasUIKitOnModel
import Testing
import UIKit

/// `RecordingTabBarController` where the app does more: a delegate of its own that refuses a tab,
/// tabs that are no navigation controllers selected in code, a tab bar presented as a flow, and
/// the sheet observer's forwarding to the app's presentation delegate.
@MainActor @Suite(.serialized) struct RecordingTabBarControllerTests {
  @Test func anAppDelegateSetBeforeHearsEveryCallAndARefusedTapRecordsNothing() {
    let app = AppTabsDelegate()
    var tabs: RecordingTabBarController?
    let (lines, _) = RecordingContainersTests.record { recorder in
      // The run is followed first, as an app sets FlowAtlas up at launch: a tab bar made before
      // would record in whichever run this thread followed last, another test's.
      let root = TabsCoordinator()
      recorder.follow(root)
      let window = UIWindow()
      window.makeKeyAndVisible()
      let controller = RecordingTabBarController()
      tabs = controller
      controller.delegate = app
      controller.viewControllers = [
        UINavigationController.recorded(rootViewController: HomeScreen()), SettingsScreen(), AboutScreen(),
      ]
      root.start()
      window.rootViewController = controller
      app.refuses = 1
      Person.tapTab(at: 1, in: controller)
      app.refuses = nil
      Person.tapTab(at: 2, in: controller)
      // The app selects a tab that is no navigation controller, in code.
      controller.selectedViewController = controller.viewControllers?[1]
    }
    #expect(app.heard == ["shouldSelect 1", "shouldSelect 2", "didSelect 2"])
    // The app reads its own delegate, as without FlowAtlas; UIKit talks to FlowAtlas's observer,
    // which saw the taps (recorded as the system's) and passed them on.
    #expect(tabs?.delegate === app)
    #expect(
      lines.filter { $0.hasPrefix("selectTab") } == [
        "selectTab tab 3 AboutScreen [r3] (system: tabBar)", "selectTab tab 2 SettingsScreen [r2]",
      ], "\(lines)")
    // The tabs that are no navigation controllers are routers of their own, prepared off-screen.
    #expect(lines.contains("setRoot SettingsScreen [r2] background"), "\(lines)")
  }

  /// A run an earlier test followed on this thread and left recording takes nothing of the next
  /// one's, even a tab bar made before the next run follows its root (as a new app process).
  @Test func aRunLeftRecordingOnTheThreadTakesNothingOfTheNext() {
    let earlier = FlowAtlasRecording.Recorder(
      header: TraceHeader(app: "Earlier", run: "left"), sink: MemoryTraceSink())
    earlier.follow(TabsCoordinator())
    withExtendedLifetime(earlier) {
      let (lines, _) = RecordingContainersTests.record { recorder in
        let controller = RecordingTabBarController()
        controller.viewControllers = [
          UINavigationController.recorded(rootViewController: HomeScreen()), SettingsScreen(),
        ]
        let root = TabsCoordinator()
        recorder.follow(root)
        root.start()
        let window = UIWindow()
        window.makeKeyAndVisible()
        window.rootViewController = controller
        Person.tapTab(at: 1, in: controller)
      }
      #expect(lines.contains("selectTab tab 2 SettingsScreen [r2] (system: tabBar)"), "\(lines)")
    }
  }

  /// A tab bar controller subclass of the app's that keeps a delegate of its own in UIKit's seat
  /// and offers `delegate` as a slot it forwards to: the recording's re-homing went through the
  /// slot and emptied it. The app's delegate in the slot hears the taps, which are recorded.
  @Test func aSubclassKeepingADelegateOfItsOwnKeepsTheAppsInItsSlot() {
    let app = AppTabsDelegate()
    var controller: SlotTabBarController?
    let (lines, _) = RecordingContainersTests.record { recorder in
      let root = TabsCoordinator()
      recorder.follow(root)
      let window = UIWindow()
      window.makeKeyAndVisible()
      let tabs = SlotTabBarController()
      controller = tabs
      tabs.delegate = app
      tabs.viewControllers = [
        UINavigationController.recorded(rootViewController: HomeScreen()), SettingsScreen(),
      ]
      root.start()
      window.rootViewController = tabs
      Person.tapTab(at: 1, in: tabs)
    }
    #expect(controller?.delegate === app)
    #expect(controller?.seatedDelegate is TabTapObserver)
    #expect(app.heard == ["shouldSelect 1", "didSelect 1"], "\(app.heard)")
    #expect(lines.last == "selectTab tab 2 SettingsScreen [r2] (system: tabBar)", "\(lines)")
  }

  @Test func theObserversForwardWhatTheyDoNotImplementToTheAppsDelegates() {
    UIKitModel.reset()
    let app = AppTabsDelegate()
    let observer = TabTapObserver()
    observer.appDelegate = app
    #expect(observer.responds(to: "tabBarController:didSelectViewController:"))
    #expect(!observer.responds(to: "tabBarController:animationControllerForTransitionFromViewController:"))
    #expect(
      observer.forwardingTarget(for: "tabBarController:shouldSelectViewController:") as AnyObject? === app)
    #expect(observer.forwardingTarget(for: "somethingElse:") == nil)

    let sheet = UINavigationController()
    let presentationDelegate = AppPresentationDelegate()
    sheet.presentationController?.delegate = presentationDelegate
    var swiped = 0
    let sheetObserver = SheetSwipeObserver(observing: sheet) { _, _ in swiped += 1 }
    #expect(sheet.presentationController?.delegate === sheetObserver)
    #expect(sheetObserver.responds(to: "presentationControllerDidDismiss:"))
    #expect(
      sheetObserver.forwardingTarget(for: "presentationControllerDidDismiss:") as AnyObject?
        === presentationDelegate)
    #expect(sheetObserver.forwardingTarget(for: "somethingElse:") == nil)
    if let presentation = sheet.presentationController {
      sheetObserver.presentationControllerDidDismiss(presentation)
    }
    #expect(swiped == 1 && presentationDelegate.dismissed == 1)
  }

  /// A tab bar controller presented as a flow of its own records its presentation when it appears.
  @Test func aTabBarPresentedByAScreenIsAContainerOnItsPresentersRouter() {
    let (lines, app) = RecordingContainersTests.record { recorder in
      let shop = ShopCoordinator.startedInAWindow(followedBy: recorder)
      let tabs = RecordingTabBarController()
      tabs.viewControllers = [UINavigationController.recorded(rootViewController: HomeScreen())]
      shop.navigation.topViewController?.present(tabs, animated: false)
    }
    // The model of UIKit hands the screen's presentation to its navigation controller, which records it.
    #expect(
      lines.contains("present RecordingTabBarController hosts [r2] by ShopCoordinator [r1]"), "\(lines)")
    #expect(
      RecordingContainersTests.edges(app).contains("ProductScreen > HomeScreen: present by ShopCoordinator"))
  }
}

@MainActor
private final class AppTabsDelegate: NSObject, UITabBarControllerDelegate {
  var refuses: Int?
  private(set) var heard: [String] = []

  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
    -> Bool
  {
    let index = tabBarController.viewControllers?.firstIndex { $0 === viewController } ?? -1
    heard.append("shouldSelect \(index)")
    return index != refuses
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    heard.append("didSelect \(tabBarController.selectedIndex)")
  }

  override func responds(to aSelector: Selector!) -> Bool {
    ["tabBarController:shouldSelectViewController:", "tabBarController:didSelectViewController:"]
      .contains(aSelector.description)
  }
}

/// A tab bar controller in WooCommerce's navigation controller's style: a delegate of its own in
/// UIKit's seat, and `delegate` a slot that delegate forwards to.
@MainActor
private final class SlotTabBarController: RecordingTabBarController {
  private let inner = SlotTabDelegate()

  override var delegate: (any UITabBarControllerDelegate)? {
    get { inner.forwardDelegate }
    set { inner.forwardDelegate = newValue }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    super.delegate = inner
  }
}

@MainActor
private final class SlotTabDelegate: NSObject, UITabBarControllerDelegate {
  weak var forwardDelegate: (any UITabBarControllerDelegate)?

  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
    -> Bool
  {
    forwardDelegate?.tabBarController?(tabBarController, shouldSelect: viewController) ?? true
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    forwardDelegate?.tabBarController?(tabBarController, didSelect: viewController)
  }

  override func responds(to aSelector: Selector!) -> Bool {
    ["tabBarController:shouldSelectViewController:", "tabBarController:didSelectViewController:"]
      .contains(aSelector.description)
  }
}
