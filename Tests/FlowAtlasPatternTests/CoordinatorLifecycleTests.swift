import FlowAtlasPattern
import Testing

/// A child that tells its parent it finished through a hook of the app's own (a delegate
/// protocol in app code): what the manual style, `addChild` and `removeChild`, relies on.
@MainActor
final class ToldChild: StepCoordinator {
  weak var parentToTell: ManualParent?
  override func finish() {
    super.finish()
    parentToTell?.childDidFinish(self)
  }
}

/// Runs a child the manual way: attaches and launches it, removes it when told;
/// `forgetsToRemove` is the bug the pattern warns about.
@MainActor
final class ManualParent: StepCoordinator {
  var forgetsToRemove = false
  private(set) var finishedChildren: [String] = []

  func runChild(_ child: ToldChild) {
    child.parentToTell = self
    addChild(child)
    child.launch()
  }

  func childDidFinish(_ child: ToldChild) {
    finishedChildren.append(child.name)
    if !forgetsToRemove { removeChild(child) }
  }
}

@MainActor
struct CoordinatorLifecycleTests {
  @Test func startChildAttachesStartsAndRemovesTheChildWhenItFinishes() {
    let router = SpyRouter()
    let log = LifecycleLog()
    let parent = StepCoordinator("parent", router: router)
    parent.lifecycleObserver = log
    parent.launch()
    weak var released: StepCoordinator?
    do {
      let child = StepCoordinator("child", router: router)
      released = child
      parent.startChild(child)
      #expect(child.parentCoordinator === parent)
      #expect(child.lifecycleObserver === log)
      #expect(parent.childCoordinators.count == 1)
    }
    #expect(released != nil)
    released?.finish()
    #expect(parent.childCoordinators.isEmpty)
    #expect(released == nil)
    #expect(
      router.calls == [.push("parent", animated: true), .push("child", animated: true)])
    #expect(
      log.lines == [
        "start parent parent -", "attach child to parent", "start child parent parent",
        "finish child output -", "detach child from parent", "deinit child",
      ])
  }

  @Test func aManualParentRemovesTheChildItself() {
    let log = LifecycleLog()
    let parent = ManualParent("parent", router: SpyRouter())
    parent.lifecycleObserver = log
    weak var released: StepCoordinator?
    do {
      let child = ToldChild("child", router: parent.router)
      released = child
      parent.runChild(child)
    }
    released?.finish()
    #expect(parent.finishedChildren == ["child"])
    #expect(parent.childCoordinators.isEmpty)
    #expect(released == nil)
    #expect(
      log.lines == [
        "attach child to parent", "start child parent parent", "finish child output -",
        "detach child from parent", "deinit child",
      ])
  }

  /// The leak is expressible: finish without detach, and the child stays alive.
  @Test func aParentThatForgetsToRemoveLeaksTheChild() {
    let log = LifecycleLog()
    let parent = ManualParent("parent", router: SpyRouter())
    parent.forgetsToRemove = true
    parent.lifecycleObserver = log
    weak var leaked: StepCoordinator?
    do {
      let child = ToldChild("child", router: parent.router)
      leaked = child
      parent.runChild(child)
    }
    leaked?.finish()
    #expect(parent.finishedChildren == ["child"])
    #expect(leaked != nil)
    #expect(leaked?.isFinished == true)
    #expect(parent.childCoordinators.count == 1)
    #expect(
      log.lines == ["attach child to parent", "start child parent parent", "finish child output -"])
  }

  @Test(arguments: [false, true])
  func aVoidFlowsFinishIsItsResultAndNamesNoOutput(withResult: Bool) {
    let log = LifecycleLog()
    let parent = StepCoordinator("parent", router: SpyRouter())
    parent.lifecycleObserver = log
    var childrenWhenTold: Int?
    var told = 0
    weak var released: OnboardingCoordinator?
    do {
      let child = OnboardingCoordinator(router: parent.router)
      released = child
      parent.startChild(child) { [unowned parent] in
        told += 1
        childrenWhenTold = parent.childCoordinators.count
      }
    }
    if withResult { released?.finish(with: ()) } else { released?.finish() }
    released?.finish()
    #expect(told == 1)
    #expect(childrenWhenTold == 0)
    #expect(released == nil)
    // Not "()": a Void result has no name.
    #expect(log.lines.contains("finish OnboardingCoordinator output -"))
  }

  /// `finish(with:)` after the flow finished changes nothing: no result lingers for a later
  /// finish once the coordinator runs again.
  @Test func aResultGivenAfterTheFlowFinishedIsDropped() {
    let log = LifecycleLog()
    let parent = StepCoordinator("parent", router: SpyRouter())
    parent.lifecycleObserver = log
    let child = LoginCoordinator(router: parent.router)
    var results: [LoginCoordinator.Outcome] = []
    // Ended by its parent, as a coordinator: a ResultCoordinator cannot end itself so.
    let ended: any CoordinatorProtocol = child
    parent.startChild(child) { results.append($0) }
    ended.finish()
    child.finish(with: .loggedIn)
    parent.startChild(child) { results.append($0) }
    ended.finish()
    #expect(results.isEmpty)
    #expect(
      log.lines.filter { $0.hasPrefix("finish login") } == ["finish login output -", "finish login output -"])
  }

  @Test func resultStyleHandsTheResultToTheParentAndRemovesTheChild() {
    let router = SpyRouter()
    let log = LifecycleLog()
    let parent = StepCoordinator("parent", router: router)
    parent.lifecycleObserver = log
    var outcomes: [LoginCoordinator.Outcome] = []
    var childrenWhenTold: Int?
    weak var released: LoginCoordinator?
    do {
      let login = LoginCoordinator(router: router)
      released = login
      parent.startChild(login) { [unowned parent] outcome in
        outcomes.append(outcome)
        childrenWhenTold = parent.childCoordinators.count
      }
    }
    released?.submit()
    #expect(outcomes == [.loggedIn])
    #expect(childrenWhenTold == 0)
    #expect(released == nil)
    #expect(router.calls == [.present("login", animated: true), .dismiss(animated: true)])
    #expect(
      log.lines == [
        "attach login to parent", "start login parent parent", "finish login output loggedIn",
        "detach login from parent", "deinit login",
      ])
  }

  @Test func resultStyleStartedByHandAlsoRemovesItself() {
    let parent = StepCoordinator("parent", router: SpyRouter())
    let login = LoginCoordinator(router: parent.router)
    parent.addChild(login)
    var outcomes: [LoginCoordinator.Outcome] = []
    login.start { outcomes.append($0) }
    login.finish(with: .cancelled)
    #expect(outcomes == [.cancelled])
    #expect(parent.childCoordinators.isEmpty)
    #expect(login.parentCoordinator == nil)
  }

  /// A parent that ends its child without a result (logging out) does so through the
  /// coordinator protocol; it knows, so its completion is not called.
  @Test func finishWithoutAResultDoesNotCallTheCompletion() {
    let parent = StepCoordinator("parent", router: SpyRouter())
    let login = LoginCoordinator(router: parent.router)
    var called = false
    parent.startChild(login) { _ in called = true }
    for child in parent.childCoordinators { child.finish() }
    #expect(!called)
    #expect(parent.childCoordinators.isEmpty)
  }

  @Test func aSecondFinishDoesNothing() {
    let log = LifecycleLog()
    let parent = StepCoordinator("parent", router: SpyRouter())
    parent.lifecycleObserver = log
    let child = StepCoordinator("child", router: parent.router)
    parent.startChild(child)
    child.finish()
    child.finish()
    #expect(log.lines.filter { $0.hasPrefix("finish") }.count == 1)
    child.launch()
    #expect(!child.isFinished)
  }

  @Test func removingACoordinatorThatIsNotAChildDoesNothing() {
    let log = LifecycleLog()
    let parent = StepCoordinator("parent", router: SpyRouter())
    parent.lifecycleObserver = log
    let stranger = StepCoordinator("stranger", router: parent.router)
    #expect(!parent.removeChild(stranger))
    parent.addChild(stranger)
    parent.addChild(stranger)
    #expect(parent.childCoordinators.count == 1)
    #expect(parent.removeChild(stranger))
    #expect(!parent.removeChild(stranger))
    #expect(log.lines == ["attach stranger to parent", "detach stranger from parent"])
  }

  @Test func attachingToAnotherParentMovesTheChild() {
    let router = SpyRouter()
    let first = StepCoordinator("first", router: router)
    let second = StepCoordinator("second", router: router)
    let child = StepCoordinator("child", router: router)
    first.addChild(child)
    second.addChild(child)
    #expect(first.childCoordinators.isEmpty)
    #expect(second.childCoordinators.count == 1)
    #expect(child.parentCoordinator === second)
  }

  @Test func deepHierarchiesStartAndUnwind() {
    let router = StackRouter()
    let log = LifecycleLog()
    let root = StepCoordinator("level0", router: router)
    root.lifecycleObserver = log
    root.launch()
    var chain: [StepCoordinator] = [root]
    for level in 1...100 {
      let child = StepCoordinator("level\(level)", router: router)
      chain[level - 1].startChild(child)
      chain.append(child)
    }
    #expect(router.stack.count == 101)
    #expect(chain[100].parentCoordinator === chain[99])
    #expect(chain.dropLast().allSatisfy { $0.childCoordinators.count == 1 })
    weak let deepest = chain[100]
    for coordinator in chain.dropFirst().reversed() { coordinator.finish() }
    chain.removeSubrange(1...)
    #expect(deepest == nil)
    #expect(root.childCoordinators.isEmpty)
    #expect(log.lines.filter { $0.hasPrefix("detach") }.count == 100)
    #expect(log.lines.filter { $0.hasPrefix("deinit") }.count == 100)
  }
}

@MainActor
struct FinishOutputTests {
  @Test func aResultIsNamedOnceAndHandedOverOnce() {
    let router = SpyRouter()
    let log = LifecycleLog()
    let parent = StepCoordinator("parent", router: router)
    parent.lifecycleObserver = log
    parent.launch()
    let child = LoginCoordinator(router: router)
    var results: [LoginCoordinator.Outcome] = []
    parent.startChild(child) { results.append($0) }

    child.finish(with: .loggedIn)
    child.finish(with: .cancelled)

    #expect(log.lines.filter { $0.hasPrefix("finish login") } == ["finish login output loggedIn"])
    #expect(results == [.loggedIn])
    #expect(parent.childCoordinators.isEmpty)
  }
}
