import FlowAtlasModel
import FlowAtlasTrace
import Testing

@testable import FlowAtlasRender

/// A transition the system did on every occasion is drawn apart from the app's, and the
/// legend says how; one it did only sometimes keeps the app's style and says so.
struct SystemTransitionStyleTests {
  static let trace = """
    {"flowatlas":"trace","version":1,"app":"Mail","run":"r"}
    {"seq":1,"event":"coordinator.start","coordinator":"a","type":"InboxCoordinator"}
    {"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"Inbox"},"coordinator":"a"}
    {"seq":3,"event":"router.push","screen":{"id":"s2","type":"Message"},"coordinator":"a"}
    {"seq":4,"event":"router.pop","coordinator":"a","initiator":"system","gesture":"backButton"}
    {"seq":5,"event":"router.push","screen":{"id":"s3","type":"Compose"},"coordinator":"a"}
    {"seq":6,"event":"router.pop","coordinator":"a","initiator":"system"}
    {"seq":7,"event":"router.push","screen":{"id":"s4","type":"Compose"},"coordinator":"a"}
    {"seq":8,"event":"router.pop","coordinator":"a"}

    """

  @Test func systemEdgesAreOrangeWithACircleAtTheTail() throws {
    let model = ModelBuilder(workers: 1).build(traces: [("t.jsonl", Array(Self.trace.utf8))])
    let app = try #require(model.apps.first)
    let diagram = try DiagramBuilder.diagram(
      for: .flow(coordinator: "InboxCoordinator"), of: app, options: DiagramOptions(showBackTransitions: true)
    )
    let lines = diagram.dot.split(separator: "\n")
    let message = try #require(
      lines.first { $0.contains("id=\"mail-flow-inbox-coordinator-edge-message-inbox-pop\"") })
    #expect(message.contains("class=\"transition kind-pop back system internal\""))
    #expect(message.contains("color=\"\(DiagramStyle.systemColor)\""))
    #expect(message.contains("dir=\"both\", arrowtail=\"odot\""))
    #expect(message.contains("Done by the system on a person's gesture"))
    // Once by the system, once by the app: the app's style, and the tooltip says how many.
    let compose = try #require(
      lines.first { $0.contains("id=\"mail-flow-inbox-coordinator-edge-compose-inbox-pop\"") })
    #expect(compose.contains("class=\"transition kind-pop back internal\""))
    #expect(!compose.contains("arrowtail"))
    #expect(compose.contains("1 of them by the system on a person's gesture"))
    let legend = DiagramBuilder.legend().dot
    #expect(legend.contains("by the system on a gesture"))
    #expect(legend.contains("arrowtail"))
  }
}
