import FlowAtlasPattern
import Testing

/// An attributing router for tests: each coordinator's view logs calls with its name.
@MainActor
final class NamingRouter: AttributingRouter {
  final class View: AttributingRouter {
    let base: NamingRouter
    weak var coordinator: (any CoordinatorProtocol)?
    init(base: NamingRouter, coordinator: any CoordinatorProtocol) {
      self.base = base
      self.coordinator = coordinator
    }
    var who: String { (coordinator as? Named)?.name ?? "nobody" }
    func on(behalfOf coordinator: any CoordinatorProtocol) -> any RouterProtocol {
      base.on(behalfOf: coordinator)
    }
    func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
      base.log.append("\(who) push")
    }
    func pop(animated: Bool, completion: (() -> Void)?) { base.log.append("\(who) pop") }
    func popToRoot(animated: Bool, completion: (() -> Void)?) {}
    func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {}
    func dismiss(animated: Bool, completion: (() -> Void)?) {}
    func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {}
  }

  var log: [String] = []
  func on(behalfOf coordinator: any CoordinatorProtocol) -> any RouterProtocol {
    View(base: self, coordinator: coordinator)
  }
  func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    log.append("nobody push")
  }
  func pop(animated: Bool, completion: (() -> Void)?) {}
  func popToRoot(animated: Bool, completion: (() -> Void)?) {}
  func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {}
  func dismiss(animated: Bool, completion: (() -> Void)?) {}
  func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {}
}

@MainActor
struct AttributionTests {
  @Test func coordinatorsSharingARouterEachActForThemselves() {
    let shared = NamingRouter()
    let parent = StepCoordinator("parent", router: shared)
    let child = StepCoordinator("child", router: parent.router)
    parent.startChild(child)
    parent.router.pop(animated: true)
    shared.push(TestScreen("x"))
    #expect(shared.log == ["child push", "parent pop", "nobody push"])
  }

  @Test func theBoundViewDoesNotKeepItsCoordinatorAlive() {
    let shared = NamingRouter()
    weak var released: StepCoordinator?
    var view: (any RouterProtocol)?
    do {
      let coordinator = StepCoordinator("gone", router: shared)
      released = coordinator
      view = coordinator.router
    }
    #expect(released == nil)
    view?.push(TestScreen("x"))
    #expect(shared.log == ["nobody push"])
  }

  @Test func aPlainRouterIsUsedAsIs() {
    let router = StackRouter()
    let coordinator = StepCoordinator("plain", router: router)
    #expect(coordinator.screens.base === router)
    #expect(StepCoordinator("child", router: coordinator.router).screens.base === router)
  }
}
