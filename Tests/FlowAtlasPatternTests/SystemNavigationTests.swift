import Testing

@testable import FlowAtlasPattern

/// The UIKit-free rule every router uses to tell what the system did, and the headless
/// gestures and automatic finish built on it.
@MainActor
struct SystemNavigationTests {
  let a = TestScreen("a")
  let b = TestScreen("b")
  let c = TestScreen("c")
  let m = TestScreen("m")
  let n = TestScreen("n")

  /// (layers before, layers after, gesture given, kind expected or nil, removed, gesture expected)
  typealias Case = (
    before: [[TestScreen]], after: [[TestScreen]], gesture: SystemGesture?, kind: SystemNavigation.Kind?,
    removed: [TestScreen], expected: SystemGesture?
  )

  var cases: [Case] {
    [
      ([[a, b]], [[a]], nil, .pop, [b], .backButton),
      ([[a, b]], [[a]], .edgeSwipe, .pop, [b], .edgeSwipe),
      ([[a, b, c]], [[a]], nil, .popTo, [c, b], .backMenu),
      ([[a, b]], [[a]], .backMenu, .popTo, [b], .backMenu),
      ([[a], [m, n]], [[a]], nil, .dismiss, [n, m], .swipeDown),
      ([[a], [m, n]], [[a], [m]], .edgeSwipe, .pop, [n], .edgeSwipe),
      // A tap on the selected tab, whatever it removed (revision 3).
      ([[a, b, c]], [[a]], .tabBar, .popToRoot, [c, b], .tabBar),
      ([[a, b]], [[a]], .tabBar, .popToRoot, [b], .tabBar),
      // Nothing changed: a swipe given up half-way.
      ([[a, b]], [[a, b]], .edgeSwipe, nil, [], nil),
      // Changes the system does not make: a push, a new root, a pop under a sheet.
      ([[a]], [[a, b]], nil, nil, [], nil),
      ([[a, b]], [[c]], nil, nil, [], nil),
      ([[a, b], [m]], [[a], [m]], nil, nil, [], nil),
      ([[a]], [[]], nil, nil, [], nil),
    ]
  }

  @Test func theStacksBeforeAndAfterTellWhatTheSystemDid() {
    for (index, test) in cases.enumerated() {
      let navigation = SystemNavigation.between(test.before, test.after, gesture: test.gesture)
      #expect(navigation?.kind == test.kind, "case \(index)")
      #expect(navigation?.gesture == test.expected, "case \(index)")
      #expect(
        (navigation?.removed ?? []).map(\.screenType) == test.removed.map(\.screenType)
          && zip(navigation?.removed ?? [], test.removed).allSatisfy { $0 === $1 }, "case \(index)")
    }
  }

  @Test func aChangeBySystemIsTakenAndReportedOnce() {
    let router = StackRouter()
    let seen = Seen()
    router.addSystemNavigationObserver(seen)
    router.setRoot(a)
    router.push(b)
    router.push(c)
    router.changeBySystem(.edgeSwipe, to: router.layers)
    #expect(router.stack.count == 3 && seen.kinds.isEmpty, "nothing changed, nothing reported")
    router.changeBySystem(.backMenu, to: [[a]])
    router.present(m)
    router.changeBySystem(.swipeDown, to: [[a]])
    #expect(seen.kinds == [.popTo, .dismiss])
    #expect(seen.gestures == [.backMenu, .swipeDown])
    #expect(router.layers.count == 1 && router.stack.count == 1)
    router.refuse(.popAtRoot)
    #expect(router.refusals == [.popAtRoot])
  }

  @Test func aChildWhoseFirstScreenTheSystemRemovedFinishesAndIsRemoved() {
    let router = StackRouter()
    let parent = StepCoordinator("parent", router: router)
    parent.launch()
    let child = StepCoordinator("child", router: parent.router)
    parent.startChild(child)
    child.router.push(TestScreen("child-more"))
    Self.pop(router, by: .edgeSwipe)
    // Its second screen went: it is told, and goes on.
    #expect(!child.isFinished && parent.childCoordinators.count == 1)
    Self.pop(router, by: .backButton)
    #expect(child.isFinished && parent.childCoordinators.isEmpty)
  }

  @Test func aChildThatOptsOutIsToldAndLeftRunning() {
    let router = StackRouter()
    let parent = StepCoordinator("parent", router: router)
    parent.launch()
    let child = TellingCoordinator("child", router: parent.router)
    child.finishesOnSystemRemoval = false
    parent.startChild(child)
    Self.pop(router, by: .backButton)
    #expect(child.told == [.pop])
    #expect(!child.isFinished && parent.childCoordinators.count == 1)
  }

  @Test func aResultCoordinatorEndedBySystemHandsItsResult() {
    let router = StackRouter()
    let parent = StepCoordinator("parent", router: router)
    parent.launch()
    var outcome: LoginCoordinator.Outcome?
    parent.startChild(LoginCoordinator(router: parent.router)) { outcome = $0 }
    Self.swipeDown(router)
    #expect(outcome == .cancelled && parent.childCoordinators.isEmpty)
  }

  /// A `Void` flow the system ended with no result named hands nothing to its parent, as any
  /// other flow; one whose `outputWhenEndedBySystem` is `()` does.
  @Test(arguments: [false, true])
  func aVoidFlowEndedBySystemIsHeardOnlyWhenItSaysSo(hears: Bool) {
    let router = StackRouter()
    let parent = StepCoordinator("parent", router: router)
    parent.launch()
    var heard = 0
    let child = hears ? SheetFlow(router: parent.router) : QuietSheetFlow(router: parent.router)
    parent.startChild(child) { heard += 1 }
    Self.swipeDown(router)
    #expect(heard == (hears ? 1 : 0))
    #expect(parent.childCoordinators.isEmpty && child.isFinished)
  }

  /// What the system does on the back button or the edge swipe: the top layer's top screen goes.
  static func pop(_ router: StackRouter, by gesture: SystemGesture) {
    var layers = router.layers
    layers[layers.count - 1].removeLast()
    router.changeBySystem(gesture, to: layers)
  }

  /// What the system does when a sheet is swiped down: its layer goes.
  static func swipeDown(_ router: StackRouter) {
    router.changeBySystem(.swipeDown, to: Array(router.layers.dropLast()))
  }
}

/// A `Void` flow in a sheet.
@MainActor
private class QuietSheetFlow: ResultCoordinator<Void> {
  override func start() { router.present(TestScreen("sheet"), animated: true) }
}

/// The same, heard when the person swipes it down.
@MainActor
private final class SheetFlow: QuietSheetFlow {
  override var outputWhenEndedBySystem: Void? { () }
}

@MainActor
private final class Seen: SystemNavigationObserver {
  var kinds: [SystemNavigation.Kind] = []
  var gestures: [SystemGesture] = []
  func systemDidNavigate(_ navigation: SystemNavigation) {
    kinds.append(navigation.kind)
    gestures.append(navigation.gesture)
  }
}

@MainActor
private final class TellingCoordinator: StepCoordinator {
  var told: [SystemNavigation.Kind] = []
  override func systemDidRemoveScreens(_ navigation: SystemNavigation) {
    told.append(navigation.kind)
  }
}
