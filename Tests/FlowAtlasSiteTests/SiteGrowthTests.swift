import FlowAtlasModel
import FlowAtlasSite
import Foundation
import Testing

/// A site grows with its pages, not with their square (issue #47, item 1): every page carries
/// the sidebar, so a sidebar that listed every flow made 8,000 flows a 2.7 GB site.
@Suite struct SiteGrowthTests {
  /// One app whose root coordinator starts `flows` child flows, each showing a screen of its own.
  static func trace(flows: Int) -> [UInt8] {
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Big","run":"many-flows"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c0","type":"AppCoordinator"}"#,
      #"{"seq":2,"event":"router.setRoot","coordinator":"c0","screen":{"id":"s0","type":"Home"}}"#,
    ]
    for index in 1...flows {
      lines.append(
        #"{"seq":\#(lines.count),"event":"coordinator.start","coordinator":"c\#(index)","type":"Flow\#(index)Coordinator","parent":"c0"}"#
      )
      lines.append(
        #"{"seq":\#(lines.count),"event":"router.push","coordinator":"c\#(index)","screen":{"id":"s\#(index)","type":"Screen\#(index)"}}"#
      )
    }
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// The site of ``trace(flows:)``: each page's bytes, by path.
  static func site(flows: Int) throws -> [String: Data] {
    let model = ModelBuilder(workers: 1).build(traces: [("big.jsonl", trace(flows: flows))])
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider()).build(into: site)
    return try TemporaryFolder.contents(of: site).filter { $0.key.hasSuffix(".html") }
  }

  @Test func aFlowsPageIsAsLargeWhateverTheNumberOfFlows() throws {
    let small = try Self.site(flows: 60)
    let large = try Self.site(flows: 240)
    let page = "big/flow-flow1-coordinator.html"
    let (before, after) = (try #require(small[page]).count, try #require(large[page]).count)
    // A few digits of a count may differ; a list of the flows may not.
    #expect(after <= before + 100, "\(before) bytes with 60 flows, \(after) with 240")
    let total = { (site: [String: Data]) in site.values.reduce(0) { $0 + $1.count } }
    #expect(total(large) <= 5 * total(small), "\(total(small)) → \(total(large)) bytes")
  }

  @Test func pastFortyFlowsTheSidebarLinksToTheListOfThemAll() throws {
    for (flows, listed) in [(40, true), (41, false)] {
      let site = try Self.site(flows: flows - 1)  // and the root's own flow
      let page = String(decoding: try #require(site["big/flow-flow1-coordinator.html"]), as: UTF8.self)
      let sidebar = try #require(page.components(separatedBy: "<nav class=\"sidebar\"").last)
        .components(separatedBy: "</nav>")[0]
      let links = sidebar.components(separatedBy: "href=\"flow-").count - 1
      #expect(links == (listed ? flows : 0), "\(flows) flows: \(links) listed")
      #expect(sidebar.contains("href=\"index.html#flows\">All \(flows) flows</a>") == !listed)
    }
  }
}

extension SiteGrowthTests {
  @Test func aSiteOfMoreFlowsThanItHoldsIsRefusedBeforeAnythingIsWritten() throws {
    let flows = SiteBuilder.maximumFlows + 1
    let model = ModelBuilder(workers: 1).build(traces: [("big.jsonl", Self.trace(flows: flows - 1))])
    #expect(model.apps.first?.flows.count == flows)
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let provider = FakeDiagramProvider()
    var refusal: SiteError?
    do {
      _ = try SiteBuilder(model: model, diagrams: provider).build(into: site)
    } catch let error as SiteError {
      refusal = error
    }
    #expect(
      refusal
        == .tooManyFlows(
          count: flows, limit: SiteBuilder.maximumFlows, largestApp: "Big", largestCount: flows))
    #expect(provider.callCount == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).isEmpty)
    let message = SiteError.tooManyFlows(
      count: 100_000, limit: 10_000, largestApp: "Big", largestCount: 99_000
    )
    .localizedDescription
    #expect(message.contains("100000 flows") && message.contains("fewer traces"), "\(message)")
  }
}
