import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasSite

/// A hierarchy far deeper than any app's (a trace can nest thousands of flows) lists every flow on
/// the app's page, nested only so deep: a list thousands deep exhausted the stack of the thread
/// writing the page (a crash at 4,000 levels in a debug build).
@Suite struct DeepHierarchyTests {
  static let depth = 200

  /// `depth` coordinators, each started by the one before, the last one showing a screen.
  static let trace: String = {
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Deep","run":"nested"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c0","type":"Level0Coordinator"}"#,
    ]
    for level in 1..<depth {
      lines.append(
        #"{"seq":\#(lines.count),"event":"coordinator.start","coordinator":"c\#(level)","type":"Level\#(level)Coordinator","parent":"c\#(level - 1)"}"#
      )
    }
    lines.append(
      #"{"seq":\#(lines.count),"event":"router.setRoot","screen":{"id":"s","type":"Bottom"},"coordinator":"c\#(depth - 1)"}"#
    )
    return lines.joined(separator: "\n") + "\n"
  }()

  @Test func aHierarchyThousandsDeepIsListedWholeAndNestedBoundedly() throws {
    let model = ModelBuilder(workers: 1).build(traces: [("deep.jsonl", Array(Self.trace.utf8))])
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider()).build(into: site)
    let page = try String(contentsOf: site.appendingPathComponent("deep/index.html"), encoding: .utf8)
    let start = try #require(page.range(of: #"<ul class="tree""#))
    // The list's own nesting: every <ul> opened before its outermost one closes.
    var (level, deepest) = (0, 0)
    var rest = page[start.lowerBound...]
    while let tag = rest.firstRange(of: /<\/?ul[ >]/) {
      level += rest[tag].hasPrefix("</") ? -1 : 1
      deepest = max(deepest, level)
      rest = rest[tag.upperBound...]
      if level == 0 { break }
    }
    let list = page[start.lowerBound..<rest.startIndex]
    // The list, one list per level below it down to the bound, then the flat one.
    #expect(deepest == AppPages.hierarchyListDepth + 1)
    for level in 0..<Self.depth where !list.contains(">Level\(level)Coordinator<") {
      Issue.record("Level\(level)Coordinator is not in the list")
    }
    // Below the nesting's bound, each flow says which one started it.
    let saysWhoStartedThem = list.contains("(started by")
    #expect(saysWhoStartedThem)
    #expect(list.components(separatedBy: "(started by").count - 1 == Self.depth - AppPages.hierarchyListDepth)
  }
}
