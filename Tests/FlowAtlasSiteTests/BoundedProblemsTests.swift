import FlowAtlasModel
import FlowAtlasSite
import Foundation
import Testing

/// A run with more leaks than a run lists keeps the first ones and counts the rest, as
/// diagnostics do, and the flow page says how many it left out.
@Suite struct BoundedProblemsTests {
  static let leaks = Run.flaggedPerKind + 5

  /// `leaks` children that finish but stay attached to the root.
  static let trace: String = {
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Leaky","run":"many-leaks"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"AppCoordinator"}"#,
    ]
    for index in 2..<(2 + leaks) {
      for event in ["coordinator.attach", "coordinator.start"] {
        lines.append(
          #"{"seq":\#(lines.count),"event":"\#(event)","coordinator":"c\#(index)","type":"LeakyCoordinator","parent":"c1"}"#
        )
      }
      lines.append(#"{"seq":\#(lines.count),"event":"coordinator.finish","coordinator":"c\#(index)"}"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  @Test func aRunListsABoundedNumberOfLeaksAndTheFlowPageCountsTheRest() throws {
    let model = ModelBuilder(workers: 1).build(traces: [("leaky.jsonl", Array(Self.trace.utf8))])
    let app = try #require(model.apps.first)
    let run = try #require(app.runs.first)
    #expect(run.journey.instances.filter(\.leaked).count == Self.leaks)
    #expect(run.flaggedInstances.count == Run.flaggedPerKind)
    #expect(run.flaggedInstances == Array(run.journey.instances.filter(\.leaked).prefix(Run.flaggedPerKind)))
    #expect(app.coordinator("LeakyCoordinator")?.leaks == Self.leaks)

    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider()).build(into: site)
    let page = try String(
      contentsOf: site.appendingPathComponent("leaky/flow-leaky-coordinator.html"), encoding: .utf8)
    #expect(
      page.components(separatedBy: "but was never detached from its parent").count - 1 == Run.flaggedPerKind)
    #expect(page.contains("5 more leaked instances of this flow are not listed"))
  }
}
