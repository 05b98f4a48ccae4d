import FlowAtlasTrace
import FlowAtlasTraceReader
import FlowAtlasUIKitOnModel
import Testing
import UIKit

/// The shipped `NavigationRouter`, run on the model of UIKit: what it reports of what the person
/// did, and nothing for what the app asked for.
@MainActor @Suite(.serialized) struct NavigationRouterTests {
  /// Reported as the pop begins (`willShow`), before UIKit tells the view controllers they
  /// disappear, where apps react to it: the person's gesture comes first in the trace.
  @Test func theBackButtonIsOnePopAsSoonAsItBeginsAnimatedOrNot() {
    let (router, reports, _) = navigation(showing: "A", "B", "C")
    Person.tapBackButton(in: router.navigationController)
    #expect(router.titles == ["A B"])
    #expect(router.navigationController.transitionCoordinator != nil)
    #expect(reports.lines == ["pop backButton: -C, shows B"])
    UIKitModel.finishAnimations()
    #expect(reports.lines == ["pop backButton: -C, shows B"])

    UIView.setAnimationsEnabled(false)
    Person.tapBackButton(in: router.navigationController)
    #expect(router.navigationController.transitionCoordinator == nil)
    #expect(reports.lines.last == "pop backButton: -B, shows A")
    // At the root there is no back button.
    Person.tapBackButton(in: router.navigationController)
    #expect(reports.lines.count == 2)
  }

  /// A coordinator of the app's own hears the person's back button from `onSystemNavigation`
  /// (the navigation controller's delegate is the router's).
  @Test func theAppHearsThePersonsNavigationFromTheRouter() {
    let (router, _, screens) = navigation(showing: "A", "B")
    var heard: [String] = []
    router.onSystemNavigation = { navigation in
      heard.append("\(navigation.kind) \(navigation.gesture) \(navigation.removed.map { $0 === screens[1] })")
    }
    Person.tapBackButton(in: router.navigationController)
    router.push(Screen("C"), animated: false, completion: nil)
    #expect(heard == ["pop backButton [true]"])
  }

  /// What the app does in reply (its flow finished, the parent pops further) is the app's own:
  /// told once, the router reports no second back tap when the next screen shows. It kept its
  /// old stacks until after the callback, and reported the pop again.
  @Test func navigationInReplyToThePersonIsTheAppsOwn() {
    let (router, reports, _) = navigation(showing: "A", "B", "C")
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Shop", run: "reply"), sink: sink)
    let recorded = recorder.router(wrapping: router)
    var heard = 0
    router.onSystemNavigation = { _ in
      heard += 1
      recorded.popToRoot(animated: false, completion: nil)
    }
    Person.tapBackButton(in: router.navigationController)
    UIKitModel.finishAnimations()
    recorder.finish()
    #expect(heard == 1)
    #expect(router.titles == ["A"])
    #expect(reports.lines == ["pop backButton: -C, shows B"])
    #expect(
      TraceTranscript(sink.events).lines.filter { $0.hasPrefix("pop") } == [
        "pop Screen (system: backButton)", "popToRoot",
      ], "\(TraceTranscript(sink.events).lines)")
  }

  @Test func popsTheAppAsksForAreNotReported() {
    let (router, reports, _) = navigation(showing: "A", "B", "C", "D", "E")
    // Unanimated at rest: the model tells the delegate before the call returns.
    router.pop(animated: false, completion: nil)
    router.pop(animated: true, completion: nil)
    router.pop(animated: false, completion: nil)
    UIKitModel.finishAnimations()
    router.popToRoot(animated: true, completion: nil)
    UIKitModel.finishAnimations()
    #expect(router.titles == ["A"])
    #expect(reports.lines.isEmpty)
  }

  @Test func anEdgeSwipeCompletedIsAPopAndOneGivenUpIsNothing() throws {
    let (router, reports, _) = navigation(showing: "A", "B", "C")
    let navigation = router.navigationController
    let swipe = try #require(Person.beginSwipeBack(in: navigation))
    // Half-way: UIKit has already taken C off the stack, and the transition is interactive.
    #expect(navigation.viewControllers.map(\.title) == ["A", "B"])
    #expect(navigation.transitionCoordinator?.isInteractive == true)
    swipe.lift(completing: false)
    UIKitModel.finishAnimations()
    #expect(router.titles == ["A B C"])
    #expect(reports.lines.isEmpty)

    Person.swipeBack(in: navigation, completing: true)
    #expect(reports.lines == ["pop edgeSwipe: -C, shows B"])
    // The swipe given up left nothing behind: the next back button is the back button's.
    Person.tapBackButton(in: navigation)
    UIKitModel.finishAnimations()
    #expect(reports.lines.last == "pop backButton: -B, shows A")
    #expect(Person.beginSwipeBack(in: navigation) == nil, "no swipe back at the root")
  }

  @Test func theBackMenuIsOnePopTo() {
    let (router, reports, screens) = navigation(showing: "A", "B", "C")
    Person.pickFromBackMenu(screens[0], in: router.navigationController)
    UIKitModel.finishAnimations()
    #expect(reports.lines == ["popTo backMenu: -C B, shows A"])
    Person.pickFromBackMenu(screens[0], in: router.navigationController)
    #expect(reports.lines.count == 1, "the top is not in its own back menu")
  }

  @Test func aNewRootOrStackTheAppSetsIsNotReported() {
    let (router, reports, _) = navigation(showing: "A", "B")
    router.setRoot(Screen("Home"), animated: true, completion: nil)
    UIKitModel.finishAnimations()
    #expect(router.titles == ["Home"])
    // The app's own code replacing the stack behind the router's back: not a gesture.
    router.navigationController.setViewControllers([Screen("X"), Screen("Y")], animated: true)
    UIKitModel.finishAnimations()
    #expect(reports.lines.isEmpty)
  }

  @Test func aPushAskedForWhileAnotherAnimatesRunsAfterIt() {
    let (router, reports, _) = navigation(showing: "A")
    var completed: [String] = []
    router.push(Screen("B"), animated: true) { completed.append("B") }
    router.push(Screen("C"), animated: true) { completed.append("C") }
    #expect(router.titles == ["A B C"])
    #expect(completed.isEmpty)
    UIKitModel.finishAnimations()
    #expect(completed == ["B", "C"])
    #expect(reports.lines.isEmpty)
  }

  /// Two coordinators on one navigation controller: the child's flow ends when the person takes
  /// away the first screen it showed, and not before.
  @Test func aChildSharingTheNavigationControllerFinishesWhenItsFirstScreenGoes() {
    UIKitModel.reset()
    let router = NavigationRouter()
    let parent = ScreensCoordinator(router: router, names: ["Home"])
    parent.launch()
    let child = ScreensCoordinator(router: parent.router, names: ["Step 1", "Step 2"])
    parent.startChild(child)
    #expect(router.titles == ["Home Step 1 Step 2"])
    Person.tapBackButton(in: router.navigationController)
    UIKitModel.finishAnimations()
    #expect(!child.isFinished && parent.childCoordinators.count == 1)
    Person.swipeBack(in: router.navigationController, completing: true)
    #expect(child.isFinished)
    #expect(parent.childCoordinators.isEmpty)
    #expect(!parent.isFinished)
  }

  @Test func theDelegateTheAppHadSetHearsEveryCall() {
    UIKitModel.reset()
    let navigation = UINavigationController()
    let app = AppNavigationDelegate()
    navigation.delegate = app
    let router = NavigationRouter(navigationController: navigation)
    #expect(router.navigationDelegate === app)
    #expect(navigation.delegate === router)
    router.push(Screen("A"), animated: false, completion: nil)
    router.push(Screen("B"), animated: true, completion: nil)
    UIKitModel.finishAnimations()
    Person.tapBackButton(in: navigation)
    UIKitModel.finishAnimations()
    // The two the router implements, forwarded by hand.
    #expect(app.heard == ["willShow A", "didShow A", "willShow B", "didShow B", "willShow A", "didShow A"])
    // Every other one through the runtime's forwarding, and `responds(to:)` says so.
    #expect(router.responds(to: "navigationControllerSupportedInterfaceOrientations:"))
    #expect(
      !router.responds(
        to: "navigationController:animationControllerForOperation:fromViewController:toViewController:"))
    #expect(navigation.delegate?.navigationControllerSupportedInterfaceOrientations?(navigation) == 2)
    #expect(app.heard.last == "orientations")
    router.navigationDelegate = nil
    #expect(navigation.delegate?.navigationControllerSupportedInterfaceOrientations?(navigation) == 26)
    #expect(!router.responds(to: "navigationControllerSupportedInterfaceOrientations:"))
  }

  @Test func aSheetSwipedDownIsADismissAndOneDismissedInCodeIsNot() throws {
    let (router, reports, _) = navigation(showing: "A")
    router.present(Screen("Sheet"), animated: true, completion: nil)
    UIKitModel.finishAnimations()
    router.push(Screen("Sheet 2"), animated: true, completion: nil)
    UIKitModel.finishAnimations()
    #expect(router.titles == ["A", "Sheet Sheet 2"])
    let sheet = try #require(router.navigationController.presentedViewController)
    // Let go before half-way: the sheet springs back.
    Person.swipeDown(sheet, completing: false)
    #expect(router.titles == ["A", "Sheet Sheet 2"])
    Person.swipeDown(sheet)
    #expect(router.titles == ["A"])
    #expect(reports.lines == ["dismiss swipeDown: -Sheet 2 Sheet, shows A"])

    var dismissed = false
    router.present(Screen("Form"), animated: false, completion: nil)
    router.dismiss(animated: true) { dismissed = true }
    UIKitModel.finishAnimations()
    #expect(dismissed && router.titles == ["A"])
    #expect(reports.lines.count == 1)
  }

  /// A flow's own navigation controller is presented as the layer it is: wrapped in another, UIKit
  /// raises ("Pushing a navigation controller is not supported"). Its delegate stays the app's;
  /// the router's pushes go onto it, and a swipe down of it is seen.
  @Test func aPresentedNavigationControllerIsTheLayerItself() throws {
    let (router, reports, _) = navigation(showing: "A")
    let flow = UINavigationController(rootViewController: Screen("Form"))
    router.present(flow, animated: false, completion: nil)
    #expect(UIKitModel.raised.isEmpty, "\(UIKitModel.raised)")
    #expect(router.navigationController.presentedViewController === flow)
    router.push(Screen("Next"), animated: false, completion: nil)
    #expect(router.titles == ["A", "Form Next"])
    Person.swipeDown(flow)
    #expect(router.titles == ["A"])
    #expect(reports.lines.count == 1, "\(reports.lines)")
  }

  /// A navigation controller presented before it has a screen is a layer of its own, itself, never
  /// an empty one (which the stacks' model forbids): a swipe down of it says what left.
  @Test func aNavigationControllerPresentedEmptyIsItsOwnLayer() throws {
    let (router, reports, _) = navigation(showing: "A")
    let flow = UINavigationController()
    router.present(flow, animated: false, completion: nil)
    #expect(router.layers.count == 2 && router.layers[1].first === flow && router.layers[1].count == 1)
    flow.setViewControllers([Screen("Form")], animated: false)
    #expect(router.titles == ["A", "Form"])
    Person.swipeDown(flow)
    #expect(router.titles == ["A"])
    #expect(reports.lines == ["dismiss swipeDown: -Form, shows A"], "\(reports.lines)")
  }

  @Test func aSheetThatRefusesAndAFullScreenCoverStay() throws {
    let (router, reports, _) = navigation(showing: "A")
    let form = Screen("Form")
    form.isModalInPresentation = true
    router.present(form, animated: false, completion: nil)
    Person.swipeDown(try #require(router.navigationController.presentedViewController))
    #expect(router.titles == ["A", "Form"])
    router.dismiss(animated: false, completion: nil)

    let cover = Screen("Cover")
    cover.modalPresentationStyle = .fullScreen
    router.present(cover, animated: false, completion: nil)
    let presented = try #require(router.navigationController.presentedViewController)
    #expect(presented.modalPresentationStyle == .fullScreen)
    Person.swipeDown(presented)
    #expect(router.titles == ["A", "Cover"])
    #expect(reports.lines.isEmpty)
  }

  @Test func whatARouterCannotDoIsRefusedNeverCrashes() {
    let (router, _, _) = navigation(showing: "A")
    var refusals: [RouterRefusal] = []
    router.onRefusal = { refusals.append($0) }
    var completions = 0
    router.pop(animated: true) { completions += 1 }
    router.popToRoot(animated: true) { completions += 1 }
    router.dismiss(animated: true) { completions += 1 }
    router.push(NotAViewController(), animated: true) { completions += 1 }
    #expect(
      refusals == [
        .popAtRoot, .popToRootAtRoot, .dismissWithNothingPresented,
        .unsupportedScreen(type: "NotAViewController"),
      ])
    #expect(completions == 4)
    #expect(router.titles == ["A"])
  }

  /// What the app asks for while a sheet's animated dismissal runs goes beneath it, as after it:
  /// UIKit keeps the sheet presented until its animation ends, and a push onto it would go with it.
  /// The sheet is dismissed once; a second dismissal is refused, as nothing else is presented.
  @Test func whatComesWhileASheetIsDismissedGoesBeneathIt() {
    let (router, reports, _) = navigation(showing: "A")
    var refusals: [RouterRefusal] = []
    router.onRefusal = { refusals.append($0) }
    router.present(Screen("Sheet"), animated: false, completion: nil)
    router.dismiss(animated: true, completion: nil)
    #expect(router.navigationController.presentedViewController?.isBeingDismissed == true)
    router.push(Screen("B"), animated: false, completion: nil)
    router.dismiss(animated: true, completion: nil)
    UIKitModel.finishAnimations()
    #expect(router.titles == ["A B"])
    #expect(refusals == [.dismissWithNothingPresented])
    #expect(reports.lines.isEmpty)
  }

  /// A presentation asked for while a sheet's animated dismissal runs cannot go beneath it: UIKit
  /// keeps the sheet presented until its animation ends and refuses to present another ("which is
  /// already presenting"). The router refuses it, and a recording router over it records nothing.
  @Test func aPresentationWhileASheetIsDismissedIsRefusedAndNotRecorded() {
    let (router, reports, _) = navigation(showing: "A")
    var refusals: [RouterRefusal] = []
    router.onRefusal = { refusals.append($0) }
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Shop", run: "refused"), sink: sink)
    let recorded = recorder.router(wrapping: router)
    recorded.present(Screen("Menu"), animated: false, completion: nil)
    recorded.dismiss(animated: true, completion: nil)
    var completed = false
    recorded.present(Screen("Settings"), animated: true) { completed = true }
    UIKitModel.finishAnimations()
    recorder.finish()
    #expect(refusals == [.presentWhilePresenting])
    #expect(completed)
    #expect(UIKitModel.raised == [])
    #expect(router.titles == ["A"])
    #expect(
      TraceTranscript(sink.events).lines.filter { !$0.hasPrefix("run") } == [
        "present Screen", "dismiss Screen",
      ], "\(TraceTranscript(sink.events).lines)")
    #expect(reports.lines.isEmpty)
    // Once it has gone, a presentation is made.
    recorded.present(Screen("Settings"), animated: false, completion: nil)
    #expect(router.titles == ["A", "Settings"])
  }

  @Test func aScreenPresentedOverASheetIsALayerOfItsOwn() {
    let (router, reports, _) = navigation(showing: "A")
    router.present(Screen("S"), animated: false, completion: nil)
    router.present(Screen("T"), animated: false, completion: nil)
    #expect(router.titles == ["A", "S", "T"])
    router.setRoot(Screen("Home"), animated: false, completion: nil)
    #expect(router.titles == ["Home"])
    #expect(reports.lines.isEmpty)
  }
}

@MainActor
private final class NotAViewController: Presentable {}

/// A coordinator that pushes its screens when it starts.
@MainActor
private final class ScreensCoordinator: Coordinator {
  let names: [String]

  init(router: any RouterProtocol, names: [String]) {
    self.names = names
    super.init(router: router)
  }

  override func start() {
    for name in names { router.push(Screen(name), animated: false, completion: nil) }
  }
}
