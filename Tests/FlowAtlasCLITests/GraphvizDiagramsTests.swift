import FlowAtlasBuild
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasSite
import Foundation
import Testing

@testable import FlowAtlasCLI

@Suite struct GraphvizDiagramsTests {
  /// A drawing is delivered under the key of the DOT its layout came from, which leaves texts
  /// out; a cheaper drawing, made because the full one failed, has widths and a shape that key
  /// does not name, so it is delivered with none (kept only while its app is unchanged).
  @Test func aFallbackDrawingIsNotKeyedAsTheDiagramAskedFor() throws {
    let model = try ModelBuilder().build(files: IncrementalRebuildTests.shopTraces)
    let app = try #require(model.apps.first)
    let flow = try #require(app.flows.first).coordinator
    // Any job that still has its clusters fails: the full drawing, never the fallback.
    let failing = RenderEngine.custom { jobs in
      jobs.map { job in
        String(decoding: job.dotBytes, as: UTF8.self).contains("subgraph \"cluster_")
          ? .failure(.layoutFailed(message: "planted"))
          : Result { () throws(RenderError) in try Graphviz.render(dotBytes: job.dotBytes, format: job.format)
          }
      }
    }
    let requests = [DiagramRequest(app: app, subject: .flow(coordinator: flow))]
    for (engine, keyed) in [(RenderEngine.inProcess, true), (failing, false)] {
      let delivered = Lock<DrawnDiagram?>(nil)
      try GraphvizDiagrams(renderer: DiagramRenderer(engine: engine)).draw(requests, links: .site) {
        _, drawn in
        delivered.withLock { $0 = drawn }
      }
      let drawn = try #require(delivered.withLock { $0 })
      #expect((drawn.cacheKey != nil) == keyed)
      let svg = String(decoding: drawn.svg, as: UTF8.self)
      #expect(svg.contains("Simplified") != keyed)
      #expect(!svg.contains(#"title="~""#) && !svg.contains("0000"))
    }
  }
}
