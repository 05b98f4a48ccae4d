import FlowAtlasModel
import FlowAtlasSite
import Foundation
import Testing

/// A journey longer than a page goes on over further pages of steps, each linked from the
/// others, and every link to one of its trace lines reaches the page that lists that line.
@Suite struct JourneyPagingTests {
  /// 2,404 steps: 1,200 push and pop pairs, then a child flow that finishes but stays
  /// attached (a leak, reported at line 2,406) on the last page.
  static let trace: String = {
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Long","run":"long-run"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"AppCoordinator"}"#,
      #"{"seq":2,"event":"router.setRoot","coordinator":"c1","screen":{"id":"s0","type":"HomeViewController"}}"#,
    ]
    for index in 1...1200 {
      lines.append(
        #"{"seq":\#(lines.count),"event":"router.push","coordinator":"c1","screen":{"id":"s\#(index)","type":"Detail\#(index % 7)ViewController"}}"#
      )
      lines.append(#"{"seq":\#(lines.count),"event":"router.pop","coordinator":"c1","screen":"s\#(index)"}"#)
    }
    for event in ["coordinator.attach", "coordinator.start"] {
      lines.append(
        #"{"seq":\#(lines.count),"event":"\#(event)","coordinator":"c2","type":"ChildCoordinator","parent":"c1"}"#
      )
    }
    lines.append(#"{"seq":\#(lines.count),"event":"coordinator.finish","coordinator":"c2"}"#)
    return lines.joined(separator: "\n") + "\n"
  }()

  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func aLongJourneyIsPagedAndItsLinesAreReachable() throws {
    let model = ModelBuilder(workers: 1).build(traces: [("long.jsonl", Array(Self.trace.utf8))])
    let run = try #require(model.apps.first?.runs.first)
    #expect(run.journey.steps.count == 2_404)
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let summary = try SiteBuilder(model: model, diagrams: FakeDiagramProvider()).build(into: site)
    let names = ["journey-long-run.html", "journey-long-run.steps-2.html", "journey-long-run.steps-3.html"]
    #expect(names.allSatisfy { summary.pages.contains("long/\($0)") })
    #expect(!summary.pages.contains("long/journey-long-run.steps-4.html"))

    var pages: [String] = []
    for name in names {
      pages.append(try String(contentsOf: site.appendingPathComponent("long/\(name)"), encoding: .utf8))
    }
    #expect(pages.map { Self.count(#" class="step "#, in: $0) } == [1_000, 1_000, 404])
    #expect(pages[1].contains(#"<ol class="steps" start="1001" data-transitions-before="999">"#))
    #expect(pages[2].contains(#"<ol class="steps" start="2001" data-transitions-before="1999">"#))
    #expect(pages[0].contains(#"<ol class="steps">"#), "the first page numbers from 1")
    // Each page links to the others and marks itself, above and below its list.
    for (index, page) in pages.enumerated() {
      for (other, name) in names.enumerated() where other != index {
        #expect(Self.count(#"<a href="\#(name)">"#, in: page) >= 2, "page \(index + 1) links to \(name)")
      }
      #expect(Self.count(#"<span aria-current="page">"#, in: page) == 2)
    }
    #expect(pages[0].contains("id=\"diagram\"") && !pages[1].contains("id=\"diagram\""))
    #expect(pages[2].contains("Steps 2001–2404 of 2404."))

    // The leak, at line 2,406 (its step is on the third page), is linked there from the flow
    // page, the problems page and the journey's own problem list; that page holds the anchor.
    let target = #"href="journey-long-run.steps-3.html#line-2406""#
    for page in ["flow-child-coordinator.html", "problems.html", "journey-long-run.html"] {
      let text = try String(contentsOf: site.appendingPathComponent("long/\(page)"), encoding: .utf8)
      #expect(text.contains(target), "\(page)")
    }
    #expect(pages[2].contains(#"id="line-2406""#))
  }
}
