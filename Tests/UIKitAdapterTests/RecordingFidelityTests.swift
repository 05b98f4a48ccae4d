import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader
import FlowAtlasUIKitOnModel
import Testing
import UIKit

/// What real apps do that the first recording of containers got wrong: tabs filled before their
/// tab bar is shown, containers a run first meets full, alerts a screen presents itself, a tab bar
/// controller that dismisses what it presented, a selected tab popped in code, stacks replaced
/// whole, `init(rootViewController:)`.
@MainActor @Suite(.serialized) struct RecordingFidelityTests {
  typealias Record = RecordingContainersTests

  /// An app fills its tabs, then makes the tab bar the window's root: the person sees the first
  /// tab when the tab bar appears, which the coordinator that set the root did.
  @Test func tabsFilledBeforeTheirTabBarIsShownAreShownByWhoeverShowsIt() {
    let (lines, app) = Record.record { recorder in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let main = MainTabsCoordinator()
      recorder.follow(main)
      main.start(in: window)
    }
    #expect(
      lines == [
        "start MainTabsCoordinator",
        "start ListCoordinator under MainTabsCoordinator",
        "setRoot HomeScreen by ListCoordinator [r1] background",
        "start SettingsFlowCoordinator under MainTabsCoordinator",
        "setRoot SettingsScreen by SettingsFlowCoordinator [r2] background",
        "setRoot RecordingTabBarController hosts [r1, r2] by MainTabsCoordinator [window]",
      ], "\(lines)")
    #expect(Record.edges(app) == ["launch > HomeScreen: setRoot by MainTabsCoordinator"])
    #expect(app?.diagnostics == [])
  }

  /// A scene delegate's order (AlphaWallet's): the window's root navigation controller set, then
  /// the root coordinator made with it and followed. It fills a tab's flow, sets its first screen
  /// on the window's navigation controller, then pushes the tab bar: the window's navigation is
  /// what people see, the tab's off screen until the tab bar comes.
  @Test func aWindowRootSetBeforeTheRunFollowsIsWhatPeopleSee() {
    let (lines, app) = Record.record { recorder in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let navigation = RecordingNavigationController()
      window.rootViewController = navigation
      let wallet = WalletCoordinator(navigation: navigation)
      recorder.follow(wallet)
      wallet.start()
      withExtendedLifetime((wallet, window)) {}
    }
    #expect(
      Record.edges(app) == [
        "launch > SettingsScreen: setRoot by WalletCoordinator",
        "SettingsScreen > HomeScreen: push by WalletCoordinator",
      ], "\(lines)")
    // What set the window's root was not seen; the tab's flow set its own first screen.
    #expect(lines.contains("setRoot UINavigationController hosts [r1] [window]"), "\(lines)")
    #expect(lines.contains("setRoot HomeScreen by ListCoordinator [r2] background"), "\(lines)")
    #expect(app?.screens.first { $0.type == "HomeScreen" }?.owner == "ListCoordinator", "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// A player screen presented bare, which presents a sheet in a navigation controller of its
  /// own (BookPlayer's): the sheet's coordinator closes it through the player
  /// (`presentingViewController?.dismiss`), then the player's its own. Each leaves in order; a
  /// sheet the person swipes away is the system's, once, named for the flow that presented it
  /// (its first screen was set before any run knew it).
  @Test(arguments: [false, true])
  func aSheetClosedByTheBareScreenThatPresentedItLeavesFirst(swiped: Bool) {
    let (lines, app) = Record.record { recorder in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let player = PlayerCoordinator()
      recorder.follow(player)
      player.start(in: window)
      player.showPlayer()
      Recorder.endTurn()
      player.showSheet()
      UIKitModel.finishAnimations()
      Recorder.endTurn()
      if swiped, let sheet = player.screen.presentedViewController {
        Person.swipeDown(sheet)
      } else {
        player.sheet?.close()
      }
      UIKitModel.finishAnimations()
      Recorder.endTurn()
      player.closePlayer()
      UIKitModel.finishAnimations()
      withExtendedLifetime((player, window)) {}
    }
    let edges = Record.edges(app)
    #expect(
      edges.contains(
        "DetailScreen > AboutScreen: dismiss by SheetCoordinator" + (swiped ? " [swipeDown]" : "")),
      "\(lines)")
    #expect(edges.contains("AboutScreen > HomeScreen: dismiss by PlayerCoordinator"), "\(lines)")
    #expect(lines.filter { $0.hasPrefix("dismiss") }.count == 2, "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// A parent presents its child's flow through the child's own router object, which hands out
  /// its navigation controller (Element's `present(coordinator.toPresentable())`): the child's
  /// read of its router, to hand the navigation controller out, does not make it the one asking.
  @Test func aChildsFlowHandedOutByItsRouterIsPresentedByTheParent() {
    let (lines, _) = Record.record { recorder in
      let shop = ShopCoordinator()
      recorder.follow(shop)
      shop.start()
      shop.presentHelp()
    }
    #expect(
      Array(lines.suffix(2)) == [
        "setRoot ProductScreen by HelpCoordinator [r2] background",
        "present UINavigationController hosts [r2] by ShopCoordinator [r1]",
      ], "\(lines)")
  }

  /// A scene coordinator that presents from the screen that asked (Mastodon's
  /// `present(scene:from:transition:)`): no marked property is read, so one marked line names it.
  @Test func aCoordinatorPresentingFromAScreenIsNamedByAsking() {
    let (lines, _) = Record.record { recorder in
      let shop = ShopCoordinator()
      recorder.follow(shop)
      shop.start()
      UIKitModel.finishAnimations()
      let sender = shop.navigation.topViewController
      // An event spends that read, as the person's tap on the screen does.
      recorder.note("the person taps Help")
      Recorder.asking(shop)  // FlowAtlas
      sender?.navigationController?.pushViewController(DetailScreen(), animated: false)
      sender?.navigationController?.pushViewController(HomeScreen(), animated: false)
    }
    // The second push, after an event, asks nobody.
    #expect(
      Array(lines.suffix(2)) == ["push DetailScreen by ShopCoordinator [r1]", "push HomeScreen [r1]"],
      "\(lines)")
  }

  /// A screen presented through the recording navigation controller, which UIKit hands to the
  /// app's own root container, then dismissed by that container (Wire's root view controller, a
  /// side menu's): no recording override saw the dismissal, the model kept the layer, and the
  /// next push went into it. The dismissal is recorded before the app's next navigation there,
  /// or before the person's next action the app records, which it happened before: recorded after
  /// the action, it took the action as its trigger, and the navigation the action asked for read
  /// as automatic.
  @Test func aDismissalAnotherContainerMadeIsRecordedBeforeTheNextNavigation() {
    let (lines, app) = Record.record { recorder in
      let (shop, root) = Self.shopInAContainerOfItsOwn(followedBy: recorder)
      shop.navigation.present(HomeScreen(), animated: false)
      UIKitModel.finishAnimations()
      root.dismiss(animated: false)
      UIKitModel.finishAnimations()
      shop.navigation.pushViewController(DetailScreen(), animated: false)
      UIKitModel.finishAnimations()
      shop.navigation.present(HomeScreen(), animated: false)
      root.dismiss(animated: false)
      UIKitModel.finishAnimations()
      if let detail = shop.navigation.topViewController {
        recorder.userAction(on: detail, action: "openProduct")
      }
      shop.navigation.pushViewController(ProductScreen(), animated: false)
    }
    #expect(
      Array(lines.suffix(7)) == [
        "present HomeScreen by ShopCoordinator [r1]",
        "dismiss HomeScreen [r1]",
        "push DetailScreen by ShopCoordinator [r1]",
        "present HomeScreen by ShopCoordinator [r1]",
        "dismiss HomeScreen [r1]",
        "user openProduct on DetailScreen",
        "push ProductScreen by ShopCoordinator [r1]",
      ], "\(lines)")
    #expect(
      Record.edges(app).contains("ProductScreen > DetailScreen: push by ShopCoordinator"),
      "\(Record.edges(app))")
    #expect(
      Record.edges(app).contains("DetailScreen > ProductScreen: push by ShopCoordinator [openProduct]"),
      "\(Record.edges(app))")
  }

  /// A flow presented by a navigation controller that a container of the app's own shows (UIKit
  /// has that container present it) dismisses itself: recorded once, not again as a dismissal
  /// made elsewhere at the next navigation.
  @Test func aFlowThatDismissedItselfUnderAContainerOfTheAppsOwnIsDismissedOnce() {
    let (lines, app) = Record.record { recorder in
      let (shop, _) = Self.shopInAContainerOfItsOwn(followedBy: recorder)
      shop.checkOut()
      UIKitModel.finishAnimations()
      shop.payment?.pay()
      UIKitModel.finishAnimations()
      shop.navigation.pushViewController(DetailScreen(), animated: false)
    }
    #expect(
      lines.filter { $0.hasPrefix("dismiss") } == ["dismiss PaymentScreen by PaymentCoordinator [r2]"],
      "\(lines)")
    #expect(app?.diagnostics == [], "\(lines)")
  }

  /// What a screen presents by itself (a picker) is not the run's: when something else dismisses
  /// it, no dismissal is caught up for it either.
  @Test func aLayerTheRunNeverShowedIsNoDismissalWhenItGoes() {
    let (lines, _) = Record.record { recorder in
      let (shop, root) = Self.shopInAContainerOfItsOwn(followedBy: recorder)
      shop.navigation.topViewController?.present(Screen("Picker"), animated: false)
      shop.navigation.pushViewController(DetailScreen(), animated: false)
      root.dismiss(animated: false)
      shop.navigation.pushViewController(HomeScreen(), animated: false)
    }
    #expect(!lines.contains { $0.hasPrefix("dismiss") }, "\(lines)")
  }

  /// The app's own root container swaps the navigation controller it shows (Wire's root view
  /// controller between signing in and the signed-in app, a side menu's content): each is shown
  /// when it appears there, as a new root of that container, which takes the one before off screen.
  @Test func aNavigationControllerAContainerOfTheAppsOwnShowsIsShownThere() {
    let (lines, app) = Record.record { recorder in
      let (shop, root) = Self.shopInAContainerOfItsOwn(followedBy: recorder)
      UIKitModel.finishAnimations()
      let payment = PaymentCoordinator()
      shop.payment = payment
      payment.start()
      Self.show(payment.navigation, in: root, replacing: shop.navigation)
      UIKitModel.finishAnimations()
      // A full-screen cover over the container, dismissed: what it shows appears again, no new root.
      let cover = Screen("Cover")
      cover.modalPresentationStyle = .fullScreen
      root.present(cover, animated: false)
      UIKitModel.finishAnimations()
      root.dismiss(animated: false)
      UIKitModel.finishAnimations()
    }
    #expect(
      lines.filter { $0.contains("[container1]") } == [
        "setRoot UINavigationController hosts [r1] by ShopCoordinator [container1]",
        // The shop's code replaces it (reading its navigation controller to take it away).
        "setRoot UINavigationController hosts [r2] by ShopCoordinator [container1]",
      ], "\(lines)")
    #expect(
      Record.edges(app) == [
        "launch > ProductScreen: setRoot by ShopCoordinator",
        "ProductScreen > PaymentScreen: setRoot by ShopCoordinator",
      ], "\(Record.edges(app))")
  }

  /// A shop app whose window's root is a view controller of its own that shows the shop's
  /// navigation controller as its child (Wire's root view controller, a side menu's content): the
  /// shop followed by `recorder` and started (it keeps the window).
  static func shopInAContainerOfItsOwn(followedBy recorder: FlowAtlasRecording.Recorder) -> (
    shop: ShopCoordinator, root: UIViewController
  ) {
    let window = UIWindow()
    window.makeKeyAndVisible()
    let root = UIViewController()
    window.rootViewController = root
    let shop = ShopCoordinator()
    recorder.follow(shop)
    shop.start()
    show(shop.navigation, in: root)
    shop.window = window
    return (shop, root)
  }

  /// Shows `child` in `container`, as a container of the app's own does, in place of `old`.
  static func show(
    _ child: UIViewController, in container: UIViewController, replacing old: UIViewController? = nil
  ) {
    if let old {
      old.willMove(toParent: nil)
      old.view.removeFromSuperview()
      old.removeFromParent()
    }
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
  }

  /// A tab bar made before the run followed anything, presented by a coordinator: its tabs'
  /// screens are recorded as prepared off-screen by nobody, and the presentation stays the
  /// coordinator's.
  @Test func aContainerTheRunMeetsFullIsShownByTheCoordinatorThatAsked() {
    // Made before any run, as in a new app process: not in a run an earlier test left recording.
    FlowAtlasRecording.Recorder.forgetThisThreadsLatestRun()
    let tabs = RecordingTabBarController()
    tabs.viewControllers = [
      UINavigationController.recorded(rootViewController: HomeScreen()),
      UINavigationController.recorded(rootViewController: SettingsScreen()),
    ]
    let (lines, app) = Record.record { recorder in
      let shop = ShopCoordinator()
      recorder.follow(shop)
      shop.start()
      shop.navigation.present(tabs, animated: false)
    }
    #expect(
      Array(lines.suffix(3)) == [
        "setRoot HomeScreen [r2] background",
        "setRoot SettingsScreen [r3] background",
        "present RecordingTabBarController hosts [r2, r3] by ShopCoordinator [r1]",
      ], "\(lines)")
    #expect(
      Record.edges(app) == [
        "launch > ProductScreen: setRoot by ShopCoordinator",
        "ProductScreen > HomeScreen: present by ShopCoordinator",
      ])
  }

  /// A screen presents an alert itself and the alert goes: neither is the run's (UIKit asks the
  /// navigation controller to dismiss it, which records nothing it did not record).
  @Test func anAlertAScreenPresentsItselfIsNoDismissal() {
    let (lines, app) = Record.record { recorder in
      let shop = ShopCoordinator.startedInAWindow(followedBy: recorder)
      let alert = UIViewController()
      shop.navigation.topViewController?.present(alert, animated: false)
      alert.dismiss(animated: false)
    }
    #expect(!lines.contains { $0.hasPrefix("dismiss") }, "\(lines)")
    #expect(app?.diagnostics == [])
  }

  /// The app's tab bar controller presented a flow (recorded as the flow appeared) and dismisses
  /// it: the dismissal is recorded on the router the presentation was, the selected tab's.
  @Test func aTabBarControllerDismissingWhatItPresentedIsRecorded() {
    let (lines, app) = Record.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      tabs.controller.present(
        RecordingNavigationController(rootViewController: PaymentScreen()), animated: false)
      UIKitModel.finishAnimations()
      tabs.controller.dismiss(animated: false)
      UIKitModel.finishAnimations()
    }
    #expect(lines.last == "dismiss PaymentScreen by TabsCoordinator [r1]", "\(lines)")
    #expect(
      Record.edges(app) == [
        "launch > HomeScreen: setRoot by TabsCoordinator",
        "HomeScreen > PaymentScreen: present by TabsCoordinator",
        "PaymentScreen > HomeScreen: dismiss by TabsCoordinator",
      ], "\(Record.edges(app))")
  }

  /// The person swipes down what the app's tab bar controller presented: the system's dismissal,
  /// on the selected tab's router.
  @Test func aSheetTheTabBarControllerPresentedSwipedDownIsTheSystems() {
    let (lines, app) = Record.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      let sheet = AboutScreen()
      tabs.controller.present(sheet, animated: true)
      UIKitModel.finishAnimations()
      Person.swipeDown(sheet)
      UIKitModel.finishAnimations()
    }
    #expect(lines.last == "dismiss AboutScreen by TabsCoordinator [r1] (system: swipeDown)", "\(lines)")
    #expect(Record.edges(app).contains("AboutScreen > HomeScreen: dismiss by TabsCoordinator [swipeDown]"))
    #expect(app?.diagnostics == [])
  }

  /// A screen pops its selected tab to the root in code: no tab was tapped, so it is not the tab
  /// bar's gesture.
  @Test func aSelectedTabPoppedInCodeIsNoTabBarTap() {
    let (lines, _) = Record.record { recorder in
      let tabs = TabsCoordinator.startedInAWindow(followedBy: recorder)
      tabs.openDetail()
      UIKitModel.finishAnimations()
      let home = tabs.controller.viewControllers?[0] as? UINavigationController
      home?.topViewController?.navigationController?.popToRootViewController(animated: false)
    }
    #expect(lines.last?.hasPrefix("popToRoot") == true, "\(lines)")
    #expect(lines.last?.contains("tabBar") == false, "\(lines)")
  }

  /// `setViewControllers` recorded as what it did: screens added on top are pushes, screens taken
  /// off the top a `popTo`, both where the top was replaced (the pushes alone left the screens it
  /// took off on the recorded stack), a stack that shares no bottom a new root.
  @Test func aStackReplacedWholeIsRecordedAsWhatChanged() {
    let (lines, app) = Record.record { recorder in
      let shop = ShopCoordinator()
      recorder.follow(shop)
      shop.start()
      let product = shop.navigation.viewControllers[0]
      let payment = PaymentScreen()
      shop.navigation.setViewControllers([product, payment, DetailScreen()], animated: false)
      shop.navigation.setViewControllers([product, payment], animated: false)
      shop.navigation.setViewControllers([product, DetailScreen()], animated: false)
      shop.navigation.setViewControllers([HomeScreen()], animated: false)
    }
    #expect(
      Array(lines.dropFirst()) == [
        "setRoot ProductScreen by ShopCoordinator [r1]",
        "push PaymentScreen by ShopCoordinator [r1]",
        "push DetailScreen by ShopCoordinator [r1]",
        "popTo PaymentScreen by ShopCoordinator [r1]",
        "popTo ProductScreen by ShopCoordinator [r1]",
        "push DetailScreen by ShopCoordinator [r1]",
        "setRoot HomeScreen by ShopCoordinator [r1]",
      ], "\(lines)")
    #expect(app?.diagnostics == [])
  }

  /// `init(rootViewController:)` pushes on an empty stack: that is the navigation controller's root.
  @Test func aNavigationControllerMadeWithItsRootRecordsARoot() {
    let (lines, _) = Record.record { recorder in
      let shop = ShopCoordinator()
      recorder.follow(shop)
      shop.start()
      shop.navigation.present(
        RecordingNavigationController(rootViewController: PaymentScreen()), animated: false)
    }
    // The coordinator that made it presents it: both are its.
    #expect(
      Array(lines.suffix(2)) == [
        "setRoot PaymentScreen by ShopCoordinator [r2] background",
        "present UINavigationController hosts [r2] by ShopCoordinator [r1]",
      ], "\(lines)")
  }
}

/// A tab bar's coordinator in the style of many apps: it starts a child per tab, each setting its
/// navigation controller's root, puts them in a tab bar controller, then makes that the window's
/// root.
@MainActor
final class MainTabsCoordinator {
  @RecordedRouter var tabs = RecordingTabBarController()  // FlowAtlas
  var list: ListCoordinator?
  var settings: SettingsFlowCoordinator?

  func start(in window: UIWindow) {
    Recorder.started(self)  // FlowAtlas
    let list = ListCoordinator()
    let settings = SettingsFlowCoordinator()
    (self.list, self.settings) = (list, settings)
    tabs.viewControllers = [list.navigation, settings.navigation]
    list.start()
    settings.start()
    window.rootViewController = tabs
  }
}

/// Presents a screen bare over its first, which presents a sheet of its child's.
@MainActor
final class PlayerCoordinator {
  @RecordedRouter var navigation: UINavigationController = .recorded()  // FlowAtlas
  @RecordedChildren var children: [AnyObject] = []  // FlowAtlas
  let screen = AboutScreen()
  var sheet: SheetCoordinator? { children.last as? SheetCoordinator }

  func start(in window: UIWindow) {
    Recorder.started(self)  // FlowAtlas
    navigation.setViewControllers([HomeScreen()], animated: false)
    window.rootViewController = navigation
  }

  func showPlayer() { navigation.present(screen, animated: false) }

  func showSheet() {
    let sheet = SheetCoordinator(presenter: screen)
    sheet.onClose = { [weak self] in self?.children.removeAll() }
    children.append(sheet)
    sheet.start()
  }

  func closePlayer() { navigation.dismiss(animated: false) }
}

/// A flow presented by the view controller it is given, in a navigation controller of its own,
/// which it closes through that view controller.
@MainActor
final class SheetCoordinator: NSObject, UIAdaptivePresentationControllerDelegate {
  @RecordedWeakRouter var presenter: UIViewController?  // FlowAtlas
  var onClose: (() -> Void)?

  init(presenter: UIViewController) {
    super.init()
    self.presenter = presenter
  }

  func start() {
    Recorder.started(self)  // FlowAtlas
    let navigation = RecordingNavigationController(rootViewController: DetailScreen())
    navigation.presentationController?.delegate = self
    presenter?.present(navigation, animated: true, completion: nil)
  }

  func close() {
    presenter?.dismiss(animated: true) { [weak self] in self?.finish() }
  }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { finish() }

  private func finish() {
    Recorder.finished(self)  // FlowAtlas
    onClose?()
  }
}

/// A root coordinator given the window's navigation controller, which fills a tab's flow before
/// it pushes the tab bar over its first screen.
@MainActor
final class WalletCoordinator {
  @RecordedRouter var navigation: UINavigationController  // FlowAtlas
  @RecordedChildren var children: [AnyObject] = []  // FlowAtlas

  init(navigation: UINavigationController) { self.navigation = navigation }

  func start() {
    Recorder.started(self)  // FlowAtlas
    let list = ListCoordinator()
    children.append(list)
    list.start()
    navigation.setViewControllers([SettingsScreen()], animated: false)
    let tabs = RecordingTabBarController()
    tabs.viewControllers = [list.navigation]
    navigation.pushViewController(tabs, animated: false)
  }
}

@MainActor
final class ListCoordinator {
  @RecordedRouter var navigation: UINavigationController = .recorded()  // FlowAtlas

  func start() {
    Recorder.started(self)  // FlowAtlas
    navigation.setViewControllers([HomeScreen()], animated: false)
  }
}

@MainActor
final class SettingsFlowCoordinator {
  @RecordedRouter var navigation: UINavigationController = .recorded()  // FlowAtlas

  func start() {
    Recorder.started(self)  // FlowAtlas
    navigation.setViewControllers([SettingsScreen()], animated: false)
  }
}

/// A child whose router is an object of the app's own around its navigation controller, handed
/// out by `toPresentable()`, as Element's coordinators do.
@MainActor
final class HelpCoordinator {
  @MainActor final class Router {
    let navigationController: UINavigationController = .recorded()
  }

  @RecordedRouter var router = Router()  // FlowAtlas

  func start() {
    Recorder.started(self)  // FlowAtlas
    router.navigationController.setViewControllers([ProductScreen()], animated: false)
  }

  func toPresentable() -> UIViewController { router.navigationController }
}

extension ShopCoordinator {
  func presentHelp() {
    let help = HelpCoordinator()
    helpFlow = help
    help.start()
    navigation.present(help.toPresentable(), animated: false)
  }
}
