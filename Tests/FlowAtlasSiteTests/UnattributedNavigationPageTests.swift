import FlowAtlasModel
import FlowAtlasSite
import FlowAtlasTrace
import Foundation
import Testing

/// Navigation that names no coordinator is drawn and listed, never guessed into a flow.
@Suite struct UnattributedNavigationPageTests {
  static let trace = """
    {"flowatlas":"trace","version":1,"app":"Mail","run":"help","title":"Open help"}
    {"seq":1,"event":"coordinator.start","coordinator":"a","type":"InboxCoordinator"}
    {"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"InboxViewController"},"coordinator":"a"}
    {"seq":3,"event":"coordinator.attach","coordinator":"b","type":"HelpCoordinator","parent":"a"}
    {"seq":4,"event":"user.action","screen":"s1","action":"<b>help</b>"}
    {"seq":5,"event":"router.push","screen":{"id":"s2","type":"Help<script>x</script>"}}
    {"seq":6,"event":"router.pop","screen":"s2","initiator":"system","gesture":"backButton"}

    """

  static func build() throws -> (TemporaryFolder, URL) {
    let temp = try TemporaryFolder()
    let site = temp.url.appendingPathComponent("site")
    let model = ModelBuilder(workers: 1).build(traces: [("traces/mail.jsonl", Array(trace.utf8))])
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider(), notes: nil).build(into: site)
    return (temp, site)
  }

  @Test func theOverviewListsWhatNoCoordinatorAskedFor() throws {
    let (temp, site) = try Self.build()
    defer { temp.remove() }
    let index = try String(contentsOf: site.appendingPathComponent("mail/index.html"), encoding: .utf8)
    #expect(index.contains(#"<h2 id="unattributed""#))
    #expect(index.contains("2 transitions name no coordinator"))
    #expect(index.contains("Screens no coordinator showed: "))
    #expect(index.contains("Help&lt;script&gt;x&lt;/script&gt;"))
    #expect(!index.contains("<script>x</script>"))
    #expect(index.contains("&lt;b&gt;help&lt;/b&gt;"))
    // HelpCoordinator was attached, showed nothing the traces name, and starts nothing.
    #expect(index.contains("Flows that were started but to which no navigation was attributed: "))
    let flows = try #require(index.range(of: "to which no navigation was attributed: ")).upperBound
    let end = try #require(index.range(of: "</p>", range: flows..<index.endIndex)).lowerBound
    let sentence = index[flows..<end]
    #expect(sentence.contains("HelpCoordinator"))
    #expect(!sentence.contains("InboxCoordinator"))
    // A system transition nobody claimed says the system did it, once.
    #expect(!index.contains("by the system)"))
  }

  @Test func theFlowWithoutAttributedNavigationSaysSo() throws {
    let (temp, site) = try Self.build()
    defer { temp.remove() }
    let flow = try String(
      contentsOf: site.appendingPathComponent("mail/flow-help-coordinator.html"), encoding: .utf8)
    #expect(flow.contains("No navigation was attributed to it"))
    #expect(flow.contains(#"href="index.html#unattributed""#))
    #expect(flow.contains("No screen is attributed to this flow"))
    let inbox = try String(
      contentsOf: site.appendingPathComponent("mail/flow-inbox-coordinator.html"), encoding: .utf8)
    #expect(!inbox.contains("No navigation was attributed"))
  }

  /// A flow that shows only what no router records (an alert) in an app whose every transition
  /// names its coordinator: its page says it showed nothing, and links to no section the
  /// overview does not have.
  @Test func aFlowThatShowedNothingInAnAttributedAppSaysSoWithoutALink() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let trace = """
      {"flowatlas":"trace","version":1,"app":"Alerts","run":"rate"}
      {"seq":1,"event":"coordinator.start","coordinator":"a","type":"AppCoordinator"}
      {"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"Home"},"coordinator":"a"}
      {"seq":3,"event":"coordinator.attach","coordinator":"b","type":"RatePromptCoordinator","parent":"a"}
      {"seq":4,"event":"coordinator.start","coordinator":"b","type":"RatePromptCoordinator","parent":"a"}
      {"seq":5,"event":"coordinator.finish","coordinator":"b","output":"dismissed"}
      {"seq":6,"event":"coordinator.detach","coordinator":"b","parent":"a"}

      """
    let site = temp.url.appendingPathComponent("site")
    let model = ModelBuilder(workers: 1).build(traces: [("traces/alerts.jsonl", Array(trace.utf8))])
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider(), notes: nil).build(into: site)
    let flow = try String(
      contentsOf: site.appendingPathComponent("alerts/flow-rate-prompt-coordinator.html"), encoding: .utf8)
    #expect(flow.contains("It showed no screen in the traces"))
    #expect(!flow.contains("unattributed"))
    let index = try String(contentsOf: site.appendingPathComponent("alerts/index.html"), encoding: .utf8)
    #expect(!index.contains(#"id="unattributed""#))
  }

  @Test func anAppWhoseNavigationIsAllAttributedHasNoSuchSection() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: SystemNavigationPageTests.model, diagrams: FakeDiagramProvider(), notes: nil)
      .build(into: site)
    let index = try String(contentsOf: site.appendingPathComponent("mail/index.html"), encoding: .utf8)
    #expect(!index.contains("unattributed"))
  }
}
