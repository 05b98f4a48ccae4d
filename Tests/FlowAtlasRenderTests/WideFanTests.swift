import FlowAtlasModel
import FlowAtlasTrace
import Testing

@testable import FlowAtlasRender

/// A hub that starts fourteen child flows was drawn as one row 5,390 pt wide. Measured by its
/// aspect ratio, such a layout is laid out again (its fans staggered, or turned) and the one
/// that fits a 1,280-pixel column wins; a diagram that is not wide is drawn as it was.
struct WideFanTests {
  static let trace: String = {
    var lines = [#"{"flowatlas":"trace","version":1,"app":"Wide","run":"visit-every-feature"}"#]
    func add(_ body: String) { lines.append(#"{"seq":\#(lines.count),"# + body + "}") }
    add(#""event":"coordinator.start","coordinator":"c1","type":"AppCoordinator""#)
    add(#""event":"router.setRoot","coordinator":"c1","screen":{"id":"s0","type":"HomeViewController"}"#)
    add(#""event":"coordinator.attach","coordinator":"c2","type":"HubCoordinator","parent":"c1""#)
    add(#""event":"coordinator.start","coordinator":"c2","type":"HubCoordinator","parent":"c1""#)
    add(#""event":"router.push","coordinator":"c2","screen":{"id":"s1","type":"HubViewController"}"#)
    for n in 1...14 {
      let feature = "Feature" + (n < 10 ? "0\(n)" : "\(n)")
      add(#""event":"user.action","screen":"s1","action":"open\#(feature)""#)
      add(
        #""event":"coordinator.attach","coordinator":"f\#(n)","type":"\#(feature)Coordinator","parent":"c2""#)
      add(
        #""event":"coordinator.start","coordinator":"f\#(n)","type":"\#(feature)Coordinator","parent":"c2""#)
      add(
        #""event":"router.push","coordinator":"f\#(n)","screen":{"id":"o\#(n)","type":"\#(feature)OverviewViewController"}"#
      )
      add(#""event":"router.pop","coordinator":"f\#(n)","screen":"o\#(n)""#)
      add(#""event":"coordinator.finish","coordinator":"f\#(n)""#)
      add(#""event":"coordinator.detach","coordinator":"f\#(n)","parent":"c2""#)
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  static func app() throws -> AppModel {
    try #require(ModelBuilder(workers: 1).build(traces: [("wide.jsonl", Array(trace.utf8))]).apps.first)
  }

  @Test func aWideFanIsWrappedToFitTheColumn() throws {
    let app = try Self.app()
    let subject = DiagramSubject.flow(coordinator: "HubCoordinator")
    let diagram = try DiagramBuilder.diagram(for: subject, of: app)
    #expect(diagram.graph.widestFan == 14)
    // As built, in one row: very wide.
    let plain = try #require(
      SVGText.size(
        of: try RenderEngine.inProcess.render([RenderJob(dotBytes: diagram.dotBytes, format: .svg)])[0].get())
    )
    #expect(plain.width / plain.height > DiagramRenderer.wideAspect)
    let drawn = try DiagramRenderer().render([subject], of: app, format: .svg)[0]
    let size = try #require(SVGText.size(of: drawn.bytes))
    #expect(size.width <= DiagramRenderer.columnWidth, "\(size) fits a 1,280-pixel column")
    #expect(size.width < plain.width / 4)
    #expect(drawn.source == diagram.layoutDOTBytes, "cached under the DOT it was asked for, texts masked")
    // The same DOT, the same choice.
    #expect(try DiagramRenderer().render([subject], of: app, format: .svg)[0].bytes == drawn.bytes)
  }

  @Test func staggeringSpreadsAFanOverRows() throws {
    let diagram = try DiagramBuilder.diagram(for: .flow(coordinator: "HubCoordinator"), of: try Self.app())
    let staggered = try #require(diagram.staggered(ranks: 3))
    let lengths = staggered.graph.edges.filter { $0.from.hasSuffix("screen-hub-view-controller") }.map {
      $0.minlen ?? 1
    }
    #expect(lengths.count == 14 && lengths.prefix(6) == [1, 2, 3, 1, 2, 3])
    #expect(staggered.dot.contains(#"minlen="3""#))
  }

  @Test func aDiagramThatIsNotWideIsDrawnAsBuilt() throws {
    let app = try Self.app()
    for subject in [
      DiagramSubject.flow(coordinator: "Feature01Coordinator"), .journey(run: "visit-every-feature"),
    ] {
      // Laid out from its DOT (texts masked but for a journey) and given its texts.
      let diagram = try DiagramBuilder.diagram(for: subject, of: app)
      let alone = try RenderEngine.inProcess.render([
        RenderJob(dotBytes: diagram.layoutDOTBytes, format: .svg)
      ])[0]
      .get()
      #expect(
        try DiagramRenderer().render([subject], of: app, format: .svg)[0].bytes
          == SVGText.inlineReady(diagram.filling(alone)))
    }
  }
}
