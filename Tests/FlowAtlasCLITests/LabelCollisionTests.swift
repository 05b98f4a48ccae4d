import FlowAtlasModel
import FlowAtlasRender
import Foundation
import Testing

@testable import FlowAtlasCLI

/// Every diagram of the examples' site draws cleanly with the Graphviz under test: no edge,
/// cluster or caption label over a node or over another label, measured on the layout as drawn
/// (FlowAtlas places edge labels) with the widths Graphviz measured (its `json` output).
@Suite struct LabelCollisionTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The DOT of every diagram the site draws, as drawn (a fallback where Graphviz failed), by name.
  static func siteDiagrams() throws -> [(name: String, dot: [UInt8])] {
    let folders = try FileManager.default.contentsOfDirectory(atPath: root.path + "/examples").sorted()
      .map { root.path + "/examples/" + $0 + "/traces" }
      .filter { FileManager.default.fileExists(atPath: $0) }
    let model = try TraceLoading.model(
      from: folders, command: "build", keepsJourneys: true, console: CapturedConsole().console)
    let renderer = DiagramRenderer()
    var diagrams: [(name: String, dot: [UInt8])] = []
    for app in model.apps {
      let subjects = DiagramSubject.all(of: app)
      for (subject, drawn) in zip(subjects, try renderer.render(subjects, of: app, format: .svg)) {
        diagrams.append((DiagramBuilder.diagramID(for: subject, of: app), drawn.source))
      }
    }
    // The examples' one design review: Shop Digital against Shop.
    if let old = model.app(named: "Shop"), let new = model.app(named: "Shop Digital") {
      diagrams.append(("\(new.slug)-changes", try renderer.diff(old: old, new: new, format: .svg).source))
    }
    diagrams.append(("legend", DiagramBuilder.legend().dotBytes))
    return diagrams
  }

  @Test func noLabelOfTheExamplesSiteIsOverANodeOrAnotherLabel() throws {
    let diagrams = try Self.siteDiagrams()
    #expect(diagrams.count >= 63)
    var collisions: [String] = []
    for diagram in diagrams {
      let layout = try LabelLayout(
        json: try Graphviz.layoutJSON(dot: String(decoding: diagram.dot, as: UTF8.self)))
      collisions += layout.collisions().map { "\(diagram.name): \($0)" }
    }
    let affected = Set(collisions.map { $0.prefix { $0 != ":" } })
    let report =
      "\(collisions.count) collisions in \(affected.count) of \(diagrams.count) diagrams (Graphviz \(Graphviz.version)):\n"
      + collisions.joined(separator: "\n")
    #expect(collisions.isEmpty, "\(report)")
  }

  /// The check sees a collision when there is one: forty labels on one short edge of a cramped
  /// drawing have no room within reach of it, and the last go over each other and the nodes.
  @Test func theCheckSeesLabelsThatHadNoRoom() throws {
    let edges = (1...40).map { #"a -> b [xlabel="the label of edge number \#($0)"]"# }.joined(separator: "; ")
    let dot = """
      digraph g {
        nodesep=0.02; ranksep=0.02; node [shape=box fontname=Helvetica fontsize=12]
        edge [fontname=Helvetica fontsize=9]; \(edges)
      }
      """
    let layout = try LabelLayout(json: try Graphviz.layoutJSON(dot: dot))
    #expect(layout.labels.count == 40)
    let collisions = layout.collisions()
    #expect(collisions.contains { $0.contains("is over edge a -> b") }, "\(collisions)")
    #expect(
      collisions.contains { $0.hasSuffix("is over node a") || $0.hasSuffix("is over node b") },
      "\(collisions)")
  }

  /// The geometry, on a layout written out by hand: a line of text over a circle's corner is
  /// clear of it, one over its middle is not.
  @Test func anEllipseIsNotItsBox() throws {
    let json = """
      {"objects": [{"_gvid": 0, "name": "c", "shape": "circle", "pos": "100,100", "width": "1", "height": "1"}],
       "edges": [{"tail": 0, "head": 0, "_ldraw_": [{"op": "F", "size": 10, "face": "Helvetica"},
         {"op": "T", "pt": [66, 132], "align": "l", "width": 4, "text": "corner"},
         {"op": "T", "pt": [100, 100], "align": "c", "width": 20, "text": "middle"}]}]}
      """
    let layout = try LabelLayout(json: Array(json.utf8))
    #expect(layout.collisions() == [#"edge c -> c: "middle" (90.0, 97.9)–(110.0, 107.5) is over node c"#])
  }

  @Test func labelsBesideEachOtherDoNotCollide() throws {
    let dot = """
      digraph g {
        rankdir=LR; node [shape=box fontname=Helvetica fontsize=12]
        subgraph cluster_c { label="Cluster"; a -> b [label="an ordinary label"] }
        c [shape=circle]; b -> c [xlabel="x2"]
      }
      """
    let layout = try LabelLayout(json: try Graphviz.layoutJSON(dot: dot))
    #expect(layout.labels.count == 3)
    #expect(layout.nodes.count == 3)
    #expect(layout.collisions().isEmpty, "\(layout.collisions())")
  }
}
