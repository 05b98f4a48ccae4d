import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader
import FlowAtlasUIKitOnModel
import Testing
import UIKit

/// Several navigation stacks as UIKit builds them (trace format revision 4): a router per
/// `RecordingNavigationController`, containers where they are shown, the app's own tab bar
/// controller, the window's root, titles set when a view loads, a read that does not outlive its
/// turn. Each test checks the trace and the model FlowAtlas derives from it.
@MainActor @Suite(.serialized) struct RecordingContainersTests {
  /// Runs `body` with a recorder, then returns the run's transcript and model.
  static func record(_ body: (FlowAtlasRecording.Recorder) -> Void) -> (lines: [String], app: AppModel?) {
    UIKitModel.reset()
    // As in a new app process: no run an earlier test followed on this thread (some never finish
    // theirs) takes the UIKit objects made before this one follows its root.
    FlowAtlasRecording.Recorder.forgetThisThreadsLatestRun()
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Containers", run: "test"), sink: sink)
    body(recorder)
    UIKitModel.finishAnimations()
    recorder.finish()
    // Recording never makes UIKit raise (presenting what is presented already, …).
    #expect(UIKitModel.raised == [])
    let model = ModelBuilder(workers: 1).build(traces: [("test.jsonl", Array(sink.text.utf8))])
    return (TraceTranscript(sink.events).lines, model.app(named: "Containers"))
  }

  /// `from > to: kind by Coordinator [triggers]`, for short expectations.
  static func edges(_ app: AppModel?) -> [String] {
    (app?.transitions ?? []).map {
      "\($0.from ?? "launch") > \($0.to): \($0.kind.rawValue) by \($0.coordinator ?? "none")"
        + ($0.triggers.isEmpty ? "" : " [\($0.triggers.joined(separator: ", "))]")
    }
  }

  /// The issue's headless case: a coordinator reads its navigation controller without navigating,
  /// then the person taps the back button, in a turn of its own: the pop is the person's.
  @Test func aReadThatLedToNoNavigationDoesNotMakeTheBackButtonTheApps() {
    let (lines, _) = Self.record { recorder in
      let coordinator = PlainCoordinator.started(followedBy: recorder)
      coordinator.show("Detail")
      UIKitModel.finishAnimations()
      _ = coordinator.rootViewController.topViewController
      Person.tapBackButton(in: coordinator.rootViewController)
    }
    #expect(lines.last == "pop Screen by PlainCoordinator [r1] (system: backButton)", "\(lines)")
  }

  @Test func aFlowPresentedInANavigationControllerOfItsOwnIsAContainerThatDismissesItself() {
    var sheetStack: [String] = []
    let (lines, app) = Self.record { recorder in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let shop = ShopCoordinator()
      recorder.follow(shop)
      shop.start()
      window.rootViewController = shop.navigation
      shop.checkOut()
      UIKitModel.finishAnimations()
      sheetStack = shop.payment?.navigation.viewControllers.compactMap(\.title) ?? []
      shop.payment?.pay()
    }
    #expect(sheetStack == ["Payment"])
    #expect(
      lines == [
        "start ShopCoordinator",
        "setRoot ProductScreen by ShopCoordinator [r1]",
        "setRoot UINavigationController hosts [r1] by ShopCoordinator [window]",
        // The payment flow's child is in a stored property; its navigation controller is off screen
        // until it is presented.
        "start PaymentCoordinator under ShopCoordinator",
        "setRoot PaymentScreen by PaymentCoordinator [r2] background",
        "present UINavigationController hosts [r2] by ShopCoordinator [r1]",
        "update PaymentScreen title Payment",
        "finish PaymentCoordinator -> paid",
        "dismiss PaymentScreen by PaymentCoordinator [r2]",
      ], "\(lines)")
    #expect(
      Self.edges(app) == [
        "launch > ProductScreen: setRoot by ShopCoordinator",
        "PaymentScreen > ProductScreen: dismiss by PaymentCoordinator",
        "ProductScreen > PaymentScreen: present by ShopCoordinator",
      ])
    #expect(app?.containers.map(\.type) == ["UINavigationController"])
    #expect(app?.screen("PaymentScreen")?.titles == ["Payment"])
    #expect(app?.diagnostics == [])
  }

  /// A parent that dismisses what its child dismissed already, in the same turn (Firefox's library
  /// panel and its coordinator, AlphaWallet's finished flows): UIKit keeps the layer presented until
  /// its animation ends and ignores the second call. It was recorded as a second dismissal, which
  /// found no modal layer (`empty-stack`).
  @Test func aDismissalAskedForAgainWhileItRunsIsRecordedOnce() {
    var presentedAfter: UIViewController?
    let (lines, app) = Self.record { recorder in
      let shop = ShopCoordinator.checkingOut(followedBy: recorder)
      shop.payment?.pay()
      shop.navigation.dismiss(animated: true)
      shop.payment?.navigation.dismiss(animated: true)
      UIKitModel.finishAnimations()
      presentedAfter = shop.navigation.presentedViewController
    }
    #expect(presentedAfter == nil)
    #expect(
      lines.filter { $0.hasPrefix("dismiss") } == ["dismiss PaymentScreen by PaymentCoordinator [r2]"],
      "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// A presentation asked of a navigation controller or tab bar that presents already, even a
  /// layer whose dismissal is under way (Firefox's `findAndHandle`: the child's `router.dismiss()`,
  /// then at once the route's flow presented): UIKit refuses it ("which is already presenting")
  /// and the person sees the screen beneath. It was recorded as shown, a transition nobody saw.
  @Test(arguments: [false, true], [false, true])
  func aPresentationUIKitRefusesIsNotRecorded(byTheTabBar: Bool, whileTheFirstLeaves: Bool) {
    UIKitModel.reset()
    FlowAtlasRecording.Recorder.forgetThisThreadsLatestRun()
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Containers", run: "test"), sink: sink)
    let host: UIViewController
    if byTheTabBar {
      host = TabsCoordinator.startedInAWindow(followedBy: recorder).controller
    } else {
      host = ShopCoordinator.startedInAWindow(followedBy: recorder).navigation
    }
    UIKitModel.finishAnimations()
    Recorder.endTurn()
    host.present(Screen("Menu"), animated: true)
    UIKitModel.finishAnimations()
    Recorder.endTurn()
    if whileTheFirstLeaves { host.dismiss(animated: true) }
    host.present(Screen("Settings"), animated: true)
    UIKitModel.finishAnimations()
    recorder.finish()
    #expect(UIKitModel.raised == ["Attempt to present Screen which is already presenting"])
    let lines = TraceTranscript(sink.events).lines
    #expect(lines.filter { $0.hasPrefix("present") }.count == 1, "\(lines)")
    #expect(lines.filter { $0.hasPrefix("dismiss") }.count == (whileTheFirstLeaves ? 1 : 0), "\(lines)")
    let model = ModelBuilder(workers: 1).build(traces: [("test.jsonl", Array(sink.text.utf8))])
    let app = model.app(named: "Containers")
    #expect(app?.transitions.filter { $0.kind == .present }.map(\.count) == [1], "\(Self.edges(app))")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// What the app does as a flow it dismissed disappears (its screen's `viewDidDisappear` tells the
  /// parent, which pushes), before the dismissal's animation has ended: the layer was still among
  /// the stacks the navigation controller knew, and the push caught its dismissal up a second time.
  @Test func aPushAsADismissedFlowDisappearsFollowsOneDismissal() {
    let (lines, app) = Self.record { recorder in
      let shop = ShopCoordinator.checkingOut(followedBy: recorder)
      (shop.payment?.navigation.topViewController as? PaymentScreen)?.onDismissed = {
        shop.navigation.pushViewController(DetailScreen(), animated: false)
      }
      shop.payment?.pay()
      UIKitModel.finishAnimations()
    }
    #expect(
      lines.filter { $0.hasPrefix("dismiss") } == ["dismiss PaymentScreen by PaymentCoordinator [r2]"],
      "\(lines)")
    #expect(lines.last?.hasPrefix("push DetailScreen") == true, "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// A tab bar pushed onto the window's navigation controller (AlphaWallet's, after sign-in), whose
  /// tab presents a sheet: UIKit has the outermost container present it, and asks that one when
  /// the app dismisses it there (`rootViewController.dismiss`, or a bare sheet's own `dismiss`).
  /// The dismissal is recorded on the tab's router, where its presentation was: it was recorded on
  /// the window's navigation controller's, which had no modal layer (`empty-stack`), and then again
  /// on the tab's, as a layer dismissed elsewhere.
  @Test(arguments: [false, true], [false, true])
  func aSheetATabPresentedInsideAnotherNavigationControllerIsDismissedOnTheTab(
    bySheetItself: Bool, tabBarPresents: Bool
  ) {
    let (lines, app) = Self.record { recorder in
      let shop = ShopCoordinator.startedInAWindow(followedBy: recorder)
      let tabs = TabsController()
      shop.navigation.pushViewController(tabs, animated: false)
      UIKitModel.finishAnimations()
      guard let home = tabs.viewControllers?.first as? UINavigationController else { return }
      let sheet = Screen("Sheet")
      if tabBarPresents { tabs.present(sheet, animated: false) } else { home.present(sheet, animated: false) }
      UIKitModel.finishAnimations()
      if bySheetItself { sheet.dismiss(animated: false) } else { shop.navigation.dismiss(animated: false) }
      UIKitModel.finishAnimations()
      home.pushViewController(DetailScreen(), animated: false)
      withExtendedLifetime(shop) {}
    }
    #expect(lines.contains("present Screen [r2]"), "\(lines)")
    // The shop's code reads its navigation controller to dismiss it; the sheet's own asks nobody.
    let by = bySheetItself ? "" : " by ShopCoordinator"
    #expect(lines.filter { $0.hasPrefix("dismiss") } == ["dismiss Screen\(by) [r2]"], "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// How a sheet is presented, for the tests of the person dismissing it.
  enum SheetPresenter: CaseIterable, Sendable { case navigationController, screen, tabBar }

  /// The person swipes a sheet down or taps outside it, and its screen tells its coordinator in
  /// `viewDidDisappear`, which finishes the flow (Firefox's Microsurvey and bookmark editor): the
  /// person's dismissal comes first in the trace, as it came first. A tap outside was recorded only
  /// at `presentationControllerDidDismiss`, after `viewDidDisappear`, and so was a swipe of a sheet
  /// the tab bar or a screen presented.
  @Test(arguments: SheetPresenter.allCases, [false, true])
  func aSheetThePersonDismissesIsDismissedBeforeWhatItsDisappearanceDoes(
    presenter: SheetPresenter, tapsOutside: Bool
  ) throws {
    let (lines, app) = Self.record { recorder in
      let payment = PaymentCoordinator()
      // The app, kept to the end (it keeps its window).
      let app: AnyObject
      if presenter == .tabBar {
        let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
        app = tabs
        Recorder.asking(tabs)
        payment.start()
        tabs.controller.present(payment.navigation, animated: true)
      } else {
        let shop = ShopCoordinator.startedInAWindow(followedBy: recorder)
        app = shop
        shop.payment = payment
        payment.start()
        if presenter == .screen {
          shop.navigation.topViewController?.present(payment.navigation, animated: true)
        } else {
          shop.navigation.present(payment.navigation, animated: true)
        }
      }
      UIKitModel.finishAnimations()
      (payment.navigation.topViewController as? PaymentScreen)?.onDismissed = {
        Recorder.finished(payment, output: "closed")
      }
      if tapsOutside { Person.tapOutside(payment.navigation) } else { Person.swipeDown(payment.navigation) }
      UIKitModel.finishAnimations()
      withExtendedLifetime(app) {}
    }
    // Recorded on the router that presented it, or, where a screen did, the flow's own.
    let router = presenter == .screen ? "r2" : "r1"
    #expect(
      Array(lines.suffix(2)) == [
        "dismiss PaymentScreen by PaymentCoordinator [\(router)] (system: \(tapsOutside ? "tapOutside" : "swipeDown"))",
        "finish PaymentCoordinator -> closed",
      ], "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// The same sheet closed by the app through the navigation controller under it (the
  /// coordinator's `navigation.dismiss`, which UIKit had present it): recorded once, there.
  @Test func aSheetPresentedByAScreenAndDismissedBelowIsRecordedOnce() {
    let (lines, app) = Self.record { recorder in
      let shop = ShopCoordinator.checkingOut(followedBy: recorder, fromTheScreen: true)
      Recorder.endTurn()
      shop.navigation.dismiss(animated: false)
      UIKitModel.finishAnimations()
    }
    #expect(
      lines.filter { $0.hasPrefix("dismiss") } == ["dismiss PaymentScreen by ShopCoordinator [r1]"],
      "\(lines)")
    #expect(app?.diagnostics.contains { $0.code == .emptyStack } == false, "\(lines)")
  }

  /// Presented by a screen (not through the recording navigation controller), the flow's
  /// navigation controller records its own presentation when it appears, and the person swiping
  /// it down; the flow that never finishes is orphaned.
  @Test func aSheetPresentedByAScreenRecordsItselfAndThePersonsSwipe() throws {
    let (lines, app) = Self.record { recorder in
      let shop = ShopCoordinator.checkingOut(followedBy: recorder, fromTheScreen: true)
      if let sheet = shop.navigation.presentedViewController { Person.swipeDown(sheet) }
      UIKitModel.finishAnimations()
    }
    // The model of UIKit hands a screen's presentation to the outermost container, as UIKit does.
    #expect(lines.contains("present UINavigationController hosts [r2] by ShopCoordinator [r1]"), "\(lines)")
    #expect(lines.last == "dismiss PaymentScreen by PaymentCoordinator [r2] (system: swipeDown)", "\(lines)")
    #expect(
      Self.edges(app).contains("PaymentScreen > ProductScreen: dismiss by PaymentCoordinator [swipeDown]"))
    let orphan = try #require(app?.diagnostics.first)
    #expect(app?.diagnostics.count == 1)
    #expect(orphan.code == .orphanedCoordinator && orphan.message.hasPrefix("PaymentCoordinator"))
  }

  /// A child made with a navigation controller of its own, kept by nothing of its parent's (its
  /// screens keep it, as in Bitwarden), started before the parent presents it: the parent's one
  /// marked line before the child's start names its parent; without it, the child is a root.
  @Test func aChildNobodyHoldsStartsUnderTheParentThatAskedBeforeItsStart() {
    for asks in [true, false] {
      let (lines, _) = Self.record { recorder in
        let shop = ShopCoordinator.startedInAWindow(followedBy: recorder)
        UIKitModel.finishAnimations()
        Recorder.endTurn()
        if asks { Recorder.asking(shop) }  // FlowAtlas
        let payment = PaymentCoordinator()
        payment.start()
        shop.navigation.present(payment.navigation, animated: false)
        withExtendedLifetime(payment) {}
      }
      let expected =
        asks
        ? [
          "start PaymentCoordinator under ShopCoordinator",
          "setRoot PaymentScreen by PaymentCoordinator [r2] background",
          "present UINavigationController hosts [r2] by ShopCoordinator [r1]",
        ]
        : [
          "setRoot PaymentScreen [r2] background",
          "present UINavigationController hosts [r2] by ShopCoordinator [r1]",
        ]
      let navigation = lines.filter { !$0.hasPrefix("update") }
      #expect(Array(navigation.suffix(expected.count)) == expected, "\(lines)")
    }
  }

  /// A flow presented by a screen that was itself presented bare, in no navigation controller
  /// (Bitwarden presents its views so, and what they present, from the topmost one): recorded on
  /// the router that presented that screen, over it. It was missed: the flow never showed.
  @Test func aFlowPresentedByAScreenPresentedBareGoesOverIt() throws {
    let (lines, app) = Self.record { recorder in
      let shop = ShopCoordinator.startedInAWindow(followedBy: recorder)
      let bare = DetailScreen()
      shop.navigation.present(bare, animated: false)
      UIKitModel.finishAnimations()
      bare.present(UINavigationController.recorded(rootViewController: HomeScreen()), animated: false)
      UIKitModel.finishAnimations()
    }
    #expect(
      lines.filter { $0.hasPrefix("present") } == [
        "present DetailScreen by ShopCoordinator [r1]", "present UINavigationController hosts [r2] [r1]",
      ], "\(lines)")
    #expect(Self.edges(app).contains("DetailScreen > HomeScreen: present by none"), "\(Self.edges(app))")
  }

  /// A delegate the app gives the sheet's presentation controller after presenting it (from a
  /// screen, or from its own tab bar controller) does not hide the person's swipe from the run.
  @Test func aSheetSwipedDownWithTheAppsDelegateSetAfterPresenting() throws {
    let fromScreen = AppPresentationDelegate()
    let fromTabs = AppPresentationDelegate()
    let (lines, _) = Self.record { recorder in
      let shop = ShopCoordinator.startedInAWindow(followedBy: recorder)
      shop.checkOut(fromTheScreen: true)
      shop.navigation.presentedViewController?.presentationController?.delegate = fromScreen
      UIKitModel.finishAnimations()
      if let sheet = shop.navigation.presentedViewController { Person.swipeDown(sheet) }
      UIKitModel.finishAnimations()
    }
    #expect(fromScreen.dismissed == 1)
    #expect(lines.last == "dismiss PaymentScreen by PaymentCoordinator [r2] (system: swipeDown)", "\(lines)")

    let (tabLines, _) = Self.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      tabs.controller.present(Screen("Filters"), animated: true)
      tabs.controller.presentedViewController?.presentationController?.delegate = fromTabs
      UIKitModel.finishAnimations()
      if let sheet = tabs.controller.presentedViewController { Person.swipeDown(sheet) }
      UIKitModel.finishAnimations()
    }
    #expect(fromTabs.dismissed == 1)
    #expect(tabLines.last == "dismiss Screen by TabsCoordinator [r1] (system: swipeDown)", "\(tabLines)")
  }

  /// The person swipes the payment sheet away and the shop lets its coordinator go, unfinished
  /// (it keeps the latest one only): the coordinator was freed, no leak, and its release is
  /// recorded at the next coordinator event (the app's own coordinators report no deinit), so the
  /// model does not call it orphaned. One the shop still holds is.
  @Test func aFlowFreedWhenThePersonLeftItIsNoOrphan() throws {
    let (lines, app) = Self.record { recorder in
      let shop = ShopCoordinator.checkingOut(followedBy: recorder, fromTheScreen: true)
      if let sheet = shop.navigation.presentedViewController { Person.swipeDown(sheet) }
      UIKitModel.finishAnimations()
      shop.payment = nil
      shop.checkOut(fromTheScreen: true)
      UIKitModel.finishAnimations()
      if let sheet = shop.navigation.presentedViewController { Person.swipeDown(sheet) }
      UIKitModel.finishAnimations()
    }
    #expect(lines.contains("deinit PaymentCoordinator"), "\(lines)")
    let orphans = app?.diagnostics.filter { $0.code == .orphanedCoordinator } ?? []
    #expect(orphans.count == 1, "\(orphans)")
    // The second, still held: its swipe is at the file's last lines.
    let last = try #require(orphans.first)
    #expect(last.line > lines.firstIndex(of: "deinit PaymentCoordinator") ?? .max, "\(lines)")
  }

  /// RxCocoa's delegate proxy (`tabBarController.rx.didSelect`) finds the app's delegate (the tab
  /// bar controller itself), not the recording's, with which it asked each other without end.
  @Test func anRxCocoaDelegateProxyOnTheTabBarLetsTheTapsBeRecorded() throws {
    let proxy = RxStyleDelegateProxy()
    var installed = false
    var heard: [String] = []
    let (lines, _) = Self.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      installed = proxy.install(on: tabs.controller)
      Person.tapTab(at: 1, in: tabs.controller)
      UIKitModel.finishAnimations()
      heard = tabs.controller.heard
    }
    #expect(installed)
    #expect(proxy.heard == ["didSelect 1"] && heard == ["didSelect 1"], "\(proxy.heard) \(heard)")
    #expect(
      lines.last == "selectTab Settings SettingsScreen by TabsCoordinator [r2] (system: tabBar)", "\(lines)")
  }

  /// The app's own tab bar controller (a subclass that sets its tabs in `viewDidLoad` and is its
  /// own delegate) as the window's root: one marked line records every tab.
  @Test func theAppsOwnTabBarControllerRecordsTapsSelectionsAndTheRetap() throws {
    var heard: [String] = []
    let (lines, app) = Self.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      tabs.controller.viewControllers?[0].children.first.map { _ in tabs.openDetail() }
      UIKitModel.finishAnimations()
      Person.tapTab(at: 1, in: tabs.controller)
      Person.tapTab(at: 2, in: tabs.controller)
      tabs.showFirstTab()
      Person.tapTab(at: 0, in: tabs.controller)
      UIKitModel.finishAnimations()
      heard = tabs.controller.heard
    }
    // The app's own delegate hears the taps, as without FlowAtlas.
    #expect(heard == ["didSelect 1", "didSelect 2", "didSelect 0"])
    #expect(
      lines.filter { $0.hasPrefix("selectTab") || $0.hasPrefix("popToRoot") || $0.contains("[window]") } == [
        "setRoot TabsController hosts [r1, r2, r3] by TabsCoordinator [window]",
        "selectTab Settings SettingsScreen by TabsCoordinator [r2] (system: tabBar)",
        "selectTab About AboutScreen by TabsCoordinator [r3] (system: tabBar)",
        "selectTab Home DetailScreen by TabsCoordinator [r1]",
        "popToRoot by TabsCoordinator [r1] (system: tabBar)",
      ], "\(lines)")
    #expect(
      Self.edges(app) == [
        "launch > HomeScreen: setRoot by TabsCoordinator",
        "AboutScreen > DetailScreen: selectTab by TabsCoordinator",
        "DetailScreen > HomeScreen: popToRoot by TabsCoordinator [tabBar]",
        "DetailScreen > SettingsScreen: selectTab by TabsCoordinator [tabBar]",
        "HomeScreen > DetailScreen: push by TabsCoordinator",
        "SettingsScreen > AboutScreen: selectTab by TabsCoordinator [tabBar]",
      ], "\(Self.edges(app))")
    #expect(app?.containers.map(\.type) == ["TabsController"])
    #expect(app?.diagnostics == [])
  }

  /// A tab that is a view controller of the app's own showing a navigation controller as its child
  /// (WooCommerce's `TabContainerController`, which swaps it when the person switches stores): what
  /// the child shows is the tab's, as if the tab were the navigation controller. The tab was a
  /// screen of its own, and its child's stack a router nothing hosted.
  @Test func aTabThatIsAContainerOfTheAppsOwnShowsItsNavigationControllersScreens() throws {
    let (lines, app) = Self.record { recorder in
      let tabs = StoreTabsCoordinator.startedInAWindow(followedBy: recorder)
      Person.tapTab(at: 1, in: tabs.controller)
      UIKitModel.finishAnimations()
      tabs.orders.wrapped?.pushViewController(DetailScreen(), animated: false)
      Person.tapTab(at: 0, in: tabs.controller)
      Person.tapTab(at: 1, in: tabs.controller)
      UIKitModel.finishAnimations()
      // Another store: the container shows a new navigation controller.
      tabs.orders.wrapped = UINavigationController.recorded(rootViewController: SettingsScreen())
      UIKitModel.finishAnimations()
      tabs.controller.selectedIndex = 0
      UIKitModel.finishAnimations()
    }
    #expect(
      lines.contains("setRoot RecordingTabBarController hosts [r1, r3] by StoreTabsCoordinator [window]")
        && lines.filter { $0.contains("[r3]") } == [
          // The tab's router (r3) shows the navigation controller (r2) it holds already.
          "setRoot UINavigationController hosts [r2] [r3] background",
          "selectTab Orders OrdersScreen by StoreTabsCoordinator [r3] (system: tabBar)",
          "selectTab Orders DetailScreen by StoreTabsCoordinator [r3] (system: tabBar)",
          "setRoot UINavigationController hosts [r4] [r3]",
        ], "\(lines)")
    // The test's own code pushes and swaps the store, and the home tab's root is made before the
    // coordinator reads its tab bar: by none.
    #expect(
      Self.edges(app) == [
        "launch > HomeScreen: setRoot by none",
        "DetailScreen > HomeScreen: selectTab by StoreTabsCoordinator [tabBar]",
        "DetailScreen > SettingsScreen: setRoot by none",
        "HomeScreen > DetailScreen: selectTab by StoreTabsCoordinator [tabBar]",
        "HomeScreen > OrdersScreen: selectTab by StoreTabsCoordinator [tabBar]",
        "OrdersScreen > DetailScreen: push by none",
        "SettingsScreen > HomeScreen: selectTab by StoreTabsCoordinator",
      ], "\(Self.edges(app))")
    #expect(app?.screens.map(\.type) == ["DetailScreen", "HomeScreen", "OrdersScreen", "SettingsScreen"])
    #expect(app?.diagnostics == [])
  }

  /// The same tab container that makes its navigation controller only as its view loads, when the
  /// person first opens the tab: the tap shows its first screen, and the navigation controller's
  /// appearance there is written `background` (the tap's `selectTab` shows it). Until then the tab
  /// was a screen of its own.
  @Test func aTabContainerThatMakesItsChildAsItLoadsIsShownByTheTap() {
    let (lines, app) = Self.record { recorder in
      let tabs = StoreTabsCoordinator.startedInAWindow(followedBy: recorder, wrapsAsItLoads: true)
      Person.tapTab(at: 1, in: tabs.controller)
      UIKitModel.finishAnimations()
    }
    #expect(
      Self.edges(app) == [
        "launch > HomeScreen: setRoot by none",
        "HomeScreen > OrdersScreen: selectTab by StoreTabsCoordinator [tabBar]",
      ], "\(Self.edges(app))")
    #expect(lines.contains("setRoot UINavigationController hosts [r2] [r3] background"), "\(lines)")
  }

  /// A tab bar delegate that passes every call on to the delegate it found before it (a proxy
  /// for the retap of a tab) finds the recording's own there: each tap called itself back without
  /// end.
  @Test func aTabBarDelegateForwardingToTheOneItFoundHearsEachTapOnce() {
    let proxy = ForwardingTabBarDelegate()
    let (lines, _) = Self.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      proxy.previous = tabs.controller.delegate
      tabs.controller.delegate = proxy
      Person.tapTab(at: 1, in: tabs.controller)
      UIKitModel.finishAnimations()
    }
    #expect(proxy.heard == ["shouldSelect", "didSelect"])
    #expect(
      lines.last == "selectTab Settings SettingsScreen by TabsCoordinator [r2] (system: tabBar)", "\(lines)")
  }

  /// A tab bar the app fills and opens on another tab before it makes it the window's root
  /// (Mastodon's scene coordinator): the person sees that tab's screen appear with the tab bar.
  /// The selection in code was recorded as on screen, a switch of tabs nobody saw.
  @Test func aTabSelectedBeforeItsTabBarIsShownIsNoSwitchPeopleSee() {
    let (lines, app) = Self.record { recorder in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let root = WindowCoordinator(window: window)
      recorder.follow(root)
      Recorder.started(root)
      let tabs = RecordingTabBarController()
      let (home, detail) = (UINavigationController.recorded(), UINavigationController.recorded())
      tabs.viewControllers = [home, detail]
      home.pushViewController(Screen("Home"), animated: false)
      detail.pushViewController(DetailScreen(), animated: false)
      tabs.selectedIndex = 1
      root.window.rootViewController = tabs
      withExtendedLifetime(root) {}
    }
    #expect(lines.contains { $0.hasPrefix("selectTab") && $0.contains("background") }, "\(lines)")
    #expect(Self.edges(app) == ["launch > DetailScreen: setRoot by WindowCoordinator"], "\(lines)")
  }

  /// What the tab bar controller presented is dismissed where its presentation was recorded, on
  /// the tab selected then, though the app selected another tab under the cover meanwhile (as a
  /// deep link does): on the tab selected at the dismissal, the dismiss found no modal layer.
  @Test func aTabBarDismissesOnTheTabItPresentedOn() throws {
    let (lines, app) = Self.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      let cover = Screen("Cover")
      cover.modalPresentationStyle = .fullScreen
      tabs.controller.present(cover, animated: false)
      UIKitModel.finishAnimations()
      tabs.controller.selectedIndex = 1
      tabs.controller.dismiss(animated: false)
      UIKitModel.finishAnimations()
    }
    // (Off-screen by then: the trace format shows the selected tab, whose stack holds no cover.)
    #expect(lines.last == "dismiss Screen by TabsCoordinator [r1] background", "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// The window's root given to a controller no run records (a sign-in library's, at sign-out)
  /// and back (at sign-in, WooCommerce's app coordinator): the return is a new root, showing its
  /// tabs again. It was taken as the root the run had already, and not recorded.
  @Test func aRootContainerGivenBackToTheWindowIsANewRootAgain() throws {
    let (lines, _) = Self.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      UIKitModel.finishAnimations()
      tabs.window?.rootViewController = UIViewController()
      UIKitModel.finishAnimations()
      tabs.window?.rootViewController = tabs.controller
      UIKitModel.finishAnimations()
    }
    #expect(lines.filter { $0.contains("[window]") }.count == 2, "\(lines)")
  }

  /// A new root for the window takes the old one, and its routers' screens, off every stack: a
  /// flow that showed only there and never finished is orphaned, at that line.
  @Test func aNewWindowRootEmptiesTheOldOnesStacks() throws {
    let (_, app) = Self.record { recorder in
      let shop = ShopCoordinator.startedInAWindow(followedBy: recorder)
      TabsCoordinator.replacing(shop, followedBy: recorder)
    }
    #expect(
      Self.edges(app).contains("ProductScreen > HomeScreen: setRoot by TabsCoordinator"), "\(Self.edges(app))"
    )
    let orphans = app?.diagnostics.filter { $0.code == .orphanedCoordinator } ?? []
    #expect(orphans.map { $0.message.prefix { $0 != " " } } == ["ShopCoordinator"], "\(orphans)")
    // A root has no parent to remove it: the message does not say one would.
    #expect(orphans.first?.message.contains("its parent") == false)
  }

  /// The window's root replaced while a flow is presented over the old one (a session that
  /// expires while a sheet is up: the app coordinator shows another root): the new root is
  /// reached from the sheet's screen, the person's taps are on the new root's tabs, and both flows
  /// the app never finished (the sheet's and the old root's) are reported as such.
  @Test func aRootReplacedWhileAFlowIsPresentedLeavesFromThatFlow() throws {
    let (lines, app) = Self.record { recorder in
      let tabs = TabsCoordinator.replacing(
        ShopCoordinator.checkingOut(followedBy: recorder), followedBy: recorder)
      UIKitModel.finishAnimations()
      Person.tapTab(at: 1, in: tabs.controller)
      UIKitModel.finishAnimations()
    }
    #expect(
      Self.edges(app).contains("PaymentScreen > HomeScreen: setRoot by TabsCoordinator"), "\(Self.edges(app))"
    )
    #expect(
      lines.last == "selectTab Settings SettingsScreen by TabsCoordinator [r4] (system: tabBar)", "\(lines)")
    let problems = (app?.diagnostics ?? []).map { "\($0.code.rawValue) \($0.message.prefix { $0 != " " })" }
    #expect(
      problems == ["orphaned-coordinator PaymentCoordinator", "orphaned-coordinator ShopCoordinator"],
      "\(lines)")
  }

  /// A screen the app presents in a plain navigation controller of its own making (a form with a
  /// bar: `UINavigationController(rootViewController:)`, not a recording one) is that screen where
  /// it is shown, and known by it when the app or the person dismisses it. It was recorded as a
  /// screen `UINavigationController`, its form never shown, and dismissed as if it had been.
  @Test func aScreenPresentedInAPlainNavigationControllerIsThatScreen() {
    let (lines, app) = Self.record { recorder in
      let coordinator = PlainCoordinator.started(followedBy: recorder)
      let form = UINavigationController(rootViewController: FormScreen())
      coordinator.present(form)
      UIKitModel.finishAnimations()
      // Not recorded: the plain navigation controller is no router of the run's.
      form.pushViewController(DetailScreen(), animated: false)
      coordinator.closeCart()
      coordinator.present(UINavigationController(rootViewController: FormScreen()))
      UIKitModel.finishAnimations()
      if let sheet = coordinator.rootViewController.presentedViewController { Person.swipeDown(sheet) }
    }
    #expect(
      Array(lines.suffix(4)) == [
        "present FormScreen by PlainCoordinator [r1]", "dismiss FormScreen by PlainCoordinator [r1]",
        "present FormScreen by PlainCoordinator [r1]",
        "dismiss FormScreen by PlainCoordinator [r1] (system: swipeDown)",
      ], "\(lines)")
    #expect(
      Self.edges(app) == [
        "launch > Screen: setRoot by PlainCoordinator",
        "FormScreen > Screen: dismiss by PlainCoordinator [swipeDown]",
        "Screen > FormScreen: present by PlainCoordinator",
      ], "\(Self.edges(app))")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// A plain navigation controller is dismissed as the screen it was recorded as when presented,
  /// whatever it holds by then: its first screen replaced since (the flow's next step), or,
  /// presented empty, itself. Either was dismissed by the screen it held then, never
  /// shown, so the layer stayed in the model, and the coordinator's next push went into it.
  @Test func aPlainNavigationControllerIsDismissedAsTheScreenItWasPresentedAs() {
    let (lines, app) = Self.record { recorder in
      let coordinator = PlainCoordinator.started(followedBy: recorder)
      let flow = UINavigationController(rootViewController: FormScreen())
      coordinator.present(flow)
      UIKitModel.finishAnimations()
      flow.setViewControllers([DetailScreen()], animated: false)
      coordinator.closeCart()
      UIKitModel.finishAnimations()
      let empty = UINavigationController()
      coordinator.present(empty)
      UIKitModel.finishAnimations()
      empty.setViewControllers([FormScreen()], animated: false)
      if let sheet = coordinator.rootViewController.presentedViewController { Person.swipeDown(sheet) }
      UIKitModel.finishAnimations()
      coordinator.show("Next")
      UIKitModel.finishAnimations()
    }
    #expect(
      Array(lines.suffix(5)) == [
        "present FormScreen by PlainCoordinator [r1]", "dismiss FormScreen by PlainCoordinator [r1]",
        "present UINavigationController by PlainCoordinator [r1]",
        "dismiss UINavigationController by PlainCoordinator [r1] (system: swipeDown)",
        "push Screen by PlainCoordinator [r1]",
      ], "\(lines)")
    #expect(Self.edges(app).contains("Screen > Screen: push by PlainCoordinator"), "\(Self.edges(app))")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// The same after the app replaced its first screen with one the run knows (shown and popped
  /// before): dismissed as the screen it was shown as, not as the one it holds, which was never
  /// presented (the layer stayed in the model).
  @Test func aPlainNavigationControllerGivenAKnownScreenIsDismissedAsTheScreenItWasShownAs() {
    let (lines, app) = Self.record { recorder in
      let coordinator = PlainCoordinator.started(followedBy: recorder)
      coordinator.show("Known")
      UIKitModel.finishAnimations()
      let known = coordinator.rootViewController.topViewController
      coordinator.back()
      UIKitModel.finishAnimations()
      let flow = UINavigationController(rootViewController: FormScreen())
      coordinator.present(flow)
      UIKitModel.finishAnimations()
      if let known { flow.setViewControllers([known], animated: false) }
      coordinator.closeCart()
      UIKitModel.finishAnimations()
    }
    #expect(lines.last == "dismiss FormScreen by PlainCoordinator [r1]", "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// What the app's own tab bar presents in a plain navigation controller is dismissed as the
  /// screen it was recorded as, its first, though the app pushed another there since; a subclass
  /// (UIKit's image picker, a mail composer) is a screen of its own, as it was.
  @Test func aPlainNavigationControllerIsDismissedAsItsFirstScreenAndASubclassIsItself() throws {
    let (lines, app) = Self.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      UIKitModel.finishAnimations()
      let flow = UINavigationController(rootViewController: FormScreen())
      tabs.controller.present(flow, animated: false)
      UIKitModel.finishAnimations()
      flow.pushViewController(DetailScreen(), animated: false)
      tabs.controller.dismiss(animated: false)
      UIKitModel.finishAnimations()
      tabs.controller.present(PickerController(rootViewController: UIViewController()), animated: false)
      UIKitModel.finishAnimations()
      tabs.controller.dismiss(animated: false)
      UIKitModel.finishAnimations()
    }
    #expect(
      Array(lines.suffix(4)) == [
        "present FormScreen by TabsCoordinator [r1]", "dismiss FormScreen by TabsCoordinator [r1]",
        "present PickerController by TabsCoordinator [r1]",
        "dismiss PickerController by TabsCoordinator [r1]",
      ], "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// The pattern's `NavigationRouter` over a recording navigation controller observes the sheet it
  /// presents before it presents it, and the recording as it presents: both hear the person swipe
  /// it down (the recording heard nothing, and kept the sheet on its stack for good).
  @Test func aSheetTheAppsNavigationRouterPresentsIsSwipedDownInTheTraceToo() {
    var reported: [String] = []
    let (lines, app) = Self.record { recorder in
      let coordinator = PlainCoordinator.started(followedBy: recorder)
      let router = NavigationRouter(navigationController: coordinator.rootViewController)
      let reports = Reports(of: router)
      for name in ["Filters", "Sort"] {
        router.present(Screen(name), animated: true, completion: nil)
        UIKitModel.finishAnimations()
        if let sheet = coordinator.rootViewController.presentedViewController { Person.swipeDown(sheet) }
        UIKitModel.finishAnimations()
      }
      reported = reports.lines
    }
    #expect(
      reported == ["dismiss swipeDown: -Filters, shows Start", "dismiss swipeDown: -Sort, shows Start"],
      "\(reported)")
    #expect(
      Array(lines.suffix(4)) == [
        "present Screen by PlainCoordinator [r1]",
        "dismiss Screen by PlainCoordinator [r1] (system: swipeDown)",
        "present Screen [r1]", "dismiss Screen [r1] (system: swipeDown)",
      ], "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// A tab bar controller the app shows before it sets its tabs (the coordinator makes the tab bar
  /// the window's root, then starts a flow per tab): the tab bar is recorded once it has tabs,
  /// hosting them, never with `hosts: []`, which the format forbids and after which the tabs'
  /// routers could not join it.
  @Test func aTabBarShownBeforeItsTabsAreSetIsRecordedWithThemOnceSet() {
    let (lines, app) = Self.record { recorder in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let main = LateTabsCoordinator(window: window)
      recorder.follow(main)
      main.start()
      UIKitModel.finishAnimations()
      Person.tapTab(at: 1, in: main.tabs)
      UIKitModel.finishAnimations()
    }
    #expect(
      lines == [
        "start LateTabsCoordinator",
        // The tabs' flows record no coordinator of their own here.
        "setRoot HomeScreen [r1] background",
        "setRoot SettingsScreen [r2] background",
        "setRoot RecordingTabBarController hosts [r1, r2] by LateTabsCoordinator [window]",
        "selectTab Settings SettingsScreen by LateTabsCoordinator [r2] (system: tabBar)",
      ], "\(lines)")
    #expect(
      Self.edges(app) == [
        "launch > HomeScreen: setRoot by LateTabsCoordinator",
        "HomeScreen > SettingsScreen: selectTab by LateTabsCoordinator [tabBar]",
      ], "\(Self.edges(app))")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// A flow's navigation controller presented again after it was dismissed (a coordinator that
  /// keeps its child's navigation controller): the model emptied its router when it left, so its
  /// screens are recorded again before it comes back, and its dismissal finds them.
  @Test func aContainerPresentedAgainRecordsItsStackAgain() {
    let (lines, app) = Self.record { recorder in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let shop = ShopCoordinator()
      recorder.follow(shop)
      shop.start()
      window.rootViewController = shop.navigation
      shop.checkOut()
      UIKitModel.finishAnimations()
      guard let payment = shop.payment else { return }
      payment.navigation.dismiss(animated: false)
      UIKitModel.finishAnimations()
      shop.navigation.present(payment.navigation, animated: false)
      UIKitModel.finishAnimations()
      payment.pay()
      UIKitModel.finishAnimations()
    }
    #expect(
      Array(lines.suffix(5)) == [
        "dismiss PaymentScreen by PaymentCoordinator [r2]",
        // Its screen is the coordinator's that showed it still.
        "setRoot PaymentScreen by PaymentCoordinator [r2] background",
        "present UINavigationController by ShopCoordinator [r1]",
        "finish PaymentCoordinator -> paid",
        "dismiss PaymentScreen by PaymentCoordinator [r2]",
      ], "\(lines)")
    // Both presentations showed the payment screen, and both dismissals left it.
    #expect(
      (app?.transitions ?? []).map { "\($0.from ?? "launch") > \($0.to): \($0.kind.rawValue) \($0.count)" }
        == [
          "launch > ProductScreen: setRoot 1",
          "PaymentScreen > ProductScreen: dismiss 2",
          "ProductScreen > PaymentScreen: present 2",
        ], "\(Self.edges(app))")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// A flow shown again (AlphaWallet pushes its tab bar again when the person picks the same
  /// wallet) is its coordinator's still: its screens were recorded again as no one's, so the
  /// coordinator, on screen again and not finished, was reported `orphaned-coordinator`.
  @Test func aFlowShownAgainIsItsCoordinatorsStill() {
    let (lines, app) = Self.record { recorder in
      let shop = ShopCoordinator.checkingOut(followedBy: recorder)
      guard let payment = shop.payment else { return }
      shop.navigation.dismiss(animated: false)
      shop.navigation.present(payment.navigation, animated: false)
      UIKitModel.finishAnimations()
    }
    #expect(lines.contains("setRoot PaymentScreen by PaymentCoordinator [r2] background"), "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }
}

// An app in the style these tests need: plain coordinators over recorded navigation controllers.

@MainActor
final class ProductScreen: UIViewController {}

@MainActor
final class PaymentScreen: UIViewController {
  /// Called when it disappears for good, its flow dismissed (Firefox's `onViewDismissed`).
  var onDismissed: (() -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Payment"
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    if isBeingDismissed || navigationController?.isBeingDismissed == true { onDismissed?() }
  }
}

@MainActor
final class ShopCoordinator {
  @RecordedRouter var navigation: UINavigationController = .recorded()  // FlowAtlas
  var payment: PaymentCoordinator?
  var helpFlow: HelpCoordinator?
  /// The window its app shows it in, where a test made one (kept with it).
  var window: UIWindow?

  func start() {
    Recorder.started(self)  // FlowAtlas
    navigation.setViewControllers([ProductScreen()], animated: false)
  }

  /// A shop as its scene delegate starts it: a key window, the coordinator followed by
  /// `recorder`, its navigation controller the window's root, then its start.
  static func startedInAWindow(followedBy recorder: FlowAtlasRecording.Recorder) -> ShopCoordinator {
    let window = UIWindow()
    window.makeKeyAndVisible()
    let shop = ShopCoordinator()
    recorder.follow(shop)
    window.rootViewController = shop.navigation
    shop.start()
    shop.window = window
    return shop
  }

  /// A shop started in a window (``startedInAWindow(followedBy:)``) whose payment flow is on screen,
  /// presented as ``checkOut(fromTheScreen:)`` presents it, its animation finished.
  static func checkingOut(
    followedBy recorder: FlowAtlasRecording.Recorder, fromTheScreen: Bool = false
  ) -> ShopCoordinator {
    let shop = startedInAWindow(followedBy: recorder)
    shop.checkOut(fromTheScreen: fromTheScreen)
    UIKitModel.finishAnimations()
    return shop
  }

  /// Starts the payment flow, presented by this coordinator's navigation controller, or (as some
  /// apps do) by the screen on top.
  func checkOut(fromTheScreen: Bool = false) {
    let payment = PaymentCoordinator()
    self.payment = payment
    payment.start()
    if fromTheScreen {
      navigation.topViewController?.present(payment.navigation, animated: true)
    } else {
      navigation.present(payment.navigation, animated: true)
    }
  }
}

@MainActor
final class PaymentCoordinator {
  @RecordedRouter var navigation: UINavigationController = .recorded()  // FlowAtlas

  func start() {
    Recorder.started(self)  // FlowAtlas
    navigation.setViewControllers([PaymentScreen()], animated: false)
  }

  func pay() {
    Recorder.finished(self, output: "paid")  // FlowAtlas
    navigation.dismiss(animated: true)
  }
}

@MainActor final class HomeScreen: UIViewController {}
@MainActor final class DetailScreen: UIViewController {}
@MainActor final class SettingsScreen: UIViewController {}
@MainActor final class AboutScreen: UIViewController {}

/// The app's own tab bar controller: it makes its tabs when its view loads and is its own delegate.
@MainActor
final class TabsController: RecordingTabBarController, UITabBarControllerDelegate {  // FlowAtlas
  private(set) var heard: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    delegate = self
    let home = UINavigationController.recorded(rootViewController: HomeScreen())
    home.tabBarItem = UITabBarItem(title: "Home", image: nil, selectedImage: nil)
    let settings = UINavigationController.recorded(rootViewController: SettingsScreen())
    settings.tabBarItem = UITabBarItem(title: "Settings", image: nil, selectedImage: nil)
    let about = AboutScreen()
    about.tabBarItem = UITabBarItem(title: "About", image: nil, selectedImage: nil)
    viewControllers = [home, settings, about]
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    heard.append("didSelect \(selectedIndex)")
  }
}

/// A tab of the app's own that shows the controller it wraps as its child, swapped when the person
/// switches stores (WooCommerce's `TabContainerController`).
@MainActor
final class WrappingTabContainer: UIViewController {
  /// What it wraps as its view loads, where it waits for that.
  var wrapsAsItLoads: UINavigationController?

  override func viewDidLoad() {
    super.viewDidLoad()
    if let wrapsAsItLoads { wrapped = wrapsAsItLoads }
  }

  var wrapped: UINavigationController? {
    willSet {
      wrapped?.willMove(toParent: nil)
      wrapped?.view.removeFromSuperview()
      wrapped?.removeFromParent()
    }
    didSet {
      guard let wrapped else { return }
      addChild(wrapped)
      view.addSubview(wrapped.view)
      wrapped.didMove(toParent: self)
    }
  }
}

/// A tab bar whose second tab is a ``WrappingTabContainer``, filled before it is shown.
@MainActor
final class StoreTabsCoordinator {
  @RecordedRouter var controller = RecordingTabBarController()  // FlowAtlas (was UITabBarController)
  let orders = WrappingTabContainer()
  /// The orders tab makes its navigation controller as its view loads, not before it is shown.
  var wrapsAsItLoads = false
  /// The window whose root its tab bar is, where a test put it there (kept with it).
  private(set) var window: UIWindow?

  /// The store's tab app as its scene delegate starts it: a key window, the coordinator followed
  /// by `recorder` and started, its tab bar the window's root, the animations finished.
  static func startedInAWindow(
    followedBy recorder: FlowAtlasRecording.Recorder, wrapsAsItLoads: Bool = false
  ) -> StoreTabsCoordinator {
    let window = UIWindow()
    window.makeKeyAndVisible()
    let tabs = StoreTabsCoordinator()
    tabs.wrapsAsItLoads = wrapsAsItLoads
    recorder.follow(tabs)
    tabs.start()
    window.rootViewController = tabs.controller
    tabs.window = window
    UIKitModel.finishAnimations()
    return tabs
  }

  func start() {
    Recorder.started(self)  // FlowAtlas
    let home = UINavigationController.recorded(rootViewController: HomeScreen())
    home.tabBarItem = UITabBarItem(title: "Home", image: nil, selectedImage: nil)
    orders.tabBarItem = UITabBarItem(title: "Orders", image: nil, selectedImage: nil)
    let navigation = UINavigationController.recorded(rootViewController: OrdersScreen())
    if wrapsAsItLoads { orders.wrapsAsItLoads = navigation } else { orders.wrapped = navigation }
    controller.viewControllers = [home, orders]
  }
}

@MainActor final class OrdersScreen: UIViewController {}

/// A coordinator that makes its tab bar the window's root first, then a flow per tab, as many
/// apps' main coordinators do.
@MainActor
final class LateTabsCoordinator {
  @RecordedRouter var tabs = RecordingTabBarController()  // FlowAtlas (was UITabBarController)
  private let window: UIWindow

  init(window: UIWindow) { self.window = window }

  func start() {
    Recorder.started(self)  // FlowAtlas
    window.rootViewController = tabs
    let home = HomeFlow(title: "Home", root: HomeScreen())
    let settings = HomeFlow(title: "Settings", root: SettingsScreen())
    home.start()
    settings.start()
    tabs.viewControllers = [home.navigation, settings.navigation]
    flows = [home, settings]
  }

  private var flows: [HomeFlow] = []

  /// A tab's flow: its navigation controller and first screen, attributed to the main coordinator
  /// (which reads the flow's marked property).
  @MainActor final class HomeFlow {
    @RecordedRouter var navigation: UINavigationController = .recorded()  // FlowAtlas
    private let root: UIViewController

    init(title: String, root: UIViewController) {
      self.root = root
      navigation.tabBarItem = UITabBarItem(title: title, image: nil, selectedImage: nil)
    }

    func start() { navigation.setViewControllers([root], animated: false) }
  }
}

@MainActor
final class TabsCoordinator {
  @RecordedRouter var controller = TabsController()  // FlowAtlas
  /// The window whose root its tab bar is, where a test put it there (kept with it).
  private(set) var window: UIWindow?

  /// A tab app as its scene delegate starts it: a key window, the coordinator followed by
  /// `recorder` and started, its tab bar the window's root.
  static func startedInAWindow(followedBy recorder: FlowAtlasRecording.Recorder) -> TabsCoordinator {
    let window = UIWindow()
    window.makeKeyAndVisible()
    let tabs = TabsCoordinator()
    recorder.follow(tabs)
    tabs.start()
    window.rootViewController = tabs.controller
    tabs.window = window
    return tabs
  }

  /// Another root the run follows, started, then given `shop`'s window (a child of the shop's
  /// would keep it showing).
  @discardableResult
  static func replacing(
    _ shop: ShopCoordinator, followedBy recorder: FlowAtlasRecording.Recorder
  ) -> TabsCoordinator {
    let tabs = TabsCoordinator()
    recorder.follow(tabs)
    tabs.start()
    shop.window?.rootViewController = tabs.controller
    return tabs
  }

  func start() { Recorder.started(self) }  // FlowAtlas

  func openDetail() {
    (controller.viewControllers?[0] as? UINavigationController)?.pushViewController(
      DetailScreen(), animated: false)
  }

  func showFirstTab() { controller.selectedIndex = 0 }
}

/// The classic sample's own layout: the storyboard's navigation controller is the window's root for
/// the whole run, and each flow's module replaces its root (`setRootModule`), the tab bar too.
@MainActor @Suite(.serialized) struct ClassicRootNavigationTests {
  @Test func aTabBarSetAsTheRootModuleOfTheWindowsNavigationControllerShowsItsTabs() throws {
    let (lines, app) = RecordingContainersTests.record { recorder in
      UIStoryboard.register(
        name: "Main", initial: "Root", scenes: [.init("Root") { RecordingNavigationController(coder: $0) }])
      let delegate = ClassicAppDelegate()
      delegate.recorder = recorder
      UIKitModel.launch(appDelegate: delegate, mainStoryboard: "Main")
      UIKitModel.finishAnimations()
      if let login = delegate.coordinator?.navigation.topViewController {
        recorder.userAction(on: login, action: "logIn")
      }
      delegate.coordinator?.logIn()
      UIKitModel.finishAnimations()
      if let tabs = delegate.coordinator?.tabs { Person.tapTab(at: 1, in: tabs) }
    }
    #expect(
      lines.contains { $0.hasPrefix("setRoot UINavigationController hosts [r1]") && $0.hasSuffix("[window]") }
    )
    #expect(
      RecordingContainersTests.edges(app) == [
        "launch > LoginScreen: setRoot by ClassicAppCoordinator",
        "HomeScreen > SettingsScreen: selectTab by ClassicAppCoordinator [tabBar]",
        "LoginScreen > HomeScreen: setRoot by ClassicAppCoordinator [logIn]",
      ], "\(lines)")
    #expect(app?.containers.map(\.type) == ["RecordingTabBarController", "UINavigationController"])
    #expect(app?.diagnostics == [])
  }
}

@MainActor final class LoginScreen: UIViewController {}

/// The classic sample's app delegate: the storyboard made the window and its root navigation
/// controller; the root coordinator drives it through the app's router.
@MainActor
final class ClassicAppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?
  var recorder: FlowAtlasRecording.Recorder?
  var coordinator: ClassicAppCoordinator?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    guard let navigation = window?.rootViewController as? UINavigationController else { return false }
    let coordinator = ClassicAppCoordinator(navigation: navigation)
    self.coordinator = coordinator
    recorder?.follow(coordinator)
    coordinator.start()
    return true
  }
}

@MainActor
final class ClassicAppCoordinator {
  @RecordedRouter var navigation: UINavigationController  // FlowAtlas
  var tabs: RecordingTabBarController?

  init(navigation: UINavigationController) { self.navigation = navigation }

  func start() {
    Recorder.started(self)  // FlowAtlas
    navigation.setViewControllers([LoginScreen()], animated: false)
  }

  func logIn() {
    let tabs = RecordingTabBarController()
    tabs.viewControllers = [
      UINavigationController.recorded(rootViewController: HomeScreen()),
      UINavigationController.recorded(rootViewController: SettingsScreen()),
    ]
    self.tabs = tabs
    navigation.setViewControllers([tabs], animated: false)
    navigation.isNavigationBarHidden = true
  }
}

/// A tab bar delegate that keeps the delegate it found and passes every call on to it.
@MainActor
final class ForwardingTabBarDelegate: NSObject, UITabBarControllerDelegate {
  weak var previous: (any UITabBarControllerDelegate)?
  private(set) var heard: [String] = []

  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
    -> Bool
  {
    heard.append("shouldSelect")
    return previous?.tabBarController?(tabBarController, shouldSelect: viewController) ?? true
  }

  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    heard.append("didSelect")
    previous?.tabBarController?(tabBarController, didSelect: viewController)
  }
}

/// A navigation controller subclass in the style of UIKit's own (`UIImagePickerController`).
@MainActor final class PickerController: UINavigationController {}

/// A scene's root coordinator that shows what it makes in its window (marked as its router).
@MainActor
final class WindowCoordinator {
  @RecordedRouter var window: UIWindow  // FlowAtlas

  init(window: UIWindow) { self.window = window }
}
