import Foundation
import Testing

@testable import FlowAtlasRender

@Test func probe() throws {
  let url = Bundle.module.url(forResource: "Fixtures/init-rank-failure", withExtension: "dot")!
  let dot = try String(contentsOf: url, encoding: .utf8)
  do {
    _ = try Graphviz.render(dot: "digraph { a -> }", format: .svg)
  } catch { print("ERR2", error) }
  let a = try Graphviz.render(dot: "digraph G { subgraph cluster_b {x} subgraph cluster_a {y} x->y }", format: .svg)
  let b = try Graphviz.render(dot: "digraph G { subgraph cluster_b {x} subgraph cluster_a {y} x->y }", format: .png)
  print(a.count, b.count)
}
