import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import Testing

@MainActor
final class TabsCoordinator: Coordinator {
  let tabs: RecordingTabRouter
  init(tabs: RecordingTabRouter) {
    self.tabs = tabs
    super.init(router: tabs.router(forTab: "home")!)
  }
  override func start() {
    for tab in ["home", "profile"] {
      let child = TabRootCoordinator(router: tabs.router(forTab: tab)!)
      startChild(child)
    }
    attributed(tabs).selectTab("home")
  }
  func showProfile() { attributed(tabs).selectTab("profile") }
}

@MainActor
final class TabRootCoordinator: Coordinator {
  override func start() { router.setRoot(ProductListScreen(), animated: false) }
}

@MainActor
struct RecordingTabRouterTests {
  @Test func tabsGetRouterIdsBackgroundRootsAndSelectTab() {
    let (recorder, sink) = makeRecorder()
    let tabs = RecordingTabRouter(wrapping: TabRouter(tabs: ["home", "profile"]), recorder: recorder)
    let app = TabsCoordinator(tabs: tabs)
    recorder.launch(app)
    app.showProfile()
    tabs.recordingRouter(forTab: "profile")?.push(PaymentScreen())
    #expect(
      sink.events.filter { $0.name.hasPrefix("router.") } == [
        .setRoot(
          screen: introduce("s1", "ProductListScreen", "Products"), coordinator: "c2",
          router: "home", background: true),
        .setRoot(
          screen: introduce("s2", "ProductListScreen", "Products"), coordinator: "c3",
          router: "profile", background: true),
        .selectTab(screen: .reference("s1"), coordinator: "c1", router: "home", tab: "home"),
        .selectTab(screen: .reference("s2"), coordinator: "c1", router: "profile", tab: "profile"),
        .push(
          screen: introduce("s3", "PaymentScreen"), coordinator: nil, router: "profile",
          animated: true),
      ])
    #expect(tabs.selectedTab == "profile")
    #expect(tabs.tabs == ["home", "profile"])
  }

  @Test func aSelectedTabsSetRootIsNotInTheBackground() {
    let (recorder, sink) = makeRecorder()
    let base = TabRouter(tabs: ["home"])
    base.selectTab("home")
    let tabs = RecordingTabRouter(
      wrapping: base, recorder: recorder, routerID: { "tab-\($0)" })
    tabs.router(forTab: "home")?.setRoot(LoginScreen())
    #expect(
      sink.events == [
        .setRoot(
          screen: introduce("s1", "LoginScreen"), coordinator: nil, router: "tab-home",
          background: nil)
      ])
  }

  /// `selectTab` must name a screen; a switch that cannot is kept as a note, and forwarded.
  @Test func aSwitchWithoutAScreenBecomesANote() {
    let (recorder, sink) = makeRecorder()
    let base = TabRouter(tabs: ["home"])
    let tabs = RecordingTabRouter(wrapping: base, recorder: recorder)
    tabs.selectTab("home")
    tabs.selectTab("nowhere")
    #expect(sink.events.map(\.name) == ["note", "note"])
    #expect(base.selectedTab == "home")
    #expect(base.refusals == [.unknownTab("nowhere")])
  }
}
