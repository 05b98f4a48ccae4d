import FlowAtlasPattern

/// A screen for tests: any class can be one.
@MainActor
final class TestScreen: Presentable {
  let name: String
  var screenTitle: String?

  init(_ name: String, title: String? = nil) {
    self.name = name
    self.screenTitle = title
  }
}

/// The names of the screens in each layer, bottom first.
@MainActor
func names(_ layers: [[any Presentable]]) -> [[String]] {
  layers.map { layer in layer.map { ($0 as? TestScreen)?.name ?? "?" } }
}

/// A router that only remembers what it was asked, in order: coordinators are tested by
/// the sequence of calls they make.
@MainActor
final class SpyRouter: RouterProtocol {
  enum Call: Equatable {
    case push(String, animated: Bool)
    case pop(animated: Bool)
    case popToRoot(animated: Bool)
    case present(String, animated: Bool)
    case dismiss(animated: Bool)
    case setRoot(String, animated: Bool)
  }

  private(set) var calls: [Call] = []

  private func name(_ screen: any Presentable) -> String { (screen as? TestScreen)?.name ?? "?" }

  func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    calls.append(.push(name(screen), animated: animated))
    completion?()
  }
  func pop(animated: Bool, completion: (() -> Void)?) {
    calls.append(.pop(animated: animated))
    completion?()
  }
  func popToRoot(animated: Bool, completion: (() -> Void)?) {
    calls.append(.popToRoot(animated: animated))
    completion?()
  }
  func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    calls.append(.present(name(screen), animated: animated))
    completion?()
  }
  func dismiss(animated: Bool, completion: (() -> Void)?) {
    calls.append(.dismiss(animated: animated))
    completion?()
  }
  func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    calls.append(.setRoot(name(screen), animated: animated))
    completion?()
  }
}

/// Remembers every lifecycle call as one line of text, in order.
final class LifecycleLog: CoordinatorLifecycleObserver, @unchecked Sendable {
  // Written from the main actor only (deinit in these tests happens there too).
  private(set) var lines: [String] = []
  private var names: [ObjectIdentifier: String] = [:]

  @MainActor func name(_ coordinator: any CoordinatorProtocol) -> String {
    let name = (coordinator as? Named)?.name ?? String(describing: type(of: coordinator))
    names[ObjectIdentifier(coordinator)] = name
    return name
  }

  @MainActor func coordinatorDidStart(
    _ coordinator: any CoordinatorProtocol, parent: (any CoordinatorProtocol)?
  ) {
    lines.append("start \(name(coordinator)) parent \(parent.map { name($0) } ?? "-")")
  }
  @MainActor func coordinatorDidAttach(
    _ child: any CoordinatorProtocol, to parent: any CoordinatorProtocol
  ) {
    lines.append("attach \(name(child)) to \(name(parent))")
  }
  @MainActor func coordinatorDidFinish(_ coordinator: any CoordinatorProtocol, output: String?) {
    lines.append("finish \(name(coordinator)) output \(output ?? "-")")
  }
  @MainActor func coordinatorDidDetach(
    _ child: any CoordinatorProtocol, from parent: any CoordinatorProtocol
  ) {
    lines.append("detach \(name(child)) from \(name(parent))")
  }
  func coordinatorWillDeinit(_ coordinator: ObjectIdentifier) {
    lines.append("deinit \(names[coordinator] ?? "?")")
  }
}

/// A coordinator with a name for logs.
@MainActor
protocol Named { var name: String { get } }

/// A coordinator that shows one screen and finishes when asked.
@MainActor
class StepCoordinator: Coordinator, Named {
  let name: String
  init(_ name: String, router: any RouterProtocol) {
    self.name = name
    super.init(router: router)
  }
  override func start() { router.push(TestScreen(name), animated: true) }
}

/// The result-typed style: a login flow that returns whether the person logged in.
@MainActor
final class LoginCoordinator: ResultCoordinator<LoginCoordinator.Outcome>, Named {
  enum Outcome: Equatable { case loggedIn, cancelled }
  let name = "login"
  override func start() { router.present(TestScreen("login"), animated: true) }
  override var outputWhenEndedBySystem: Outcome? { .cancelled }
  func submit() {
    router.dismiss(animated: true)
    finish(with: .loggedIn)
  }
}

/// A flow with nothing to hand back but being done.
@MainActor
final class OnboardingCoordinator: ResultCoordinator<Void> {
  override func start() { router.push(TestScreen("onboarding"), animated: true) }
}
