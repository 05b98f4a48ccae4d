import FlowAtlasBuild
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

  /// The Shop example's traces (both apps) copied into `folder/traces`, to change freely.
  static func copyOfTheShopExamples(in folder: URL) throws -> URL {
    let examples = URL(fileURLWithPath: Self.shopTraces[0]).deletingLastPathComponent()
      .deletingLastPathComponent()
    let traces = folder.appendingPathComponent("traces")
    try FileManager.default.copyItem(at: examples, to: traces)
    return traces
  }

  /// Every file under `folder` but the command line's input record, by relative path.
  static func contents(of folder: String) -> [String: Data] {
    regularFiles(under: folder) { [".flowatlas-cache/inputs", ".flowatlas-cache/identities"].contains($0) }
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

    // What should be drawn again: the diagrams whose DOT differs but for tooltips and counts
    // (`layoutDOTBytes`), the new journey among them.
    let (old, new) = (before.apps[0], after.apps[0])
    let subjects = DiagramSubject.all(of: new)
    let changed = try subjects.filter { subject in
      let dot = try DiagramBuilder.diagram(for: subject, of: new, links: .site).layoutDOTBytes
      return (try? DiagramBuilder.diagram(for: subject, of: old, links: .site).layoutDOTBytes) != dot
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

  /// A run that goes where runs went before changes counts and tooltips all over its app (the
  /// app map, flows) and line widths, which do not change a layout: only the diagrams whose
  /// layout DOT changed (its journey, and the hierarchy whose boxes count the coordinators
  /// started) are laid out again; the others are kept and given their new texts and widths, to a
  /// fresh build's bytes.
  @Test func aRunThatOnlyChangesCountsRedrawsOnlyWhatItsLayoutNeeds() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = Self.shopTraces
    let again = folder.appendingPathComponent("buy-one-product-again.jsonl").path
    let original = try #require(traces.first { $0.hasSuffix("/buy-one-product.jsonl") })
    let text = try String(contentsOfFile: original, encoding: .utf8)
    try text.replacing(#""run":"buy-one-product""#, with: #""run":"buy-one-product-again""#)
      .write(toFile: again, atomically: true, encoding: .utf8)
    let before = try ModelBuilder().build(files: traces)
    let after = try ModelBuilder().build(files: traces + [again])
    let (old, new) = (before.apps[0], after.apps[0])
    func changed(_ dot: (Diagram) -> [UInt8]) throws -> [DiagramSubject] {
      try DiagramSubject.all(of: new).filter { subject in
        let now = dot(try DiagramBuilder.diagram(for: subject, of: new, links: .site))
        return (try? DiagramBuilder.diagram(for: subject, of: old, links: .site)).map(dot) != now
      }
    }
    let texts = try changed(\.dotBytes)
    let layouts = try changed(\.layoutDOTBytes)
    #expect(texts.contains(.flow(coordinator: "ShopCoordinator")) && texts.contains(.appMap))
    #expect(!layouts.contains(.flow(coordinator: "ShopCoordinator")), "\(layouts)")
    #expect(Set(layouts) == [.hierarchy, .journey(run: "buy-one-product-again")], "\(layouts)")
    #expect(layouts.count < texts.count)

    let site = folder.appendingPathComponent("site").path
    try BuildCommand.build(before, into: site, notes: nil, executable: builtExecutable, workers: 2)
    let second = try BuildCommand.build(
      after, into: site, notes: nil, executable: builtExecutable, workers: 2)
    #expect(second.diagramsDrawn == layouts.count)
    let fresh = folder.appendingPathComponent("fresh").path
    try BuildCommand.build(after, into: fresh, notes: nil, executable: builtExecutable, workers: 2)
    let (rebuilt, clean) = (Self.contents(of: site), Self.contents(of: fresh))
    #expect(rebuilt.keys.sorted() == clean.keys.sorted())
    for (path, bytes) in clean { #expect(rebuilt[path] == bytes, "\(path)") }
    // The kept flow says the new counts.
    let flow = String(decoding: try #require(rebuilt["shop/flow-shop-coordinator.svg"]), as: UTF8.self)
    #expect(!flow.contains("title=\"~\"") && !flow.contains("0000") && flow.contains("×8"), "\(flow)")
  }

  /// The command line's whole rebuild: traces whose bytes did not change are not replayed again
  /// (their replays are kept in `.flowatlas-cache/runs/`), an app whose inputs did not change
  /// keeps its pages as hard links, so do the other runs' journeys of the app that changed, and
  /// the result is a fresh build's bytes.
  @Test func aNewTraceRebuildsOnlyItsAppAndGivesAFreshBuildsBytes() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = try Self.copyOfTheShopExamples(in: folder)
    let site = folder.appendingPathComponent("site").path
    #expect(try await runFlowatlas(["build", traces.path, "--output", site]).status == 0)
    let runs = site + "/.flowatlas-cache/runs"
    #expect(try FileManager.default.contentsOfDirectory(atPath: runs).count == 12)
    func inode(_ path: String) -> UInt {
      var info = stat()
      return lstat(site + "/" + path, &info) == 0 ? UInt(info.st_ino) : 0
    }
    let digitalPages = try FileManager.default.contentsOfDirectory(atPath: site + "/shop-digital").sorted()
    let before = Dictionary(uniqueKeysWithValues: digitalPages.map { ($0, inode("shop-digital/" + $0)) })
    let shopIndex = inode("shop/index.html")
    // The Shop's other runs' journeys (pages and diagram files): kept, not made again.
    let journeys = try FileManager.default.contentsOfDirectory(atPath: site + "/shop")
      .filter { $0.hasPrefix("journey-") }.sorted()
    try #require(journeys.count >= 10)
    let journeysBefore = Dictionary(uniqueKeysWithValues: journeys.map { ($0, inode("shop/" + $0)) })

    // A copy of one run under another name joins the Shop app only.
    let source = traces.appendingPathComponent("shop/buy-one-product.jsonl")
    let text = try String(contentsOf: source, encoding: .utf8)
    try text.replacingOccurrences(of: #""run":"buy-one-product""#, with: #""run":"buy-one-more""#)
      .write(to: traces.appendingPathComponent("shop/buy-one-more.jsonl"), atomically: true, encoding: .utf8)
    #expect(try await runFlowatlas(["build", traces.path, "--output", site]).status == 0)
    for (page, number) in before {
      #expect(inode("shop-digital/" + page) == number, "\(page) was written again")
    }
    #expect(inode("shop/index.html") != shopIndex)
    for (file, number) in journeysBefore {
      #expect(inode("shop/" + file) == number, "\(file), another run's journey, was written again")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: runs).count == 13)

    let fresh = folder.appendingPathComponent("fresh").path
    #expect(try await runFlowatlas(["build", traces.path, "--output", fresh]).status == 0)
    let (rebuilt, clean) = (Self.contents(of: site), Self.contents(of: fresh))
    #expect(rebuilt.keys.sorted() == clean.keys.sorted())
    for (path, bytes) in clean { #expect(rebuilt[path] == bytes, "\(path)") }

    // A page edited by hand in the site is not carried on: its app is made again.
    try Data("edited".utf8).write(to: URL(fileURLWithPath: site + "/shop-digital/problems.html"))
    try FileManager.default.removeItem(at: traces.appendingPathComponent("shop/buy-one-more.jsonl"))
    try FileManager.default.removeItem(atPath: fresh)
    #expect(try await runFlowatlas(["build", traces.path, "--output", site]).status == 0)
    #expect(try await runFlowatlas(["build", traces.path, "--output", fresh]).status == 0)
    #expect(Self.contents(of: site) == Self.contents(of: fresh))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: runs).count == 12, "a removed trace's replay goes")

    // A copy of the site (new inodes and times) is checked by hashing its pages, and kept.
    let copy = folder.appendingPathComponent("copy").path
    try FileManager.default.copyItem(atPath: site, toPath: copy)
    let copied = Dictionary(
      uniqueKeysWithValues: digitalPages.map { ($0, inode("../copy/shop-digital/" + $0)) })
    try text.replacingOccurrences(of: #""run":"buy-one-product""#, with: #""run":"buy-one-more""#)
      .write(to: traces.appendingPathComponent("shop/buy-one-more.jsonl"), atomically: true, encoding: .utf8)
    #expect(try await runFlowatlas(["build", traces.path, "--output", copy]).status == 0)
    for (page, number) in copied {
      #expect(inode("../copy/shop-digital/" + page) == number, "\(page) of the copy was written again")
    }
    // Nothing is left beside the sites: no staging folder, no scratch folder of replays.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") } == [])
  }
  /// Hardening round 2, item 8: a page edited in place, its size kept and its modification time
  /// put back (`touch -r`), is still noticed (the status-change time is part of its identity)
  /// and made again, so the rebuild equals a fresh build.
  @Test func aPageEditedWithItsTimePutBackIsMadeAgain() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = try Self.copyOfTheShopExamples(in: folder)
    let site = folder.appendingPathComponent("site").path
    #expect(try await runFlowatlas(["build", traces.path, "--output", site, "--jobs", "1"]).status == 0)
    let page = site + "/shop-digital/problems.html"
    var before = stat()
    #expect(stat(page, &before) == 0)
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: page)))
    let marker = try #require(bytes.firstIndex(of: UInt8(ascii: "<")))
    bytes[marker + 1] = UInt8(ascii: "X")  // the same size, other bytes
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: page))
    try handle.write(contentsOf: bytes)
    try handle.close()
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, page, &times, 0) == 0)

    // A change elsewhere: another app's new run.
    let source = traces.appendingPathComponent("shop/buy-one-product.jsonl")
    try String(contentsOf: source, encoding: .utf8)
      .replacingOccurrences(of: #""run":"buy-one-product""#, with: #""run":"buy-one-more""#)
      .write(to: traces.appendingPathComponent("shop/buy-one-more.jsonl"), atomically: true, encoding: .utf8)
    #expect(try await runFlowatlas(["build", traces.path, "--output", site, "--jobs", "1"]).status == 0)
    let fresh = folder.appendingPathComponent("fresh").path
    #expect(try await runFlowatlas(["build", traces.path, "--output", fresh, "--jobs", "1"]).status == 0)
    #expect(Self.contents(of: site) == Self.contents(of: fresh))
  }
}
