import FlowAtlasTrace
import FlowAtlasTraceReader
import FlowAtlasUIKitOnModel
import Testing
import UIKit

/// `RecordingNavigationController`, run on the model of UIKit: a plain coordinator that drives
/// its navigation controller itself, recorded by its marked lines.
@MainActor @Suite(.serialized) struct RecordingNavigationControllerTests {
  static func run(_ body: (PlainCoordinator, UINavigationController) -> Void) -> [String] {
    UIKitModel.reset()
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Plain", run: "test"), sink: sink)
    let coordinator = PlainCoordinator.started(followedBy: recorder)
    body(coordinator, coordinator.rootViewController)
    UIKitModel.finishAnimations()
    recorder.finish()
    return TraceTranscript(sink.events).lines
  }

  @Test func theAppsCallsAreTheCoordinatorsAndThePersonsAreTheSystems() {
    let lines = Self.run { coordinator, navigation in
      coordinator.show("Detail")
      coordinator.show("Summary")
      Person.tapBackButton(in: navigation)
      UIKitModel.finishAnimations()
      coordinator.show("Summary")
      Person.swipeBack(in: navigation, completing: false)
      Person.swipeBack(in: navigation, completing: true)
      coordinator.show("Summary")
      coordinator.show("Payment")
      Person.pickFromBackMenu(navigation.viewControllers[0], in: navigation)
      UIKitModel.finishAnimations()
      coordinator.show("Detail")
      coordinator.back()
      UIKitModel.finishAnimations()
    }
    #expect(
      lines == [
        "start PlainCoordinator",
        "setRoot Screen by PlainCoordinator [r1]",
        "push Screen by PlainCoordinator [r1]",
        "push Screen by PlainCoordinator [r1]",
        "pop Screen by PlainCoordinator [r1] (system: backButton)",
        "push Screen by PlainCoordinator [r1]",
        "pop Screen by PlainCoordinator [r1] (system: edgeSwipe)",
        "push Screen by PlainCoordinator [r1]",
        "push Screen by PlainCoordinator [r1]",
        "popTo Screen by PlainCoordinator [r1] (system: backMenu)",
        "push Screen by PlainCoordinator [r1]",
        "pop Screen by PlainCoordinator [r1]",
      ], "\(lines)")
  }

  /// Pops UIKit does nothing for (the root popped, a pop to the screen on top, as Element pops to
  /// the room it shows already) record nothing, the app's or a screen's own: the model would take
  /// the root away or report `empty-stack`, and the person's next back button read as the menu.
  @Test func aPopThatPopsNothingRecordsNothing() {
    let lines = Self.run { coordinator, navigation in
      coordinator.back()
      coordinator.backToTop()
      coordinator.backToRoot()
      UIKitModel.finishAnimations()
      coordinator.show("Detail")
      UIKitModel.finishAnimations()
      navigation.popToViewController(navigation.viewControllers[1], animated: false)
      Person.tapBackButton(in: navigation)
      UIKitModel.finishAnimations()
    }
    #expect(
      lines == [
        "start PlainCoordinator",
        "setRoot Screen by PlainCoordinator [r1]",
        "push Screen by PlainCoordinator [r1]",
        "pop Screen by PlainCoordinator [r1] (system: backButton)",
      ], "\(lines)")
  }

  /// A delegate that passes every call on to the delegate it found before it (Hero's transitions,
  /// an app's proxy) finds the recording's own there: each push called itself back without end,
  /// and the app crashed on its first navigation.
  @Test func aDelegateForwardingToTheOneItFoundHearsEachCallOnce() {
    let proxy = ForwardingNavigationDelegate()
    let lines = Self.run { coordinator, navigation in
      proxy.previous = navigation.delegate
      navigation.delegate = proxy
      coordinator.show("Detail")
      UIKitModel.finishAnimations()
      Person.tapBackButton(in: navigation)
      UIKitModel.finishAnimations()
    }
    #expect(proxy.heard == ["willShow", "didShow", "willShow", "didShow"])
    #expect(
      Array(lines.suffix(2)) == [
        "push Screen by PlainCoordinator [r1]", "pop Screen by PlainCoordinator [r1] (system: backButton)",
      ], "\(lines)")
  }

  /// An app's delegate that navigates when a screen shows hears the navigation it makes, and the
  /// recording records it: only the same call coming back in is cut short.
  @Test func aDelegateThatNavigatesWhenAScreenShowsHearsThatNavigation() {
    let delegate = ForwardingNavigationDelegate()
    let lines = Self.run { coordinator, navigation in
      navigation.delegate = delegate
      delegate.onDidShow = { shown in
        if shown.title == "Detail" { navigation.pushViewController(Screen("More"), animated: false) }
      }
      // Unanimated: UIKit tells `didShow` at once, and the push made there is told inside it.
      coordinator.replaceStack(with: ["Start", "Detail"])
      UIKitModel.finishAnimations()
    }
    #expect(delegate.heard == ["willShow", "didShow", "willShow", "didShow"], "\(delegate.heard)")
    #expect(lines.filter { $0.hasPrefix("push") }.count == 2, "\(lines)")
  }

  @Test func aSheetTheAppPresentsAndThePersonSwipesDown() throws {
    var sheet: UIViewController?
    let lines = Self.run { coordinator, navigation in
      coordinator.presentCart()
      UIKitModel.finishAnimations()
      sheet = navigation.presentedViewController
      Person.swipeDown(try! #require(sheet))
      coordinator.presentCart()
      coordinator.closeCart()
    }
    #expect(sheet != nil)
    #expect(
      Array(lines.suffix(4)) == [
        "present Screen by PlainCoordinator [r1]",
        "dismiss Screen by PlainCoordinator [r1] (system: swipeDown)",
        "present Screen by PlainCoordinator [r1]",
        "dismiss Screen by PlainCoordinator [r1]",
      ], "\(lines)")
  }

  /// A sheet whose screen makes itself its presentation controller's delegate as its view loads
  /// (a form that asks before it is thrown away), or whose coordinator sets one once it has
  /// presented it, took the recording's place: the person's swipe went unrecorded, and the model
  /// kept the sheet on screen, with all that came next inside it. Each delegate still hears it.
  @Test func aSheetWhoseDelegateTheAppSetsAfterPresentingIsStillSwipedDown() throws {
    let form = FormScreen()
    let late = AppPresentationDelegate()
    let window = UIWindow()
    let lines = Self.run { coordinator, navigation in
      window.makeKeyAndVisible()
      window.rootViewController = navigation
      coordinator.present(form)
      UIKitModel.finishAnimations()
      Person.swipeDown(form)
      UIKitModel.finishAnimations()
      coordinator.presentCart()
      navigation.presentedViewController?.presentationController?.delegate = late
      UIKitModel.finishAnimations()
      Person.swipeDown(try! #require(navigation.presentedViewController))
      UIKitModel.finishAnimations()
      coordinator.show("Detail")
    }
    #expect(form.dismissed == 1 && late.dismissed == 1)
    #expect(
      Array(lines.suffix(6)) == [
        "present FormScreen by PlainCoordinator [r1]",
        "update FormScreen title Form",
        "dismiss FormScreen by PlainCoordinator [r1] (system: swipeDown)",
        "present Screen by PlainCoordinator [r1]",
        "dismiss Screen by PlainCoordinator [r1] (system: swipeDown)",
        "push Screen by PlainCoordinator [r1]",
      ], "\(lines)")
  }

  /// A delegate set after presenting that passes every call on to the delegate it found (the
  /// recording's own), and asks it what it responds to, hears each call once, the swipe is
  /// recorded once, and a question neither answers ends.
  @Test func aSheetDelegateForwardingToTheOneItFoundHearsTheSwipeOnce() throws {
    let proxy = AppPresentationDelegate()
    var answer: Bool?
    let lines = Self.run { coordinator, navigation in
      coordinator.presentCart()
      let presentation = navigation.presentedViewController?.presentationController
      proxy.previous = presentation?.delegate
      presentation?.delegate = proxy
      UIKitModel.finishAnimations()
      // As UIKit asks when the delegate is set (the recording took its seat back meanwhile).
      answer = presentation?.delegate?.responds(
        to: "adaptivePresentationStyleForPresentationController:traitCollection:")
      Person.swipeDown(try! #require(navigation.presentedViewController))
      UIKitModel.finishAnimations()
    }
    #expect(answer == false)
    #expect(proxy.dismissed == 1)
    #expect(
      lines.filter { $0.hasPrefix("dismiss") } == [
        "dismiss Screen by PlainCoordinator [r1] (system: swipeDown)"
      ])
  }

  /// RxCocoa's delegate proxy (`navigationController.rx.didShow`) takes the place of the delegate
  /// it finds, checks that it has it (an assertion: a crash in debug builds), and asks that
  /// delegate what it responds to. It found the recording's, which asked it back without end. It
  /// finds the app's now, as without FlowAtlas, and the recording hears every call before it.
  @Test func anRxCocoaDelegateProxyFindsTheAppsDelegateAndTheRecordingHearsFirst() {
    let proxy = RxStyleDelegateProxy()
    let early = AppNavigationDelegate()
    var installed = false
    var answers: [Bool] = []
    let lines = Self.run { coordinator, navigation in
      navigation.delegate = early
      installed = proxy.install(on: navigation)
      answers.append(
        navigation.delegate?.responds(to: "navigationController:willShowViewController:animated:") ?? false)
      answers.append(
        navigation.delegate?.responds(
          to: "navigationController:animationControllerForOperation:fromViewController:toViewController:")
          ?? false)
      coordinator.show("Detail")
      UIKitModel.finishAnimations()
      Person.tapBackButton(in: navigation)
      UIKitModel.finishAnimations()
      // Its reset when a subscription comes (RxCocoa sets nil, then the proxy again).
      navigation.delegate = nil
      navigation.delegate = proxy
      coordinator.show("Summary")
      UIKitModel.finishAnimations()
      Person.swipeBack(in: navigation, completing: true)
      UIKitModel.finishAnimations()
    }
    #expect(installed)
    #expect(answers == [true, false])
    #expect(
      proxy.heard == ["didShow Detail", "didShow Start", "didShow Summary", "didShow Start"], "\(proxy.heard)"
    )
    #expect(
      early.heard == [
        "willShow Detail", "didShow Detail", "willShow Start", "didShow Start", "willShow Summary",
        "didShow Summary", "willShow Start", "didShow Start",
      ], "\(early.heard)")
    #expect(
      Array(lines.suffix(4)) == [
        "push Screen by PlainCoordinator [r1]", "pop Screen by PlainCoordinator [r1] (system: backButton)",
        "push Screen by PlainCoordinator [r1]", "pop Screen by PlainCoordinator [r1] (system: edgeSwipe)",
      ], "\(lines)")
  }

  /// A coordinator that sets a delegate of its own for a while, then puts back the one it read
  /// (Wikipedia's article coordinator, around a pop): it read the recording's, and put it back
  /// keeping the temporary one, so the app's own never heard again. It reads the app's now.
  @Test func aDelegatePutBackIsTheAppsDelegateAgain() {
    let own = AppNavigationDelegate()
    let temporary = AppNavigationDelegate()
    let nested = AppNavigationDelegate()
    _ = Self.run { coordinator, navigation in
      navigation.delegate = own
      coordinator.show("Detail")
      UIKitModel.finishAnimations()
      let previous = navigation.delegate
      navigation.delegate = temporary
      coordinator.show("Summary")
      UIKitModel.finishAnimations()
      let previousOfNested = navigation.delegate
      navigation.delegate = nested
      coordinator.show("Payment")
      UIKitModel.finishAnimations()
      navigation.delegate = previousOfNested
      coordinator.show("Receipt")
      UIKitModel.finishAnimations()
      navigation.delegate = previous
      coordinator.show("Done")
      UIKitModel.finishAnimations()
    }
    #expect(
      own.heard == ["willShow Detail", "didShow Detail", "willShow Done", "didShow Done"], "\(own.heard)")
    #expect(
      temporary.heard == ["willShow Summary", "didShow Summary", "willShow Receipt", "didShow Receipt"],
      "\(temporary.heard)")
    #expect(nested.heard == ["willShow Payment", "didShow Payment"], "\(nested.heard)")
  }

  /// A coordinator that keeps its navigation controller weakly (Bitwarden's
  /// `weak var stackNavigator`: its screens keep the coordinator) marks it with the weak wrapper:
  /// its pushes and its pops in code are its own, not the back button's, and it is freed with its
  /// screens, no orphan.
  @Test func aNavigationControllerKeptWeaklyIsMarkedWeakly() throws {
    UIKitModel.reset()
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Weak", run: "test"), sink: sink)
    weak var freed: WeakNavigatorCoordinator?
    weak var freedNavigation: UINavigationController?
    weak var freedRoot: UIViewController?
    do {
      let navigation = UINavigationController.recorded()
      freedNavigation = navigation
      let coordinator = WeakNavigatorCoordinator(navigation: navigation)
      freed = coordinator
      recorder.follow(coordinator)
      coordinator.start()
      coordinator.show("Detail")
      UIKitModel.finishAnimations()
      coordinator.back()
      UIKitModel.finishAnimations()
      #expect(freed != nil)
      freedRoot = navigation.viewControllers.first
    }
    #expect(freedNavigation == nil)
    #expect(freedRoot == nil)
    #expect(freed == nil)
    recorder.finish()
    let lines = TraceTranscript(sink.events).lines
    #expect(
      lines == [
        "start WeakNavigatorCoordinator",
        "setRoot Screen by WeakNavigatorCoordinator [r1]",
        "push Screen by WeakNavigatorCoordinator [r1]",
        "pop Screen by WeakNavigatorCoordinator [r1]",
      ], "\(lines)")
  }

  /// A navigation controller subclass of the app's that keeps a delegate of its own in UIKit's
  /// seat and offers `delegate` as a slot it forwards to (WooCommerce's `WooNavigationController`):
  /// the recording took its place through that slot, so that the subclass's own delegate and the
  /// recording's forwarded to each other (the first orientation question never returned), and the
  /// delegate the app set in the slot was lost. The recording sits in UIKit's seat in front of
  /// the subclass's delegate, which forwards to the app's as before.
  @Test func aSubclassKeepingADelegateOfItsOwnKeepsItAndTheAppsDelegate() {
    UIKitModel.reset()
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Slot", run: "test"), sink: sink)
    let app = AppNavigationDelegate()
    let navigation = SlotNavigationController()
    navigation.delegate = app
    let coordinator = SlotCoordinator(navigation: navigation)
    recorder.follow(coordinator)
    let window = UIWindow()
    window.makeKeyAndVisible()
    window.rootViewController = navigation
    coordinator.start()
    coordinator.show("Detail")
    UIKitModel.finishAnimations()
    Person.tapBackButton(in: navigation)
    UIKitModel.finishAnimations()
    // As UIKit asks it: of the delegate it talks to, the recording's, which asks the subclass's.
    let seated = navigation.seatedDelegate
    let orientations = seated?.navigationControllerSupportedInterfaceOrientations?(navigation)
    recorder.finish()
    #expect(seated is NavigationRouter)
    #expect(orientations == 2 && navigation.inner.depth == 1)
    #expect(navigation.delegate === app)
    #expect(
      Array(app.heard.suffix(5)) == [
        "willShow Detail", "didShow Detail", "willShow Start", "didShow Start", "orientations",
      ],
      "\(app.heard)")
    let lines = TraceTranscript(sink.events).lines
    #expect(
      Array(lines.suffix(2)) == [
        "push Screen by SlotCoordinator [r1]", "pop Screen by SlotCoordinator [r1] (system: backButton)",
      ], "\(lines)")
  }

  /// The pattern's `NavigationRouter` made over a recording navigation controller reads the app's
  /// delegate there (none) and becomes it, behind the recording's: a question neither answers
  /// ends, and both see the person's back button.
  @Test func aNavigationRouterOverARecordingNavigationControllerIsTheAppsDelegate() {
    var answer: Bool?
    var reported: [String] = []
    let lines = Self.run { coordinator, navigation in
      let router = NavigationRouter(navigationController: navigation)
      let reports = Reports(of: router)
      #expect(navigation.delegate === router)
      // As UIKit asks it: of the recording's, which asks the router, which asks the app's (none).
      answer = navigation.seatedDelegate?.responds(to: "navigationControllerSupportedInterfaceOrientations:")
      coordinator.show("Detail")
      UIKitModel.finishAnimations()
      Person.tapBackButton(in: navigation)
      UIKitModel.finishAnimations()
      reported = reports.lines
    }
    #expect(answer == false)
    #expect(reported == ["pop backButton: -Detail, shows Start"], "\(reported)")
    #expect(lines.last == "pop Screen by PlainCoordinator [r1] (system: backButton)", "\(lines)")
  }

  @Test func theAppsOwnDelegateHearsEverythingSetBeforeOrAfter() {
    let early = AppNavigationDelegate()
    let late = AppNavigationDelegate()
    _ = Self.run { coordinator, navigation in
      navigation.delegate = early
      coordinator.show("Detail")
      UIKitModel.finishAnimations()
      navigation.delegate = late
      Person.tapBackButton(in: navigation)
      UIKitModel.finishAnimations()
    }
    #expect(early.heard == ["willShow Detail", "didShow Detail"])
    #expect(late.heard == ["willShow Start", "didShow Start"])
  }

  /// A stale read of the marked property does not make the person's swipe the app's; one given
  /// up leaves nothing in the trace.
  @Test func aSwipeAfterAReadIsStillThePersons() {
    let lines = Self.run { coordinator, navigation in
      coordinator.show("Detail")
      UIKitModel.finishAnimations()
      _ = coordinator.rootViewController.viewControllers
      Person.swipeBack(in: navigation, completing: false)
      Person.swipeBack(in: navigation, completing: true)
    }
    #expect(
      Array(lines.suffix(2)) == [
        "push Screen by PlainCoordinator [r1]", "pop Screen by PlainCoordinator [r1] (system: edgeSwipe)",
      ],
      "\(lines)")
  }

  /// In a tab bar controller of the app's own, the selected tab tapped again is the tab bar's.
  @Test func theSelectedTabTappedAgainIsTheTabBars() {
    var tabs: UITabBarController?
    let lines = Self.run { coordinator, navigation in
      let tabBarController = UITabBarController()
      tabBarController.viewControllers = [navigation, Screen("Other")]
      tabs = tabBarController
      coordinator.show("Detail")
      coordinator.show("More")
      UIKitModel.finishAnimations()
      Person.tapTab(at: 0, in: tabBarController)
    }
    #expect(tabs != nil)
    #expect(lines.last == "popToRoot by PlainCoordinator [r1] (system: tabBar)", "\(lines)")
  }

  @Test func itIsFreedWithItsCoordinator() {
    UIKitModel.reset()
    weak var freed: UINavigationController?
    do {
      let sink = MemoryTraceSink()
      let recorder = Recorder(header: TraceHeader(app: "Plain", run: "freed"), sink: sink)
      let coordinator = PlainCoordinator.started(followedBy: recorder)
      coordinator.show("Detail")
      let app = AppNavigationDelegate()
      coordinator.rootViewController.delegate = app
      UIKitModel.finishAnimations()
      freed = coordinator.rootViewController
      #expect(freed != nil)
      recorder.finish()
    }
    #expect(freed == nil)
  }

  @Test func withoutAFollowedCoordinatorNothingIsRecordedAndUIKitStillWorks() {
    UIKitModel.reset()
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Plain", run: "unfollowed"), sink: sink)
    let navigation = RecordingNavigationController()
    navigation.pushViewController(Screen("A"), animated: false)
    navigation.pushViewController(Screen("B"), animated: true)
    navigation.setViewControllers([Screen("C"), Screen("D")], animated: false)
    navigation.popToRootViewController(animated: false)
    navigation.present(Screen("S"), animated: false)
    navigation.dismiss(animated: false)
    UIKitModel.finishAnimations()
    recorder.finish()
    #expect(navigation.viewControllers.map(\.title) == ["C"])
    #expect(navigation.presentedViewController == nil)
    #expect(sink.events.isEmpty, "\(sink.events)")
  }

  @Test func aStackTheAppSetsIsANewRootAndItsPushes() {
    let lines = Self.run { coordinator, _ in
      coordinator.replaceStack(with: ["Home", "Detail"])
      coordinator.backToTop()
    }
    #expect(
      Array(lines.suffix(3)) == [
        "setRoot Screen by PlainCoordinator [r1]", "push Screen by PlainCoordinator [r1]",
        "popTo Screen by PlainCoordinator [r1]",
      ], "\(lines)")
  }
}

/// A coordinator in the style of the seed's purchase flow: a plain class owning its navigation
/// controller, three marked lines.
@MainActor
final class PlainCoordinator {
  @RecordedRouter var rootViewController: UINavigationController = .recorded()  // FlowAtlas

  /// A coordinator `recorder` follows, started: its `Start` screen set as root.
  static func started(followedBy recorder: FlowAtlasRecording.Recorder) -> PlainCoordinator {
    let coordinator = PlainCoordinator()
    recorder.follow(coordinator)
    coordinator.start()
    return coordinator
  }

  func start() {
    Recorder.started(self)  // FlowAtlas
    rootViewController.setViewControllers([Screen("Start")], animated: false)
  }

  func show(_ name: String) { rootViewController.pushViewController(Screen(name), animated: true) }
  func back() { rootViewController.popViewController(animated: true) }
  func presentCart() { present(Screen("Cart")) }
  func present(_ screen: UIViewController) { rootViewController.present(screen, animated: true) }
  func closeCart() { rootViewController.dismiss(animated: false) }

  func replaceStack(with names: [String]) {
    rootViewController.setViewControllers(names.map(Screen.init), animated: false)
  }

  func backToTop() {
    rootViewController.popToViewController(rootViewController.viewControllers[0], animated: false)
  }

  func backToRoot() { rootViewController.popToRootViewController(animated: false) }
}

/// A navigation controller in WooCommerce's style: a delegate of its own in UIKit's seat, and
/// `delegate` a slot that delegate forwards to.
@MainActor
final class SlotNavigationController: RecordingNavigationController {
  let inner = SlotDelegate()

  override var delegate: (any UINavigationControllerDelegate)? {
    get { inner.forwardDelegate }
    set { inner.forwardDelegate = newValue }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    super.delegate = inner
  }
}

/// The delegate a ``SlotNavigationController`` keeps: it forwards what it implements to the slot.
@MainActor
final class SlotDelegate: NSObject, UINavigationControllerDelegate {
  weak var forwardDelegate: (any UINavigationControllerDelegate)?
  /// How deep orientation questions are nested: 1 when answered once.
  private(set) var depth = 0
  private var current = 0

  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    forwardDelegate?.navigationController?(navigationController, willShow: viewController, animated: animated)
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    forwardDelegate?.navigationController?(navigationController, didShow: viewController, animated: animated)
  }

  func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController)
    -> Int
  {
    current += 1
    depth = max(depth, current)
    defer { current -= 1 }
    guard current < 50 else { return -1 }
    return forwardDelegate?.navigationControllerSupportedInterfaceOrientations?(navigationController) ?? 30
  }

  override func responds(to aSelector: Selector!) -> Bool {
    AppNavigationDelegate.implemented.contains(aSelector.description)
  }
}

/// A coordinator over a ``SlotNavigationController``.
@MainActor
final class SlotCoordinator {
  @RecordedRouter var navigation: SlotNavigationController  // FlowAtlas

  init(navigation: SlotNavigationController) {
    self.navigation = navigation
  }

  func start() {
    Recorder.started(self)  // FlowAtlas
    navigation.setViewControllers([Screen("Start")], animated: false)
  }

  func show(_ name: String) { navigation.pushViewController(Screen(name), animated: true) }
}

/// A coordinator in Bitwarden's style: it keeps its navigation controller weakly.
@MainActor
final class WeakNavigatorCoordinator {
  @RecordedWeakRouter private(set) var stackNavigator: UINavigationController?  // FlowAtlas

  init(navigation: UINavigationController) {
    stackNavigator = navigation
  }

  func start() {
    Recorder.started(self)  // FlowAtlas
    stackNavigator?.setViewControllers([screen("Start")], animated: false)
  }

  func show(_ name: String) { stackNavigator?.pushViewController(screen(name), animated: true) }

  /// A screen that keeps its coordinator, as a screen's store keeps the coordinator it reports to.
  private func screen(_ name: String) -> UIViewController {
    let screen = Screen(name)
    screen.keeps = self
    return screen
  }
  func back() { stackNavigator?.popViewController(animated: true) }
}

/// A delegate in Hero's style: it keeps the delegate it found and passes every call on to it.
@MainActor
final class ForwardingNavigationDelegate: NSObject, UINavigationControllerDelegate {
  weak var previous: (any UINavigationControllerDelegate)?
  private(set) var heard: [String] = []
  /// What the app does when a screen has shown.
  var onDidShow: ((UIViewController) -> Void)?

  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    heard.append("willShow")
    previous?.navigationController?(navigationController, willShow: viewController, animated: animated)
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    heard.append("didShow")
    previous?.navigationController?(navigationController, didShow: viewController, animated: animated)
    onDidShow?(viewController)
  }
}
