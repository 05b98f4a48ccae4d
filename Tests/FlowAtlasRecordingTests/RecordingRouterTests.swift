import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import Testing

@MainActor
struct RecordingRouterTests {
  @Test func recordsEveryCallNamingScreensAndTheCoordinatorThatAsked() {
    let (recorder, sink) = makeRecorder()
    let stack = StackRouter()
    let shop = ShopCoordinator(router: recorder.recordingRouter(wrapping: stack))
    recorder.launch(shop)
    shop.open("Lamp")
    shop.back()
    shop.login()
    // Not bound to a local: the child must be released when its parent removes it.
    (shop.childCoordinators.first as? LoginCoordinator)?.submit()
    recorder.finish()

    #expect(
      sink.events == [
        .coordinatorStart(coordinator: "c1", type: "ShopCoordinator", parent: nil),
        .setRoot(
          screen: introduce("s1", "ProductListScreen", "Products"), coordinator: "c1",
          router: nil, background: nil),
        .push(
          screen: introduce("s2", "ProductScreen", "Lamp"), coordinator: "c1", router: nil,
          animated: true),
        .pop(coordinator: "c1", router: nil, screen: .reference("s2")),
        .coordinatorAttach(coordinator: "c2", type: "LoginCoordinator", parent: "c1"),
        .coordinatorStart(coordinator: "c2", type: "LoginCoordinator", parent: "c1"),
        .present(
          screen: introduce("s3", "LoginScreen"), coordinator: "c2", router: nil, animated: true),
        .dismiss(coordinator: "c2", router: nil, screen: .reference("s3")),
        .coordinatorFinish(coordinator: "c2", output: "loggedIn"),
        .coordinatorDetach(coordinator: "c2", parent: "c1"),
        .coordinatorDeinit(coordinator: "c2"),
      ])
    #expect(sink.records.map(\.seq) == Array(1...11))
    #expect(sink.records.allSatisfy { $0.time == nil })
    #expect(sink.header == TraceHeader(app: "Shop", run: "test"))
    #expect(sink.isFinished)
    #expect(shop.outcomes == [.loggedIn])
    // Forwarded unchanged: the wrapped router holds the real state.
    #expect(stack.layers.count == 1)
    #expect(stack.stack.first === shop.list)
  }

  @Test func aScreenIsIntroducedOnceThenNamedByIdUnlessItsTitleChanged() {
    let (recorder, sink) = makeRecorder()
    let router = recorder.recordingRouter(wrapping: StackRouter())
    let list = ProductListScreen()
    router.setRoot(list)
    router.push(ProductScreen("Lamp"))
    router.pop()
    router.setRoot(list)
    list.screenTitle = "All products"
    router.setRoot(list)
    #expect(
      sink.events == [
        .setRoot(
          screen: introduce("s1", "ProductListScreen", "Products"), coordinator: nil,
          router: nil, background: nil),
        .push(
          screen: introduce("s2", "ProductScreen", "Lamp"), coordinator: nil, router: nil,
          animated: true),
        .pop(coordinator: nil, router: nil, screen: .reference("s2")),
        .setRoot(screen: .reference("s1"), coordinator: nil, router: nil, background: nil),
        .setRoot(
          screen: introduce("s1", "ProductListScreen", "All products"), coordinator: nil,
          router: nil, background: nil),
      ])
  }

  /// A refused request is still recorded, as the app made it; it names no removed screen,
  /// and the reader reports it as `empty-stack`.
  @Test func refusedRequestsAreRecordedWithoutARemovedScreen() {
    let (recorder, sink) = makeRecorder()
    let stack = StackRouter()
    let router = recorder.recordingRouter(wrapping: stack, id: "main")
    router.setRoot(LoginScreen())
    router.pop()
    router.popToRoot()
    router.dismiss()
    #expect(
      sink.events.dropFirst() == [
        .pop(coordinator: nil, router: "main", screen: nil),
        .popToRoot(coordinator: nil, router: "main"),
        .dismiss(coordinator: nil, router: "main", screen: nil),
      ])
    #expect(stack.refusals == [.popAtRoot, .popToRootAtRoot, .dismissWithNothingPresented])
  }

  @Test func completionsRunAndTheirNavigationIsRecordedAfter() {
    let (recorder, sink) = makeRecorder()
    let router = recorder.recordingRouter(wrapping: StackRouter())
    router.setRoot(ProductListScreen(), animated: false) {
      router.push(PaymentScreen(), animated: false)
    }
    #expect(sink.events.map(\.name) == ["router.setRoot", "router.push"])
    #expect(router.layers.first?.count == 2)
  }

  @Test func aRouterThatDoesNotReportItsStateStillRecords() {
    final class Opaque: RouterProtocol {
      var calls = 0
      func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) { calls += 1 }
      func pop(animated: Bool, completion: (() -> Void)?) { calls += 1 }
      func popToRoot(animated: Bool, completion: (() -> Void)?) { calls += 1 }
      func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
        calls += 1
      }
      func dismiss(animated: Bool, completion: (() -> Void)?) { calls += 1 }
      func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
        calls += 1
      }
    }
    let (recorder, sink) = makeRecorder()
    let opaque = Opaque()
    let router = recorder.recordingRouter(wrapping: opaque)
    router.setRoot(LoginScreen())
    router.present(PaymentScreen(), animated: false)
    router.pop()
    router.dismiss()
    #expect(opaque.calls == 4)
    #expect(router.visibleScreen == nil)
    #expect(
      sink.events.dropFirst() == [
        .present(
          screen: introduce("s2", "PaymentScreen"), coordinator: nil, router: nil, animated: false),
        .pop(coordinator: nil, router: nil, screen: nil),
        .dismiss(coordinator: nil, router: nil, screen: nil),
      ])
  }

  @Test func userActionsDeepLinksAndNotes() {
    let (recorder, sink) = makeRecorder()
    let shop = ShopCoordinator(router: recorder.recordingRouter(wrapping: StackRouter()))
    recorder.launch(shop)
    recorder.userAction(on: shop.list, action: "tapLamp", label: "Lamp")
    recorder.deeplink("shop://product/lamp", handledBy: shop)
    recorder.deeplink("shop://unknown")
    recorder.note("the lamp is out of stock")
    #expect(
      sink.events.dropFirst(2) == [
        .userAction(screen: "s1", action: "tapLamp", label: "Lamp"),
        .deeplinkOpen(url: "shop://product/lamp", coordinator: "c1"),
        .deeplinkOpen(url: "shop://unknown", coordinator: nil),
        .note(text: "the lamp is out of stock"),
      ])
  }

  /// A screen acted on before any router showed it keeps its id, and its first router
  /// event introduces it.
  /// Trace format revision 4: a `user.action` may introduce its screen (a tab's content that no
  /// router event showed), so the reader never rejects the line.
  @Test func aScreenFirstNamedByAnActionIsIntroducedByTheAction() {
    let (recorder, sink) = makeRecorder()
    let router = recorder.recordingRouter(wrapping: StackRouter())
    let login = LoginScreen()
    recorder.userAction(on: login, action: "tap")
    router.setRoot(login)
    router.push(PaymentScreen())
    router.pop()
    router.setRoot(login)
    #expect(
      sink.events == [
        .userAction(screen: introduce("s1", "LoginScreen"), action: "tap", label: nil),
        .setRoot(screen: .reference("s1"), coordinator: nil, router: nil, background: nil),
        .push(screen: introduce("s2", "PaymentScreen"), coordinator: nil, router: nil, animated: true),
        .pop(coordinator: nil, router: nil, screen: .reference("s2")),
        .setRoot(screen: .reference("s1"), coordinator: nil, router: nil, background: nil),
      ])
  }

  @Test func twoScreensOfOneTypeHaveTwoIds() {
    let (recorder, sink) = makeRecorder()
    let router = recorder.recordingRouter(wrapping: StackRouter())
    router.setRoot(ProductScreen("A"))
    router.push(ProductScreen("A"))
    #expect(
      sink.events.map {
        if case .setRoot(let screen, _, _, _, _) = $0 { return screen.id }
        if case .push(let screen, _, _, _, _, _) = $0 { return screen.id }
        return "?"
      } == ["s1", "s2"])
  }
}
