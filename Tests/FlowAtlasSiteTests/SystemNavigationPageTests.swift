import FlowAtlasModel
import FlowAtlasSite
import FlowAtlasTrace
import Foundation
import Testing

/// Pages say in words what the person did when the system navigated, and show orphans.
@Suite struct SystemNavigationPageTests {
  static let trace = """
    {"flowatlas":"trace","version":1,"app":"Mail","run":"read-and-leave","title":"Read a message and swipe back"}
    {"seq":1,"event":"coordinator.start","coordinator":"a","type":"InboxCoordinator"}
    {"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"InboxViewController"},"coordinator":"a"}
    {"seq":3,"event":"user.action","screen":"s1","action":"open"}
    {"seq":4,"event":"coordinator.start","coordinator":"b","type":"MessageCoordinator","parent":"a"}
    {"seq":5,"event":"router.push","screen":{"id":"s2","type":"MessageViewController"},"coordinator":"b"}
    {"seq":6,"event":"router.pop","coordinator":"b","screen":"s2","initiator":"system","gesture":"edgeSwipe"}

    """

  static var model: NavigationModel {
    ModelBuilder(workers: 1).build(traces: [("traces/mail.jsonl", Array(trace.utf8))])
  }

  /// A tab the person tapped: the screen's flow comes right after the screen, and the tab bar's
  /// coordinator after it, so that neither seems to own the other.
  @Test func aTabThePersonTappedNamesTheScreensFlowThenTheTabBars() throws {
    let trace = """
      {"flowatlas":"trace","version":1,"app":"Tabs","run":"tap-a-tab"}
      {"seq":1,"event":"coordinator.start","coordinator":"c1","type":"AppCoordinator"}
      {"seq":2,"event":"coordinator.start","coordinator":"c2","type":"FeedCoordinator","parent":"c1"}
      {"seq":3,"event":"router.setRoot","screen":{"id":"s1","type":"FeedViewController"},"coordinator":"c2","router":"r1","background":true}
      {"seq":4,"event":"coordinator.start","coordinator":"c3","type":"SearchCoordinator","parent":"c1"}
      {"seq":5,"event":"router.setRoot","screen":{"id":"s2","type":"SearchViewController"},"coordinator":"c3","router":"r2","background":true}
      {"seq":6,"event":"router.setRoot","screen":{"id":"s0","type":"MainTabBarController","hosts":["r1","r2"]},"coordinator":"c1","router":"window"}
      {"seq":7,"event":"router.selectTab","screen":"s2","coordinator":"c1","router":"r2","tab":"Search","initiator":"system","gesture":"tabBar"}
      {"seq":8,"event":"router.push","screen":{"id":"s3","type":"ResultViewController"},"coordinator":"c3","router":"r2"}
      {"seq":9,"event":"router.popToRoot","coordinator":"c1","router":"r2","initiator":"system","gesture":"tabBar"}

      """
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let model = ModelBuilder(workers: 1).build(traces: [("traces/tabs.jsonl", Array(trace.utf8))])
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider(), notes: nil).build(into: site)
    let feed = try String(
      contentsOf: site.appendingPathComponent("tabs/screen-feed-view-controller.html"), encoding: .utf8)
    let words = feed.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    #expect(
      words.contains(
        "the system switches to the tab showing SearchViewController in SearchCoordinator, among the tabs of "
          + "AppCoordinator"), "\(words)")
    // A tap on the selected tab pops it to its root: the coordinator named is the tab bar's too.
    let result = try String(
      contentsOf: site.appendingPathComponent("tabs/screen-result-view-controller.html"), encoding: .utf8)
    let popped = result.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    #expect(
      popped.contains(
        "SearchViewController (pop to root) in SearchCoordinator, among the tabs of AppCoordinator"),
      "\(popped)")
  }

  /// A push the person's tap made once and the app made once on its own, and a pop the back button
  /// made once and the app once: the words give the tap and the gesture to some of the times only.
  @Test func aTriggerOnlySomeTimesHadIsNotGivenToEveryTime() throws {
    let trace = """
      {"flowatlas":"trace","version":1,"app":"Mix","run":"mixed"}
      {"seq":1,"event":"coordinator.start","coordinator":"c","type":"C"}
      {"seq":2,"event":"router.setRoot","coordinator":"c","screen":{"id":"a","type":"A"}}
      {"seq":3,"event":"user.action","screen":"a","action":"go"}
      {"seq":4,"event":"router.push","coordinator":"c","screen":{"id":"b","type":"B"}}
      {"seq":5,"event":"router.pop","coordinator":"c"}
      {"seq":6,"event":"router.push","coordinator":"c","screen":{"id":"b2","type":"B"}}
      {"seq":7,"event":"router.pop","coordinator":"c","initiator":"system","gesture":"backButton"}

      """
    let model = ModelBuilder(workers: 1).build(traces: [("traces/mix.jsonl", Array(trace.utf8))])
    let app = try #require(model.apps.first)
    // The root was set automatically; one push and one pop of the two had no trigger.
    #expect(app.transitions.map(\.automatic) == [1, 1, 1], "\(app.transitions)")
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider(), notes: nil).build(into: site)
    let page = try String(contentsOf: site.appendingPathComponent("mix/screen-a.html"), encoding: .utf8)
    let words = page.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    #expect(words.contains("when the person taps go, or automatically, C pushes B — twice"), "\(words)")
    #expect(
      words.contains(", or automatically, C goes back to A (pop) (once by the system) — twice"), "\(words)")
  }

  @Test func theFlowAndJourneySayWhatThePersonDidAndShowTheOrphan() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let model = Self.model
    #expect(model.diagnostics.map(\.code) == [.orphanedCoordinator])
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider(), notes: nil).build(into: site)
    let flow = try String(
      contentsOf: site.appendingPathComponent("mail/flow-message-coordinator.html"), encoding: .utf8)
    #expect(flow.contains("when the person swipes back from the edge, the system goes back to"))
    #expect(flow.contains("<strong>Orphaned: </strong>"))
    #expect(flow.contains("(orphaned-coordinator)"))
    let journey = try String(
      contentsOf: site.appendingPathComponent("mail/journey-read-and-leave.html"), encoding: .utf8)
    #expect(journey.contains("The person swipes back from the edge, and the system goes back to"))
    #expect(journey.contains("orphaned after line 7"))
  }
}
