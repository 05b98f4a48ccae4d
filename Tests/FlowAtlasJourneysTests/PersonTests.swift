import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTraceReader
import Testing

/// A person's gestures reach the headless router under any wrapper, and recording writes them
/// as the system's; a router with none underneath cannot be driven, and says so.
@MainActor
struct PersonTests {
  /// A router of an app's own: it navigates, but nothing underneath is headless.
  private final class AppOwnRouter: RouterProtocol {
    func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {}
    func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {}
    func pop(animated: Bool, completion: (() -> Void)?) {}
    func popToRoot(animated: Bool, completion: (() -> Void)?) {}
    func dismiss(animated: Bool, completion: (() -> Void)?) {}
    func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {}
  }

  /// A tab container of an app's own.
  private final class AppOwnTabs: TabRouting {
    let tabs = ["a"]
    var selectedTab: String? { "a" }
    func router(forTab tab: String) -> (any RouterProtocol)? { nil }
    func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?) {}
  }

  /// Each gesture changes the headless stacks as the system would and is reported once, with
  /// its gesture; a swipe given up half-way changes and reports nothing.
  @Test func gesturesChangeTheStacksAndReportOnce() throws {
    let (a, b, c, m) = (ProductListScreen(), ProductScreen("b"), ProductScreen("c"), LoginScreen())
    let router = StackRouter()
    let seen = SeenNavigation()
    router.addSystemNavigationObserver(seen)
    let person = try Person(on: router)
    router.setRoot(a)
    router.push(b)
    router.push(c)
    person.swipeBack(completing: false)
    #expect(router.stack.count == 3 && seen.kinds.isEmpty)
    #expect(person.backMenu.count == 2 && person.backMenu[0] === a && person.backMenu[1] === b)
    person.pickFromBackMenu(a)
    router.push(b)
    person.tapBackButton()
    router.push(b)
    person.swipeBack()
    router.present(m)
    person.swipeDownSheet()
    #expect(seen.kinds == [.popTo, .pop, .pop, .dismiss])
    #expect(seen.gestures == [.backMenu, .backButton, .edgeSwipe, .swipeDown])
    #expect(router.layers.count == 1 && router.stack.count == 1)

    let tabs = TabRouter(tabs: ["one", "two"])
    tabs.addSystemNavigationObserver(seen)
    let first = try #require(tabs.stackRouter(forTab: "one"))
    first.addSystemNavigationObserver(seen)
    first.setRoot(a)
    first.push(b)
    try Person.tapTab("one", on: tabs)
    try Person.tapTab("one", on: tabs)
    #expect(seen.kinds.suffix(2) == [.selectTab, .popToRoot] && first.stack.count == 1)
    #expect(seen.gestures.suffix(2) == [.tabBar, .tabBar])
    try Person.tapTab("one", on: tabs)
    #expect(seen.kinds.count == 6, "a tap on the selected tab at its first screen changes nothing")
  }

  /// What the system would not do is refused, as the router reports refusals, and not reported
  /// as navigation.
  @Test func illegalGesturesAreRefusedAndNotReported() throws {
    let (a, b) = (ProductListScreen(), ProductScreen("b"))
    let router = StackRouter()
    let seen = SeenNavigation()
    router.addSystemNavigationObserver(seen)
    let person = try Person(on: router)
    router.setRoot(a)
    person.tapBackButton()
    person.swipeBack(completing: true)
    person.swipeDownSheet()
    person.pickFromBackMenu(a)
    person.pickFromBackMenu(b)
    #expect(
      router.refusals == [
        .popAtRoot, .popAtRoot, .dismissWithNothingPresented, .notBelowTop(type: "ProductListScreen"),
        .notBelowTop(type: "ProductScreen"),
      ])
    #expect(seen.kinds.isEmpty)
    let tabs = TabRouter(tabs: ["one"])
    try Person.tapTab("two", on: tabs)
    #expect(tabs.refusals == [.unknownTab("two")])
  }

  @Test func aGestureOnACoordinatorsRouterReachesTheStackUnderTheRecordingRouter() throws {
    let (recorder, sink) = makeRecorder()
    let stack = StackRouter()
    let shop = ShopCoordinator(router: recorder.router(wrapping: stack))
    recorder.launch(shop)
    shop.open("Lamp")
    try Person(on: shop.router).tapBackButton()
    recorder.finish()
    #expect(stack.stack.count == 1)
    #expect(
      TraceTranscript(sink.events).lines.last == "pop ProductScreen by ShopCoordinator (system: backButton)")
  }

  @Test func aRouterWithNothingHeadlessUnderneathCannotBeDriven() {
    let (recorder, _) = makeRecorder()
    let router = recorder.router(wrapping: AppOwnRouter())
    #expect {
      try Person(on: router)
    } throws: { error in
      "\(error)".hasPrefix("AppOwnRouter is not a headless router")
    }
    let tabs = RecordingTabRouter(wrapping: AppOwnTabs(), recorder: recorder)
    #expect(throws: PersonError.self) { try Person.tapTab("a", on: tabs) }
  }

  /// What a person sees, and the back button's menu, on the SwiftUI router under a recording
  /// one; a swipe given up half-way changes nothing and records nothing.
  @Test func aPersonSeesTheTopScreenAndTheBackMenuAndMayGiveUpASwipe() throws {
    let (recorder, sink) = makeRecorder()
    let stack = NavigationStackRouter()
    let router = recorder.router(wrapping: stack)
    let (list, detail, more) = (ProductListScreen(), ProductScreen("Lamp"), ProductScreen("Shade"))
    router.setRoot(list)
    router.push(detail)
    router.push(more)
    let person = try Person(on: router)
    #expect(person.visibleScreen === more)
    #expect(person.backMenu.map(ObjectIdentifier.init) == [ObjectIdentifier(list), ObjectIdentifier(detail)])
    let recorded = sink.events.count
    person.swipeBack(completing: false)
    #expect(person.visibleScreen === more && sink.events.count == recorded)
    person.pickFromBackMenu(list)
    #expect(person.visibleScreen === list && person.backMenu.isEmpty)
    recorder.finish()
    #expect(TraceTranscript(sink.events).lines.last == "popTo ProductListScreen (system: backMenu)")
  }
}

/// The system navigation a router reported, in order.
@MainActor
private final class SeenNavigation: SystemNavigationObserver {
  var kinds: [SystemNavigation.Kind] = []
  var gestures: [SystemGesture] = []
  func systemDidNavigate(_ navigation: SystemNavigation) {
    kinds.append(navigation.kind)
    gestures.append(navigation.gesture)
  }
}
