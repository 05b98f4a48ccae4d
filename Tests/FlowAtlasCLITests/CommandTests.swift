import FlowAtlasBuild
import FlowAtlasRender
import Foundation
import Testing

@testable import FlowAtlasCLI

@Suite struct CommandTests {
  @Test func unknownSubcommandIsAUsageError() async {
    let result = await flowatlas("publish")
    #expect(result.status == 2)
    #expect(result.err.contains("unknown subcommand 'publish'"))
    #expect(result.err.contains("flowatlas --help"))
  }

  @Test func versionPrintsTheVersion() async {
    let result = await flowatlas("--version")
    #expect(result.status == 0)
    #expect(
      result.out
        == "flowatlas \(FlowAtlasCommand.version)\nGraphviz \(Graphviz.version); SVG text: built-in metrics (the same on every machine)\n"
        + "text measurement: SVG by Graphviz's built-in metrics; PNG and PDF by pango\n"
        + "build: \(CacheFormat.version) (what it keeps in .flowatlas-cache is trusted by this build alone)\n"
    )
  }

  @Test func modelWritesJSONToStandardOutput() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let result = await flowatlas("model", trace)
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    #expect(result.out.contains(#""flowatlas": "model""#))
    #expect(result.out.contains(#""to": "ProductDetailViewController""#))
    #expect(result.out.contains(#""selectProduct""#))
  }

  @Test func modelReportsDiagnosticsAndStrictFails() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(
      shopTrace + [#"{"seq":6,"event":"router.push"}"#], named: "bad.jsonl", in: folder)
    let output = folder.appendingPathComponent("model.json").path

    let lenient = await flowatlas("model", trace, "--output", output)
    #expect(lenient.status == 0)
    #expect(lenient.err.contains("\(trace):7: error: "))
    #expect(lenient.err.contains("[malformed-line]"))
    #expect(FileManager.default.fileExists(atPath: output))

    let strict = await flowatlas("model", "--strict", trace, "--output", output)
    #expect(strict.status == 1)
  }

  @Test func missingInputNamesThePath() async {
    let result = await flowatlas("model", "/nonexistent/traces")
    #expect(result.status == 3)
    #expect(result.err.contains("/nonexistent/traces"))
  }

  @Test func noInputIsAUsageError() async {
    let result = await flowatlas("model")
    #expect(result.status == 2)
    #expect(result.err.contains("no input"))
  }

  @Test func renderMermaidNeedsNoGraphviz() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let result = await flowatlas("render", trace, "--diagram", "app", "--format", "mermaid")
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("flowchart") || result.out.hasPrefix("graph"))
    #expect(result.out.contains("ProductDetailViewController"))
  }

  @Test func renderPNGWritesAnImage() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let output = folder.appendingPathComponent("flow.png").path

    let toTerminal = await flowatlas("render", trace, "--diagram", "flow:ShopCoordinator", "--format", "png")
    #expect(toTerminal.status == 2)

    let result = await flowatlas(
      "render", trace, "--diagram", "flow:ShopCoordinator", "--format", "png", "--output", output)
    #expect(result.status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  /// A screen's neighbourhood: one step each way, or as many as `--depth` asks.
  @Test func renderDrawsAScreensNeighbourhood() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let near = await flowatlas(
      "render", trace, "--diagram", "screen:ProductDetailViewController", "--format", "dot")
    #expect(near.status == 0, "\(near.err)")
    #expect(near.out.hasPrefix("digraph \"shop-screen-product-detail-view-controller\""))
    #expect(near.out.contains("ProductListViewController"))
    let deeper = await flowatlas(
      "render", trace, "--diagram", "screen:ProductDetailViewController", "--depth", "2", "--format", "dot")
    #expect(deeper.status == 0, "\(deeper.err)")
    #expect(deeper.out.hasPrefix("digraph \"shop-screen-product-detail-view-controller.depth-2\""))
  }

  /// In an app recorded with modules, a bare type names its one `Module.Type`, as the spec reads it.
  @Test func aBareTypeNamesAModularAppsFlowAndScreen() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(
      [
        #"{"flowatlas":"trace","version":1,"app":"Wander","run":"trips"}"#,
        #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"TripsCoordinator","module":"Wander"}"#,
        #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"TripListViewController","module":"Wander"},"coordinator":"c1"}"#,
      ], named: "trips.jsonl", in: folder)
    for diagram in ["flow:TripsCoordinator", "screen:TripListViewController"] {
      let result = await flowatlas("render", trace, "--diagram", diagram, "--format", "dot")
      #expect(result.status == 0, "\(diagram): \(result.err)")
      #expect(result.out.contains("Wander.TripListViewController"), "\(diagram)")
    }
  }

  @Test(arguments: [
    (["--diagram", "flow:NoSuchCoordinator"], "no flow 'NoSuchCoordinator'"),
    (["--diagram", "run:nope"], "no run 'nope'"),
    (["--diagram", "screen:NoSuchScreen"], "no screen 'NoSuchScreen'"),
    (
      ["--diagram", "screen:ProductListViewController", "--depth", "0"],
      "--depth takes a number of steps from 1 to 5"
    ),
    (["--diagram", "screen:ProductListViewController", "--depth", "two"], "not 'two'"),
    (["--diagram", "everything"], "unknown diagram 'everything'"),
    (["--diagram", "app", "--format", "gif"], "unknown format 'gif'"),
    (["--format", "svg"], "missing --diagram"),
  ])
  func renderUsageErrors(arguments: [String], message: String) async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let captured = CapturedConsole()
    let status = FlowAtlasCommand.main(
      ["render", trace] + arguments, console: captured.console, executable: builtExecutable)
    #expect(status == 2)
    #expect(captured.err.contains(message))
  }

  @Test func buildWritesASiteAndRefusesForeignFolders() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let site = folder.appendingPathComponent("site").path

    let result = await flowatlas("build", trace, "--output", site, "--jobs", "1")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == site + "/index.html\n")
    let flowPage = try String(contentsOfFile: site + "/shop/flow-shop-coordinator.html", encoding: .utf8)
    #expect(flowPage.contains("<svg"))

    let foreign = folder.appendingPathComponent("foreign")
    try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
    try "keep me".write(to: foreign.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let refused = await flowatlas("build", trace, "--output", foreign.path)
    #expect(refused.status == 3)
    #expect(refused.err.contains("was not made by this flowatlas"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: foreign.path) == ["notes.txt"])
  }
}

@Suite struct DiffCommandTests {
  @Test func diffShowsWhatTheNewVersionDropped() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = try writeTrace(shopTrace, named: "old.jsonl", in: folder)
    let new = try writeTrace(Array(shopTrace.prefix(3)), named: "new.jsonl", in: folder)

    let markdown = await flowatlas("diff", old, new)
    #expect(markdown.status == 0, "\(markdown.err)")
    #expect(markdown.out.contains("### Screens removed\n\n- `ProductDetailViewController`"))

    let json = await flowatlas("diff", old, new, "--format", "json")
    #expect(json.out.contains(#""removedScreens": ["#))

    let usage = await flowatlas("diff", old)
    #expect(usage.status == 2)
  }
}

@Suite struct UnchangedRebuildTests {
  static let upToDate = "is up to date"

  @Test func anUnchangedRebuildReadsNoTraceButRepeatsItsDiagnostics() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(
      shopTrace + [#"{"seq":6,"event":"router.push"}"#], named: "buy.jsonl", in: folder)
    let site = folder.appendingPathComponent("site").path

    let first = await flowatlas("build", trace, "--output", site, "--jobs", "1", "--strict")
    #expect(first.status == 1)
    #expect(!first.err.contains(Self.upToDate))
    let page = try String(contentsOfFile: site + "/shop/flow-shop-coordinator.html", encoding: .utf8)

    let second = await flowatlas("build", trace, "--output", site, "--jobs", "1", "--strict")
    #expect(second.err.contains(Self.upToDate))
    #expect(second.err.contains("[malformed-line]"), "the diagnostics are printed again")
    #expect(second.status == 1, "--strict still fails on the recorded error")
    #expect(second.out == first.out)
    #expect(try String(contentsOfFile: site + "/shop/flow-shop-coordinator.html", encoding: .utf8) == page)
  }

  @Test func aTouchedTraceIsReadOnceButASameSizeEditBuildsAgain() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let site = folder.appendingPathComponent("site").path
    _ = await flowatlas("build", trace, "--output", site, "--jobs", "1")
    let record = site + "/.flowatlas-cache/inputs"
    let before = try String(contentsOfFile: record, encoding: .utf8)

    // A touch (a fresh checkout does the same): new time, same bytes.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: trace)
    let touched = await flowatlas("build", trace, "--output", site, "--jobs", "1")
    #expect(touched.err.contains(Self.upToDate))
    let after = try String(contentsOfFile: record, encoding: .utf8)
    #expect(after != before && after.contains("1000000000"), "the new time is recorded")

    // Same size, other bytes, new time: the hash tells them apart.
    let edited = shopTrace.map { $0.replacingOccurrences(of: "Blue mug", with: "Gray mug") }
    #expect(edited.joined().utf8.count == shopTrace.joined().utf8.count)
    _ = try writeTrace(edited, named: "buy.jsonl", in: folder)
    let rebuilt = await flowatlas("build", trace, "--output", site, "--jobs", "1")
    #expect(!rebuilt.err.contains(Self.upToDate))
    #expect(
      try String(contentsOfFile: site + "/shop/flow-shop-coordinator.html", encoding: .utf8).contains(
        "Gray mug"))
  }

  @Test func aChangedTraceOrADeletedPageBuildsAgain() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let site = folder.appendingPathComponent("site").path
    _ = await flowatlas("build", trace, "--output", site, "--jobs", "1")

    let flowPage = site + "/shop/flow-shop-coordinator.html"
    try FileManager.default.removeItem(atPath: flowPage)
    let afterDelete = await flowatlas("build", trace, "--output", site, "--jobs", "1")
    #expect(!afterDelete.err.contains(Self.upToDate))
    #expect(FileManager.default.fileExists(atPath: flowPage))

    let renamed = shopTrace.map { $0.replacingOccurrences(of: "Blue mug", with: "Red mug") }
    _ = try writeTrace(
      renamed + [#"{"seq":6,"event":"note","text":"changed"}"#], named: "buy.jsonl", in: folder)
    let afterChange = await flowatlas("build", trace, "--output", site, "--jobs", "1")
    #expect(!afterChange.err.contains(Self.upToDate))
    #expect(try String(contentsOfFile: flowPage, encoding: .utf8).contains("Red mug"))
  }
}
