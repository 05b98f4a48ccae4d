import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasSite
import Foundation
import Testing

@testable import FlowAtlasCLI

/// A rebuild draws again only the diagrams whose DOT changed, with real Graphviz, on the Shop
/// example's real traces, and gives the bytes of a fresh build.
@Suite struct IncrementalRebuildTests {
  static let shopTraces: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let folder = root.appendingPathComponent("examples/Shop/traces/shop")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { folder.appendingPathComponent($0).path }
  }()

  /// Every file under `folder` but the command line's input record, by relative path.
  static func contents(of folder: String) -> [String: Data] {
    regularFiles(under: folder) { $0 == ".flowatlas-cache/inputs" }
  }

  @Test func aNewTraceRedrawsOnlyTheDiagramsWhoseDOTChanged() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = Self.shopTraces
    try #require(traces.count >= 3)
    // The trace that went back from the payment screen joins the others.
    let added = try #require(traces.first { $0.hasSuffix("/back-menu-to-address.jsonl") })
    let before = try ModelBuilder().build(files: traces.filter { $0 != added })
    let after = try ModelBuilder().build(files: traces)

    // What should be drawn again: the diagrams whose DOT differs (the new journey among them).
    let (old, new) = (before.apps[0], after.apps[0])
    let subjects = DiagramSubject.all(of: new)
    let changed = try subjects.filter { subject in
      let dot = try DiagramBuilder.diagram(for: subject, of: new, links: .site).dotBytes
      return (try? DiagramBuilder.diagram(for: subject, of: old, links: .site).dotBytes) != dot
    }
    #expect(changed.contains(.journey(run: "back-menu-to-address")))
    #expect(changed.count > 1 && subjects.count - changed.count >= 5, "a meaningful case: \(changed)")

    let site = folder.appendingPathComponent("site").path
    let first = try BuildCommand.build(
      before, into: site, notes: nil, executable: builtExecutable, workers: 2)
    #expect(first.diagramsReused == 0 && first.diagramsDrawn == DiagramSubject.all(of: old).count)
    let second = try BuildCommand.build(
      after, into: site, notes: nil, executable: builtExecutable, workers: 2)
    #expect(second.diagramsDrawn == changed.count)
    #expect(second.diagramsReused == subjects.count - changed.count)

    let fresh = folder.appendingPathComponent("fresh").path
    try BuildCommand.build(after, into: fresh, notes: nil, executable: builtExecutable, workers: 2)
    let (rebuilt, clean) = (Self.contents(of: site), Self.contents(of: fresh))
    #expect(rebuilt.keys.sorted() == clean.keys.sorted(), "the cache holds only this build's diagrams")
    for (path, bytes) in clean { #expect(rebuilt[path] == bytes, "\(path)") }
  }
}
