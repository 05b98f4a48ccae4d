import Dispatch
import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

// Coordinators written the way the classic tutorials write them: a protocol and a base class
// of their own, a router of their own shared by parent and child, children appended and
// removed by hand. The marked lines are all that recording adds.

@MainActor
private protocol TeamCoordinator: AnyObject {
  var childCoordinators: [any TeamCoordinator] { get set }
  func start()
}

@MainActor
private class TeamBaseCoordinator: TeamCoordinator {
  @RecordedChildren var childCoordinators: [any TeamCoordinator] = []  // FlowAtlas
  func start() {}
}

/// The team's router: its own API over the navigation controller.
@MainActor
private final class TeamRouter {
  let navigationController: any RouterProtocol
  init(navigationController: any RouterProtocol) { self.navigationController = navigationController }
  func setRootModule(_ module: any Presentable) { navigationController.setRoot(module) }
  /// What it pushed, as the classic template's `completions[module]` keeps it.
  private var pushed: [any Presentable] = []
  func push(_ module: any Presentable) {
    pushed.append(module)
    navigationController.push(module)
  }
  func popModule() { navigationController.pop() }
}

@MainActor
private final class TeamAppCoordinator: TeamBaseCoordinator {
  @RecordedRouter private var router: TeamRouter  // FlowAtlas
  var forgetsToRemovePayment = false

  init(router: TeamRouter) { self.router = router }

  override func start() {
    Recorder.started(self)  // FlowAtlas
    router.setRootModule(ProductListScreen())
  }

  func openSettings() {
    Recorder.asking(self)  // FlowAtlas
    childCoordinators.append(TeamSettingsCoordinator(router: router))
  }

  func openWallet() -> TeamWalletCoordinator {
    let wallet = TeamWalletCoordinator(router: router)
    wallet.start()
    childCoordinators.append(wallet)
    return wallet
  }

  func checkout() -> TeamPaymentCoordinator {
    let payment = TeamPaymentCoordinator(router: router)
    payment.onFinish = { [unowned self, unowned payment] in
      if !forgetsToRemovePayment { childCoordinators.removeAll { $0 === payment } }
    }
    childCoordinators.append(payment)
    payment.start()
    return payment
  }
}

@MainActor
private final class TeamPaymentCoordinator: TeamBaseCoordinator {
  @RecordedRouter private var router: TeamRouter  // FlowAtlas
  var onFinish: (() -> Void)?

  init(router: TeamRouter) { self.router = router }

  override func start() {
    Recorder.started(self)  // FlowAtlas
    router.push(PaymentScreen())
  }

  func pay() {
    router.popModule()
    Recorder.finished(self, output: "paid")  // FlowAtlas
    onFinish?()
  }
}

/// A coordinator that makes a child of its own in `init`, before its parent keeps it (AlphaWallet's
/// tokens coordinator, a child per chain): the child has no flow of its own until later.
@MainActor
private final class TeamWalletCoordinator: TeamBaseCoordinator {
  @RecordedRouter private var router: TeamRouter  // FlowAtlas
  let chain: TeamChainCoordinator

  init(router: TeamRouter) {
    self.router = router
    chain = TeamChainCoordinator(router: router)
    super.init()
    childCoordinators.append(chain)
  }

  override func start() {
    Recorder.started(self)  // FlowAtlas
    router.push(ProductScreen("Wallet"))
  }
}

/// A coordinator that shows its first screen in its `init` (Firefox's settings and library
/// coordinators), marked as `docs/own-coordinators.md` asks for it.
@MainActor
private final class TeamSettingsCoordinator: TeamBaseCoordinator {
  @RecordedRouter private var router: TeamRouter  // FlowAtlas

  init(router: TeamRouter) {
    self.router = router
    super.init()
    Recorder.started(self)  // FlowAtlas
    self.router.push(ProductScreen("Settings"))
  }
}

/// The wallet's child: it starts nothing itself, and opens a payment flow as a child later.
@MainActor
private final class TeamChainCoordinator: TeamBaseCoordinator {
  private let router: TeamRouter
  init(router: TeamRouter) { self.router = router }

  func pay() -> TeamPaymentCoordinator {
    let payment = TeamPaymentCoordinator(router: router)
    childCoordinators.append(payment)
    payment.start()
    return payment
  }
}

/// A coordinator the team has not marked: what it asks for names no coordinator.
@MainActor
private final class TeamHelpCoordinator: TeamBaseCoordinator {
  private let router: TeamRouter
  init(router: TeamRouter) { self.router = router }
  override func start() { router.push(LoginScreen()) }
}

@MainActor
struct OwnCoordinatorRecordingTests {
  private func launch() -> (TeamAppCoordinator, any RouterProtocol, MemoryTraceSink, Recorder) {
    let (recorder, sink) = makeRecorder()
    let navigation = recorder.router(wrapping: StackRouter())
    let app = TeamAppCoordinator(router: TeamRouter(navigationController: navigation))
    recorder.follow(app)
    app.start()
    return (app, navigation, sink, recorder)
  }

  @Test func markedLinesRecordTheLifecycleAndWhoAskedForEachTransition() {
    let (app, _, sink, _) = launch()
    app.checkout().pay()
    #expect(
      sink.events == [
        .coordinatorStart(coordinator: "c1", type: "TeamAppCoordinator", parent: nil),
        .setRoot(
          screen: introduce("s1", "ProductListScreen", "Products"), coordinator: "c1",
          router: nil, background: nil),
        .coordinatorAttach(coordinator: "c2", type: "TeamPaymentCoordinator", parent: "c1"),
        .coordinatorStart(coordinator: "c2", type: "TeamPaymentCoordinator", parent: "c1"),
        .push(
          screen: introduce("s2", "PaymentScreen"), coordinator: "c2", router: nil, animated: true),
        .pop(coordinator: "c2", router: nil, screen: .reference("s2")),
        .coordinatorFinish(coordinator: "c2", output: "paid"),
        .coordinatorDetach(coordinator: "c2", parent: "c1"),
      ])
  }

  /// Children a coordinator attaches before anything follows it (in its `init`, before its parent
  /// keeps it) are attached once it is followed, and theirs in turn: they were never followed, and
  /// every flow under them was missing, or a root of its own.
  @Test func childrenAttachedBeforeTheirParentIsFollowedAreAttachedWithIt() {
    let (app, _, sink, _) = launch()
    app.openWallet().chain.pay().pay()
    #expect(
      TraceTranscript(sink.events).lines.filter { $0.hasPrefix("attach") || $0.hasPrefix("start") } == [
        "start TeamAppCoordinator",
        // The wallet starts under the app, whose read of its router waits: its chain with it.
        "start TeamWalletCoordinator under TeamAppCoordinator",
        "attach TeamChainCoordinator to TeamWalletCoordinator",
        "attach TeamWalletCoordinator to TeamAppCoordinator",
        "attach TeamPaymentCoordinator to TeamChainCoordinator",
        "start TeamPaymentCoordinator under TeamChainCoordinator",
      ], "\(TraceTranscript(sink.events).lines)")
    #expect(TraceTranscript(sink.events).lines.contains("push PaymentScreen by TeamPaymentCoordinator"))
  }

  /// A coordinator that navigates in its `init`, started there, its parent asking as it makes it:
  /// what it shows is its own.
  @Test func aCoordinatorThatNavigatesInItsInitIsNamedWhereItIsMarked() {
    let (app, _, sink, _) = launch()
    app.openSettings()
    #expect(
      Array(TraceTranscript(sink.events).lines.suffix(3)) == [
        "start TeamSettingsCoordinator under TeamAppCoordinator",
        "push ProductScreen by TeamSettingsCoordinator",
        "attach TeamSettingsCoordinator to TeamAppCoordinator",
      ], "\(TraceTranscript(sink.events).lines)")
  }

  /// A root that attaches a child before the app follows it: the child is attached once the root
  /// starts (an attach before the root's start would name a coordinator the trace has not met).
  @Test func childrenTheRootHeldBeforeItWasFollowedAreAttachedThen() {
    let (recorder, sink) = makeRecorder()
    let router = TeamRouter(navigationController: recorder.router(wrapping: StackRouter()))
    let app = TeamAppCoordinator(router: router)
    app.childCoordinators.append(TeamHelpCoordinator(router: router))
    recorder.follow(app)
    app.start()
    #expect(
      TraceTranscript(sink.events).lines.prefix(2) == [
        "start TeamAppCoordinator", "attach TeamHelpCoordinator to TeamAppCoordinator",
      ], "\(TraceTranscript(sink.events).lines)")
  }

  @Test func aChildTheParentForgetsStaysAttachedAfterItsFinish() {
    let (app, _, sink, _) = launch()
    app.forgetsToRemovePayment = true
    app.checkout().pay()
    let names = sink.events.map(\.name)
    #expect(names.contains("coordinator.finish"))
    #expect(!names.contains("coordinator.detach"))
  }

  @Test func theBackButtonIsRecordedAsTheSystemsAndAttributedToWhoPushedTheScreen() throws {
    let (app, navigation, sink, _) = launch()
    _ = app.checkout()
    try Person(on: navigation).tapBackButton()
    #expect(
      sink.events.last
        == .pop(
          coordinator: "c2", router: nil, screen: .reference("s2"),
          initiator: .system(gesture: "backButton")))
  }

  @Test func aCoordinatorWithoutMarksNavigatesUnattributed() {
    let (app, _, sink, _) = launch()
    let help = TeamHelpCoordinator(router: TeamRouter(navigationController: app.navigationForTests))
    app.childCoordinators.append(help)
    help.start()
    #expect(sink.events.suffix(2).first?.name == "coordinator.attach")
    #expect(
      sink.events.last
        == .push(screen: introduce("s2", "LoginScreen"), coordinator: nil, router: nil, animated: true))
  }

  @Test func aReadOfTheRouterThatLeadsToNoNavigationDoesNotNameTheNextCaller() {
    let (app, navigation, sink, recorder) = launch()
    _ = app.routerReadForTests
    recorder.note("something else happens")
    navigation.push(LoginScreen())
    #expect(
      sink.events.last
        == .push(screen: introduce("s2", "LoginScreen"), coordinator: nil, router: nil, animated: true))
  }

  /// A child made with no followed coordinator's router read, started, then appended: its start
  /// waits for the attach, and what it showed before names no coordinator.
  @Test func aStartReportedBeforeTheAttachIsRecordedRightAfterIt() {
    let (app, navigation, sink, _) = launch()
    let payment = TeamPaymentCoordinator(router: TeamRouter(navigationController: navigation))
    payment.start()
    app.childCoordinators.append(payment)
    #expect(
      Array(sink.events.map(\.name).suffix(3)) == [
        "router.push", "coordinator.attach", "coordinator.start",
      ])
    #expect(
      sink.events.suffix(3).first
        == .push(screen: introduce("s2", "PaymentScreen"), coordinator: nil, router: nil, animated: true))
  }

  /// Made with its parent's router (`Child(router: router)`), started, then appended (half of
  /// Element's children): it starts under the parent whose read waits, names its navigation, and
  /// is attached after, started once.
  @Test func aChildMadeWithItsParentsRouterStartsUnderItBeforeTheAttach() {
    let (app, _, sink, _) = launch()
    let payment = TeamPaymentCoordinator(router: app.routerReadForTests)
    payment.start()
    app.childCoordinators.append(payment)
    payment.start()
    // Started again while it runs: its push, and no second start.
    #expect(
      Array(sink.events.suffix(4)) == [
        .coordinatorStart(coordinator: "c2", type: "TeamPaymentCoordinator", parent: "c1"),
        .push(screen: introduce("s2", "PaymentScreen"), coordinator: "c2", router: nil, animated: true),
        .coordinatorAttach(coordinator: "c2", type: "TeamPaymentCoordinator", parent: "c1"),
        .push(screen: introduce("s3", "PaymentScreen"), coordinator: "c2", router: nil, animated: true),
      ], "\(sink.events)")
  }

  @Test func nothingIsRecordedForCoordinatorsNoRecorderFollows() {
    let (recorder, sink) = makeRecorder()
    let app = TeamAppCoordinator(
      router: TeamRouter(navigationController: recorder.router(wrapping: StackRouter())))
    app.start()
    app.checkout().pay()
    #expect(
      sink.events == [
        .setRoot(
          screen: introduce("s1", "ProductListScreen", "Products"), coordinator: nil, router: nil,
          background: nil),
        .push(screen: introduce("s2", "PaymentScreen"), coordinator: nil, router: nil, animated: true),
        .pop(coordinator: nil, router: nil, screen: .reference("s2")),
      ])
    #expect(app.childCoordinators.isEmpty)
  }

  @Test func replacingTheArrayDetachesWhatItHeldAndAttachesWhatItHolds() {
    let (app, _, sink, _) = launch()
    let first = TeamHelpCoordinator(router: app.routerReadForTests)
    let second = TeamHelpCoordinator(router: app.routerReadForTests)
    app.childCoordinators = [first]
    app.childCoordinators = [second]
    app.childCoordinators.removeAll()
    #expect(
      sink.events.suffix(4) == [
        .coordinatorAttach(coordinator: "c2", type: "TeamHelpCoordinator", parent: "c1"),
        .coordinatorDetach(coordinator: "c2", parent: "c1"),
        .coordinatorAttach(coordinator: "c3", type: "TeamHelpCoordinator", parent: "c1"),
        .coordinatorDetach(coordinator: "c3", parent: "c1"),
      ])
  }
}

extension TeamAppCoordinator {
  fileprivate var routerReadForTests: TeamRouter { router }
  fileprivate var navigationForTests: any RouterProtocol { router.navigationController }
}

// Children kept in stored properties, never in a children array: as many apps keep them.

@MainActor
private final class StoredCardsCoordinator {
  @RecordedRouter private var router: TeamRouter  // FlowAtlas
  init(router: TeamRouter) { self.router = router }
  func start() {
    Recorder.started(self)  // FlowAtlas
    router.push(PaymentScreen())
  }
  func close() { Recorder.finished(self) }  // FlowAtlas
}

@MainActor
private final class StoredHelpCoordinator {
  @RecordedRouter private var router: TeamRouter  // FlowAtlas
  init(router: TeamRouter) { self.router = router }
  func start() {
    Recorder.started(self)  // FlowAtlas
    router.push(LoginScreen())
  }

  func showAgain() { router.push(LoginScreen()) }
}

@MainActor
private final class StoredRootCoordinator {
  @RecordedRouter private var router: TeamRouter  // FlowAtlas
  let cards: StoredCardsCoordinator
  lazy var help = StoredHelpCoordinator(router: router)
  var optionalCards: StoredCardsCoordinator?
  var unmarked: [AnyObject] = []

  init(router: TeamRouter) {
    self.router = router
    cards = StoredCardsCoordinator(router: router)
  }

  /// Makes a child with its own router and starts it, then keeps it (Mastodon's settings,
  /// Element's room exploration): nothing holds the child while it starts.
  func startChildThenKeepIt() {
    let child = StoredCardsCoordinator(router: router)
    child.start()
    optionalCards = child
  }

  var routerForTests: TeamRouter { router }

  /// Starts, and routes to `option` where given: the classic sample's `start(with:)`, called
  /// again for every deep link.
  func start(with option: String? = nil) {
    Recorder.started(self)  // FlowAtlas
    switch option {
    case "cards": cards.start()
    case "help": help.start()
    default: router.setRootModule(ProductListScreen())
    }
  }
}

@MainActor
struct StoredChildrenRecordingTests {
  private func launch() -> (StoredRootCoordinator, MemoryTraceSink, Recorder) {
    let (recorder, sink) = makeRecorder()
    let navigation = recorder.router(wrapping: StackRouter())
    let app = StoredRootCoordinator(router: TeamRouter(navigationController: navigation))
    recorder.follow(app)
    app.start()
    return (app, sink, recorder)
  }

  @Test func childrenInStoredPropertiesStartUnderTheirParent() {
    let (app, sink, _) = launch()
    app.start(with: "cards")
    app.start(with: "help")
    let second = StoredCardsCoordinator(router: TeamRouter(navigationController: StackRouter()))
    app.optionalCards = second
    second.start()
    let other = StoredHelpCoordinator(router: TeamRouter(navigationController: StackRouter()))
    app.unmarked.append(other)
    other.start()
    let starts = sink.events.compactMap { event -> String? in
      guard case .coordinatorStart(let id, let type, let parent, _) = event else { return nil }
      return "\(id) \(type) under \(parent ?? "-")"
    }
    #expect(
      starts == [
        "c1 StoredRootCoordinator under -", "c2 StoredCardsCoordinator under c1",
        "c3 StoredHelpCoordinator under c1", "c4 StoredCardsCoordinator under c1",
        "c5 StoredHelpCoordinator under c1",
      ])
    // Their navigation names them.
    #expect(
      sink.events.contains(
        .push(screen: introduce("s2", "PaymentScreen"), coordinator: "c2", router: nil, animated: true)))
  }

  /// A child started before its parent keeps it, made with the parent's router: it starts under
  /// the parent whose read of its router waits, and its navigation names it. It was recorded
  /// neither starting nor navigating, and its reads took the parent's attribution away.
  @Test func aChildStartedBeforeItsParentKeepsItStartsUnderTheParent() {
    let (app, sink, _) = launch()
    app.startChildThenKeepIt()
    #expect(
      Array(sink.events.suffix(2)) == [
        .coordinatorStart(coordinator: "c2", type: "StoredCardsCoordinator", parent: "c1"),
        .push(screen: introduce("s2", "PaymentScreen"), coordinator: "c2", router: nil, animated: true),
      ], "\(sink.events)")
  }

  /// One with a router of its own, started before the parent keeps it: its start is recorded at
  /// its next read of its router, once the parent holds it, before what it shows then.
  @Test func aChildStartedBeforeAnythingHoldsItStartsAtItsNextRead() {
    let (app, sink, recorder) = launch()
    let navigation = recorder.router(wrapping: StackRouter(), id: "help")
    navigation.setRoot(ProductScreen("Help"), animated: false)
    let child = StoredHelpCoordinator(router: TeamRouter(navigationController: navigation))
    child.start()
    app.unmarked.append(child)
    child.showAgain()
    #expect(
      Array(sink.events.suffix(3)) == [
        .push(screen: introduce("s3", "LoginScreen"), coordinator: nil, router: "help", animated: true),
        .coordinatorStart(coordinator: "c2", type: "StoredHelpCoordinator", parent: "c1"),
        .push(screen: introduce("s4", "LoginScreen"), coordinator: "c2", router: "help", animated: true),
      ], "\(sink.events)")
  }

  /// A coordinator a screen owns (MVVM-C's view controller that makes its coordinator, or one a
  /// window keeps): no followed coordinator ever holds it. Its start is recorded at its first read
  /// of its router in a later turn, as a root of the run, and what it shows from then names it.
  @Test func aCoordinatorNoFollowedOneHoldsStartsAsARootAtItsNextTurn() {
    let (app, sink, recorder) = launch()
    let navigation = recorder.router(wrapping: StackRouter(), id: "help")
    navigation.setRoot(ProductScreen("Help"), animated: false)
    let screenOwned = StoredHelpCoordinator(router: TeamRouter(navigationController: navigation))
    screenOwned.start()
    Recorder.endTurn()
    screenOwned.showAgain()
    withExtendedLifetime(app) {}
    #expect(
      Array(sink.events.suffix(3)) == [
        .push(screen: introduce("s3", "LoginScreen"), coordinator: nil, router: "help", animated: true),
        .coordinatorStart(coordinator: "c2", type: "StoredHelpCoordinator", parent: nil),
        .push(screen: introduce("s4", "LoginScreen"), coordinator: "c2", router: "help", animated: true),
      ], "\(sink.events)")
  }

  /// The same on a device, where no gesture ends the turn but the main queue does, though no
  /// followed coordinator read its router in it (they are idle while a screen makes its own, as
  /// WooCommerce's screens make theirs): the turn never ended, and the start was never recorded.
  @Test func aCoordinatorNoFollowedOneHoldsStartsAsARootWhenTheMainQueueMovesOn() async {
    let (app, sink, recorder) = launch()
    let navigation = recorder.router(wrapping: StackRouter(), id: "help")
    navigation.setRoot(ProductScreen("Help"), animated: false)
    await Self.mainQueueMovesOn()
    let screenOwned = StoredHelpCoordinator(router: TeamRouter(navigationController: navigation))
    screenOwned.start()
    await Self.mainQueueMovesOn()
    // Tests that ran meanwhile followed runs of their own on this thread: this one is the app's
    // one run again, as on a device.
    recorder.follow(app)
    screenOwned.showAgain()
    withExtendedLifetime(app) {}
    #expect(
      Array(sink.events.suffix(2)) == [
        .coordinatorStart(coordinator: "c2", type: "StoredHelpCoordinator", parent: nil),
        .push(screen: introduce("s4", "LoginScreen"), coordinator: "c2", router: "help", animated: true),
      ], "\(sink.events)")
  }

  /// Lets the main queue run the blocks queued before now (a turn's end among them).
  private static func mainQueueMovesOn() async {
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
  }

  /// A child's push through a router that keeps what it pushes (the classic template's
  /// completions), while its parent's read of the same router waits: the child asked, though the
  /// router it read holds the screen shown (only a container handed out passes to the read before).
  @Test func aPushThroughARouterThatKeepsItsScreensIsTheChildsThatAsked() {
    let (app, sink, _) = launch()
    app.start(with: "help")
    Recorder.endTurn()
    _ = app.routerForTests
    app.help.showAgain()
    #expect(
      sink.events.last
        == .push(screen: introduce("s3", "LoginScreen"), coordinator: "c2", router: nil, animated: true),
      "\(sink.events)")
  }

  /// Trace format revision 4: a running coordinator started again adds nothing, so the recorder
  /// writes one start per running instance; after its finish, a start is a new one.
  @Test func aRunningCoordinatorStartedAgainRecordsNothing() {
    let (app, sink, _) = launch()
    app.start(with: "cards")
    app.start(with: "cards")
    app.cards.close()
    app.cards.start()
    let starts = sink.events.filter { $0.name == "coordinator.start" }
    #expect(starts.count == 3, "\(starts)")
    #expect(sink.events.filter { $0.name == "router.push" }.count == 3)
  }

  @Test func aFollowedRootThatNeverReportsItsStartIsSaidAtTheEnd() {
    let (recorder, sink) = makeRecorder()
    let app = StoredHelpCoordinator(router: TeamRouter(navigationController: StackRouter()))
    recorder.follow(app)
    recorder.finish()
    guard case .note(let text) = sink.events.last else {
      Issue.record("no note: \(sink.events)")
      return
    }
    #expect(text.contains("StoredHelpCoordinator") && text.contains("Recorder.started(self)"))
  }

  @Test func aDeepLinkNamesACoordinatorOfTheAppsOwn() {
    let (app, sink, recorder) = launch()
    recorder.deeplink("app://cards", handledBy: app)
    #expect(sink.events.last == .deeplinkOpen(url: "app://cards", coordinator: "c1"))
  }
}
