import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTrace
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
  func push(_ module: any Presentable) { navigationController.push(module) }
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

  @Test func aStartReportedBeforeTheAttachIsRecordedRightAfterIt() {
    let (app, _, sink, _) = launch()
    let payment = TeamPaymentCoordinator(router: app.routerReadForTests)
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
