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
