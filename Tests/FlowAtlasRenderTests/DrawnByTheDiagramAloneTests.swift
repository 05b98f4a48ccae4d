import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasRender

/// Whether a diagram is drawn is decided by the diagram alone, never by the machine (issue #47,
/// item 2: a layout past a 30 s deadline became a simplified drawing or a box, which a later
/// build on an idle machine kept; the stack limit decided between a crash and a timeout).
@Suite struct DrawnByTheDiagramAloneTests {
  /// An app with one flow of `screens` screens and about `transitions` random transitions
  /// between them: the shape that costs Graphviz most for its size.
  static func randomFlow(screens: Int, transitions: Int, seed: UInt64) throws -> AppModel {
    var random = SeededRandom(seed: seed)
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Tangle","run":"r"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"TangleCoordinator"}"#,
    ]
    for _ in 0..<(transitions / 2) {
      for event in ["router.setRoot", "router.push"] {
        let screen = Int.random(in: 0..<screens, using: &random)
        lines.append(
          #"{"seq":\#(lines.count),"event":"\#(event)","coordinator":"c1","screen":{"id":"s\#(lines.count)","type":"Screen\#(screen)"}}"#
        )
      }
    }
    let model = ModelBuilder(workers: 1).build(traces: [
      ("tangle.jsonl", Array(lines.joined(separator: "\n").utf8))
    ])
    return try #require(model.apps.first)
  }

  /// Draws in this process, and notes every DOT it is asked to lay out.
  static func noting(_ asked: Lock<[String]>) -> RenderEngine {
    .custom { jobs in
      jobs.map { job in
        asked.withLock { $0.append(job.dot) }
        return Result { () throws(RenderError) in try Graphviz.render(dot: job.dot, format: job.format) }
      }
    }
  }

  @Test(arguments: [RenderError.timedOut(seconds: 30), .workerFailed(message: "killed by signal 11")])
  func aLayoutTheMachineStopsIsAnErrorNotADrawing(stop: RenderError) {
    // The full diagram is stopped; anything simpler would be drawn.
    let engine = RenderEngine.failing("cluster", with: stop)
    #expect(throws: stop) {
      try DiagramRenderer(engine: engine).render([.appMap], of: SampleApps.shop, format: .svg)
    }
  }

  @Test func aDiagramTooLargeToLayOutIsToldByItsSizeBeforeAnyLayout() throws {
    // 150 screens and 450 transitions: what a flow may have to be drawn with its groups and labels.
    let app = try Self.randomFlow(screens: 150, transitions: 450, seed: 47)
    let subject = DiagramSubject.flow(coordinator: "TangleCoordinator")
    let diagram = try DiagramBuilder.diagram(for: subject, of: app)
    let size = diagram.layoutSize
    #expect(
      size.boxes <= DiagramRenderer.maximumLayoutNodes && size.lines <= DiagramRenderer.maximumLayoutEdges)
    #expect(size.crossings > DiagramRenderer.maximumLayoutCrossings, "\(size)")
    let asked = Lock<[String]>([])
    let rendered = try DiagramRenderer(engine: Self.noting(asked)).render([subject], of: app, format: .svg)[0]
    // Graphviz is asked for the box alone, which says why, in the same words everywhere.
    #expect(asked.withLock { $0.count } == 1)
    #expect(asked.withLock { $0.allSatisfy { $0.contains("placeholder") } })
    #expect(rendered.fallbackReason == .tooLarge(size))
    #expect(
      rendered.caption?.contains("\(size.crossings) rows crossed by lines") == true,
      "\(rendered.caption ?? "")")
  }

  /// A chain or a star of as many boxes as may be drawn crosses no row: they are admitted.
  @Test(arguments: [false, true])
  func aChainOrAStarOfTheMostBoxesIsAdmitted(star: Bool) {
    var graph = DiagramGraph(id: "big", kind: "flow", direction: .topToBottom, caption: nil)
    for index in 0..<DiagramRenderer.maximumLayoutNodes {
      graph.nodes.append(
        DiagramGraph.Node(id: "n\(index)", label: "Screen \(index)", classes: [], role: .screen))
      guard index > 0 else { continue }
      graph.edges.append(
        DiagramGraph.Edge(
          id: "e\(index)", from: star ? "n0" : "n\(index - 1)", to: "n\(index)", role: .transition(.push),
          classes: []))
    }
    #expect(graph.layoutSize == DiagramLayoutSize(boxes: 1_500, lines: 1_499, crossings: 0))
    #expect(DiagramRenderer.admits(graph.layoutSize))
  }
}

extension DrawnByTheDiagramAloneTests {
  /// The DOT of a chain, a star and a random tangle, each as large as is admitted.
  static let deepestAdmitted: [RenderJob] = {
    var jobs: [RenderJob] = []
    for star in [false, true] {
      var graph = DiagramGraph(id: "big", kind: "flow", direction: .topToBottom, caption: nil)
      for index in 0..<DiagramRenderer.maximumLayoutNodes {
        graph.nodes.append(
          DiagramGraph.Node(id: "n\(index)", label: "Screen \(index)", classes: [], role: .screen))
        guard index > 0 else { continue }
        graph.edges.append(
          DiagramGraph.Edge(
            id: "e\(index)", from: star ? "n0" : "n\(index - 1)", to: "n\(index)", role: .transition(.push),
            classes: []))
      }
      jobs.append(RenderJob(dotBytes: DOTWriter.dot(graph), format: .svg))
    }
    return jobs
  }()

  /// However small the stack a worker is started with (`ulimit -s`), it draws what any other
  /// does: Graphviz lays out on a stack of the worker's own.
  @Test(arguments: [64, 96, 128])
  func aWorkerUnderASmallStackLimitDrawsTheSame(kilobytes: Int) throws {
    let prlimit = "/usr/bin/prlimit"
    guard FileManager.default.isExecutableFile(atPath: prlimit) else { return }
    let pool = RenderPool(
      executable: prlimit,
      arguments: ["--stack=\(kilobytes * 1024)", RenderPoolTests.flowatlas, "__render-worker"],
      workers: 1)
    for (job, result) in zip(Self.deepestAdmitted, pool.render(Self.deepestAdmitted)) {
      #expect(
        try result.get() == Graphviz.render(dotBytes: job.dotBytes, format: job.format), "\(kilobytes) KB")
    }
  }
}
