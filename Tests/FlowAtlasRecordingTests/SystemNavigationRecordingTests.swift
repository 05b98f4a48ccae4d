import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

/// What the system does on a person's gesture is recorded with `initiator: system`, attributed
/// to the coordinator that showed the removed screen, before the flow it ended finishes.
@MainActor
struct SystemNavigationRecordingTests {
  @Test func gesturesAreRecordedAsTheSystemsAndEndTheFlowTheyLeft() throws {
    let (recorder, sink) = makeRecorder()
    let stack = StackRouter()
    let shop = ShopCoordinator(router: recorder.router(wrapping: stack))
    recorder.launch(shop)
    let person = try Person(on: shop.router)
    shop.open("Lamp")
    person.swipeBack()
    shop.login()
    person.swipeDownSheet()
    recorder.finish()
    let lines = TraceTranscript(sink.events).lines
    #expect(
      Array(lines.suffix(8)) == [
        "pop ProductScreen by ShopCoordinator (system: edgeSwipe)",
        "attach LoginCoordinator to ShopCoordinator",
        "start LoginCoordinator under ShopCoordinator",
        "present LoginScreen by LoginCoordinator",
        "dismiss LoginScreen by LoginCoordinator (system: swipeDown)",
        "finish LoginCoordinator",
        "detach LoginCoordinator from ShopCoordinator",
        "deinit LoginCoordinator",
      ])
  }

  @Test func theBackMenuIsOnePopToAndATabBarTapASystemSelectTab() throws {
    let (recorder, sink) = makeRecorder()
    let stack = StackRouter()
    let router = recorder.router(wrapping: stack)
    let first = NamedScreen("first")
    router.setRoot(first)
    router.push(NamedScreen("second"))
    router.push(NamedScreen("third"))
    try Person(on: router).pickFromBackMenu(first)
    let tabs = RecordingTabRouter(wrapping: TabRouter(tabs: ["a", "b"]), recorder: recorder)
    tabs.recordingRouter(forTab: "a")?.setRoot(NamedScreen("tab-a"))
    tabs.recordingRouter(forTab: "b")?.setRoot(NamedScreen("tab-b"))
    tabs.selectTab("a")
    try Person.tapTab("b", on: tabs)
    recorder.finish()
    let events = sink.events
    #expect(events.contains { if case .popTo(_, _, _, .system("backMenu"), _) = $0 { true } else { false } })
    let tapped = try #require(events.last { if case .selectTab = $0 { true } else { false } })
    #expect(tapped.initiator == .system(gesture: "tabBar"))
    let text = TraceRecordEncoder().line(for: TraceRecord(seq: 1, event: tapped))
    #expect(text.hasSuffix(#","tab":"b","initiator":"system","gesture":"tabBar"}"#))
  }

  /// Trace format revision 3: a tap on the selected tab pops its stack to the root, a system
  /// `popToRoot` with gesture `tabBar`; it selects nothing, and at the root it does nothing.
  @Test func aTapOnTheSelectedTabIsASystemPopToRoot() throws {
    let (recorder, sink) = makeRecorder()
    let tabs = RecordingTabRouter(wrapping: TabRouter(tabs: ["a", "b"]), recorder: recorder)
    tabs.recordingRouter(forTab: "a")?.setRoot(NamedScreen("root"))
    tabs.recordingRouter(forTab: "a")?.push(NamedScreen("detail"))
    tabs.selectTab("a")
    try Person.tapTab("a", on: tabs)
    try Person.tapTab("a", on: tabs)
    recorder.finish()
    let pops = sink.events.filter { if case .popToRoot = $0 { true } else { false } }
    #expect(pops.count == 1)
    #expect(pops.first?.initiator == .system(gesture: "tabBar"))
    #expect(sink.events.filter { if case .selectTab = $0 { true } else { false } }.count == 1)
    let text = TraceRecordEncoder().line(for: TraceRecord(seq: 1, event: try #require(pops.first)))
    #expect(text.hasSuffix(#""initiator":"system","gesture":"tabBar"}"#), "\(text)")
  }
}

@MainActor
private final class NamedScreen: Presentable {
  let name: String
  init(_ name: String) { self.name = name }
  var screenTitle: String? { name }
}
