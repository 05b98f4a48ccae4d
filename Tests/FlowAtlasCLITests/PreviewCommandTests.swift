import FlowAtlasSite
import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasCLI

/// `flowatlas preview` (issue #46), run as the built binary: after every change to its inputs,
/// the site is what a fresh `flowatlas build` of the same inputs writes, byte for byte, built once
/// per change; a change made while a build runs is built after it; a signal during a build leaves
/// the previous site whole, with nothing beside it. The test waits for the line each build prints
/// (`build N: …`), never for a time.
@Suite(.serialized) struct PreviewCommandTests {
  /// A run of the Shop app named `run`, its coordinator `coordinator`.
  static func trace(run: String, coordinator: String = "ShopCoordinator") -> [String] {
    var lines = shopTrace
    lines[0] = lines[0].replacingOccurrences(of: #""run":"buy""#, with: #""run":"\#(run)""#)
    lines[1] = lines[1].replacingOccurrences(of: "ShopCoordinator", with: coordinator)
    return lines
  }

  /// The site's files with their bytes: FlowAtlas's cache aside (it holds what a rebuild reuses,
  /// not the site), and the preview's own files (never in a build's site).
  static func siteFiles(_ site: String) -> [String: Data] {
    regularFiles(under: site) { $0.hasPrefix(".flowatlas-cache") || SitePreview.paths.contains($0) }
  }

  /// Expects `site` to be, byte for byte, what a fresh build of `arguments` writes.
  static func expectFreshBuild(
    of arguments: [String], equals site: String, in folder: URL, _ step: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let fresh = folder.appendingPathComponent("fresh").path
    try? FileManager.default.removeItem(atPath: fresh)
    let captured = CapturedConsole()
    let status = FlowAtlasCommand.main(
      ["build"] + arguments + ["--output", fresh, "--jobs", "1"], console: captured.console,
      executable: builtExecutable)
    #expect(status == 0, "\(captured.err)", sourceLocation: sourceLocation)
    let (expected, actual) = (siteFiles(fresh), siteFiles(site))
    #expect(!expected.isEmpty, sourceLocation: sourceLocation)
    let differing = Set(expected.keys).union(actual.keys).filter { expected[$0] != actual[$0] }
    #expect(
      differing.isEmpty, "\(step): differs from a fresh build: \(differing.sorted())",
      sourceLocation: sourceLocation)
  }

  @Test func everyChangeIsBuiltOnceAndTheSiteIsAFreshBuilds() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = folder.appendingPathComponent("traces")
    let notes = folder.appendingPathComponent("notes")
    for created in [traces, notes, folder.appendingPathComponent("work")] {
      try FileManager.default.createDirectory(at: created, withIntermediateDirectories: true)
    }
    _ = try writeTrace(Self.trace(run: "a"), named: "a.jsonl", in: traces)
    let note = notes.appendingPathComponent("ShopCoordinator.md")
    try Data("# Shop\n\nThe first note.\n".utf8).write(to: note, options: .atomic)
    let site = folder.appendingPathComponent("work/site").path
    let arguments = [traces.path, "--notes", notes.path]
    let preview = try PreviewProcess(arguments + ["--output", site, "--jobs", "1"])
    defer { if kill(preview.pid, 0) == 0 { _ = preview.stop() } }

    _ = try preview.build(1)
    #expect(preview.lines.first == URL(fileURLWithPath: site + "/index.html").absoluteString + "?preview")
    #expect(FileManager.default.fileExists(atPath: site + "/" + SitePreview.statePath))
    try await Self.expectFreshBuild(of: arguments, equals: site, in: folder, "the first build")

    // Traces added one by one, a note edited, a trace removed: one build each, naming it.
    let steps: [(String, () throws -> Void)] = [
      ("b.jsonl", { _ = try writeTrace(Self.trace(run: "b"), named: "b.jsonl", in: traces) }),
      // As a UI test writes one: made, then written in three pieces, the last line cut short…
      (
        "c.jsonl",
        {
          let text = Self.trace(run: "c").joined(separator: "\n")
          let cut = text.index(text.endIndex, offsetBy: -12)
          let pieces = [
            text[..<text.index(text.startIndex, offsetBy: 90)],
            text[text.index(text.startIndex, offsetBy: 90)..<cut],
          ]
          #expect(
            FileManager.default.createFile(
              atPath: traces.appendingPathComponent("c.jsonl").path, contents: nil))
          let handle = try FileHandle(forWritingTo: traces.appendingPathComponent("c.jsonl"))
          for piece in pieces { try handle.write(contentsOf: Data(piece.utf8)) }
          try handle.close()
        }
      ),
      // …then grown to its end.
      (
        "c.jsonl",
        {
          let text = Self.trace(run: "c").joined(separator: "\n") + "\n"
          let handle = try FileHandle(forWritingTo: traces.appendingPathComponent("c.jsonl"))
          try handle.seekToEnd()
          try handle.write(contentsOf: Data(text.suffix(13).utf8))
          try handle.close()
        }
      ),
      (
        "ShopCoordinator.md",
        { try Data("# Shop\n\nThe note, edited.\n".utf8).write(to: note, options: .atomic) }
      ),
      ("a.jsonl", { try FileManager.default.removeItem(at: traces.appendingPathComponent("a.jsonl")) }),
    ]
    var number = 1
    for (name, change) in steps {
      try change()
      number += 1
      let line = try preview.build(number)
      #expect(line.hasSuffix("/\(name) changed"), "\(line)")
      try await Self.expectFreshBuild(
        of: arguments, equals: site, in: folder, "after \(name) (build \(number))")
      // The trace cut short is read as the reader reads it: with a warning, on the terminal and
      // for the pages.
      let state = try String(contentsOfFile: site + "/" + SitePreview.buildPath, encoding: .utf8)
      #expect(state.contains("[truncated]") == (number == 3), "build \(number): \(state.prefix(300))")
    }
    #expect(
      preview.errors.contains("c.jsonl:6: warning:") && preview.errors.contains("[truncated]"),
      "\(preview.errors)")

    // A hundred traces arriving at once (a folder of them moved in): one build.
    let burst = folder.appendingPathComponent("burst")
    try FileManager.default.createDirectory(at: burst, withIntermediateDirectories: true)
    for index in 0..<100 {
      _ = try writeTrace(Self.trace(run: "burst-\(index)"), named: "burst-\(index).jsonl", in: burst)
    }
    try FileManager.default.moveItem(at: burst, to: traces.appendingPathComponent("burst"))
    number += 1
    #expect(try preview.build(number).contains("burst"))
    try await Self.expectFreshBuild(of: arguments, equals: site, in: folder, "after a hundred traces")

    // The next change is the next build: no change above was built twice.
    _ = try writeTrace(Self.trace(run: "z"), named: "z.jsonl", in: traces)
    number += 1
    #expect(try preview.build(number).hasSuffix("z.jsonl changed"))
    try await Self.expectFreshBuild(of: arguments, equals: site, in: folder, "after the last change")
    #expect(preview.lines.filter { $0.hasPrefix("build ") }.count == number, "\(preview.lines)")

    // Stopped: the last site built, without the preview's files, and nothing beside it.
    #expect(preview.stop(with: SIGTERM) == SIGTERM)
    try await Self.expectFreshBuild(of: arguments, equals: site, in: folder, "after the stop")
    for path in SitePreview.paths { #expect(!FileManager.default.fileExists(atPath: site + "/" + path)) }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("work").path) == [
        "site"
      ])
  }

  /// A trace written while a build runs (here, while it is held stopped part-way) is built after
  /// it: no change is lost.
  // It finds the build a test stopped through `/proc` (``PreviewProcess/stoppedBuild()``).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
  func aChangeDuringABuildIsBuiltAfterIt() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = folder.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    _ = try writeTrace(Self.trace(run: "a"), named: "a.jsonl", in: traces)
    let site = folder.appendingPathComponent("site").path
    // Every build stops itself at its second fault point (its second file written).
    let preview = try PreviewProcess(
      [traces.path, "--output", site, "--jobs", "1"], environment: ["FLOWATLAS_STOP_AT": "2"])
    defer { if kill(preview.pid, 0) == 0 { _ = preview.stop() } }

    let first = try preview.stoppedBuild()
    _ = try writeTrace(Self.trace(run: "b"), named: "b.jsonl", in: traces)
    kill(first, SIGCONT)
    _ = try preview.build(1)
    let second = try preview.stoppedBuild()
    kill(second, SIGCONT)
    #expect(try preview.build(2).hasSuffix("traces/b.jsonl changed"))
    try await Self.expectFreshBuild(of: [traces.path], equals: site, in: folder, "after the change")
    #expect(preview.stop(with: SIGTERM) == SIGTERM)
  }

  /// SIGTERM while a rebuild is part-way: the build ends, the site is the previous one whole
  /// (without the preview's files), nothing is left beside it, and the preview ends by SIGTERM.
  // It finds the build a test stopped through `/proc` (``PreviewProcess/stoppedBuild()``).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
  func aSignalDuringARebuildLeavesThePreviousSiteAndNothingBeside() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = folder.appendingPathComponent("traces")
    let work = folder.appendingPathComponent("work")
    for created in [traces, work] {
      try FileManager.default.createDirectory(at: created, withIntermediateDirectories: true)
    }
    _ = try writeTrace(Self.trace(run: "a"), named: "a.jsonl", in: traces)
    let site = work.appendingPathComponent("site").path
    let preview = try PreviewProcess(
      [traces.path, "--output", site, "--jobs", "1"], environment: ["FLOWATLAS_STOP_AT": "3"])
    defer { if kill(preview.pid, 0) == 0 { _ = preview.stop() } }
    kill(try preview.stoppedBuild(), SIGCONT)
    _ = try preview.build(1)
    let before = Self.siteFiles(site)

    // Every page of the next site differs (the coordinator renamed): a half-written one would show.
    _ = try writeTrace(Self.trace(run: "a", coordinator: "StoreCoordinator"), named: "a.jsonl", in: traces)
    let build = try preview.stoppedBuild()
    #expect(preview.stop(with: SIGTERM) == SIGTERM)
    #expect(kill(build, 0) != 0, "the build ended with the preview")
    #expect(Self.siteFiles(site) == before)
    for path in SitePreview.paths { #expect(!FileManager.default.fileExists(atPath: site + "/" + path)) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["site"])
    #expect(preview.lines.filter { $0.hasPrefix("build ") }.count == 1)
  }

  /// A trace, `traces/a.jsonl`, whose screenshot is `traces/shots/home.capture` (a PNG, under a
  /// name of no picture type, in a folder of its own).
  static func traceWithAScreenshot(in folder: URL) throws -> (trace: String, shot: URL) {
    let traces = folder.appendingPathComponent("traces")
    try FileManager.default.createDirectory(
      at: traces.appendingPathComponent("shots"), withIntermediateDirectories: true)
    let shot = traces.appendingPathComponent("shots/home.capture")
    try Data(TestImages.png).write(to: shot)
    var lines = trace(run: "a")
    lines.append(#"{"seq":6,"event":"screen.image","screen":"s1","file":"shots/home.capture"}"#)
    return (try writeTrace(lines, named: "a.jsonl", in: traces), shot)
  }

  /// A trace given by name, whose screenshot is in a folder of its own under a name of no picture
  /// type: the preview learns from the build's record that it read it, watches it, and builds
  /// again when it changes, to a fresh build's bytes.
  @Test func aScreenshotTheBuildReadIsWatchedWhateverItsNameAndPlace() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, shot) = try Self.traceWithAScreenshot(in: folder)
    let site = folder.appendingPathComponent("site").path
    let preview = try PreviewProcess([trace, "--output", site, "--jobs", "1"])
    defer { if kill(preview.pid, 0) == 0 { _ = preview.stop() } }
    _ = try preview.build(1)
    try await Self.expectFreshBuild(of: [trace], equals: site, in: folder, "the first build")

    try Data(TestImages.jpeg).write(to: shot)
    #expect(try preview.build(2).hasSuffix("shots/home.capture changed"))
    try await Self.expectFreshBuild(of: [trace], equals: site, in: folder, "after the screenshot changed")
    #expect(preview.stop(with: SIGTERM) == SIGTERM)
  }

  /// The same screenshot rewritten while the first build is held part-way, after it read the
  /// picture and before the preview watches it: the preview finds it changed and builds again.
  // It finds the build a test stopped through `/proc` (``PreviewProcess/stoppedBuild()``).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
  func aScreenshotRewrittenWhileTheBuildRanIsBuiltAfterIt() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, shot) = try Self.traceWithAScreenshot(in: folder)
    let site = folder.appendingPathComponent("site").path
    // Every build stops itself at its second fault point (its second file written).
    let preview = try PreviewProcess(
      [trace, "--output", site, "--jobs", "1"], environment: ["FLOWATLAS_STOP_AT": "2"])
    defer { if kill(preview.pid, 0) == 0 { _ = preview.stop() } }

    let first = try preview.stoppedBuild()
    try Data(TestImages.jpeg).write(to: shot)
    kill(first, SIGCONT)
    _ = try preview.build(1)
    let second = try preview.stoppedBuild()
    kill(second, SIGCONT)
    #expect(try preview.build(2).hasSuffix("shots/home.capture changed"))
    try await Self.expectFreshBuild(of: [trace], equals: site, in: folder, "after the screenshot changed")
    #expect(preview.stop(with: SIGTERM) == SIGTERM)
  }

  /// A site that cannot be written (its folder's parent is a file): each build says why, the pages'
  /// warning comes once, and the stop does not claim a site was built.
  @Test func aSiteThatCannotBeWrittenIsNeverClaimed() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let site = trace + "/site"
    let preview = try PreviewProcess([trace, "--output", site, "--jobs", "1"])
    defer { if kill(preview.pid, 0) == 0 { _ = preview.stop() } }
    let first = try #require(preview.line(startingWith: "build 1: "), "\(preview.errors)")
    #expect(!first.hasPrefix("build 1: exit 0 "))
    #expect(preview.stop(with: SIGTERM) == SIGTERM)
    #expect(
      preview.errors.components(separatedBy: "open pages do not follow the builds").count == 2,
      "\(preview.errors)")
    #expect(
      preview.errors.contains("no build succeeded, so there is no site in \(site)"), "\(preview.errors)")
    #expect(!preview.errors.contains("holds the last site built"))
  }

  @Test func anInputThatIsNotThereIsAnInputError() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("traces").path
    let result = await flowatlas("preview", missing, "--output", folder.appendingPathComponent("site").path)
    #expect(result.status == ExitStatus.inputOutput.rawValue)
    #expect(result.err.contains(missing) && result.err.contains("no such file or folder"), "\(result.err)")
    let noInput = await flowatlas("preview")
    #expect(noInput.status == ExitStatus.usage.rawValue, "\(noInput.err)")
  }

  /// Which changes a build would read, and what it writes, which are never inputs.
  @Test func onlyWhatABuildReadsCounts() throws {
    let folder = try temporaryFolder().resolvingSymlinksInPath()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["traces", "notes", "contracts"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    let root = folder.path
    let arguments = try ParsedArguments(
      [
        root + "/traces", "--notes", root + "/notes", "--contract", root + "/contracts", "--output",
        root + "/traces/site",
      ],
      spec: Commands.preview)
    let inputs = try PreviewInputs(arguments, output: root + "/traces/site")
    func counts(_ path: String, folder isFolder: Bool = false) -> Bool {
      inputs.matters(FileWatcher.Change(path: root + path, isFolder: isFolder))
    }
    #expect(counts("/traces/run/one.jsonl") && counts("/traces/run", folder: true) && counts("/traces"))
    #expect(!counts("/traces/run/one.xcresult") && !counts("/traces/.one.jsonl.tmp"))
    // Screenshots beside the traces (screen.image) are read by a build too.
    #expect(
      counts("/traces/run/shots/home.png") && counts("/traces/run/list.JPG") && counts("/traces/a.jpeg"))
    #expect(!counts("/traces/run/.home.png.tmp") && !counts("/traces/run/home.gif"))
    #expect(counts("/notes/AuthCoordinator.md") && !counts("/notes/deep/AuthCoordinator.md"))
    #expect(!counts("/notes/.AuthCoordinator.md") && !counts("/notes/picture.png"))
    #expect(counts("/contracts/AuthCoordinator.mmd") && counts("/contracts/AuthCoordinator.dot"))
    #expect(!counts("/contracts/README.txt"))
    #expect(inputs.ignores(root + "/traces/site/index.html") && inputs.ignores(root + "/traces/site"))
    #expect(
      inputs.ignores(root + "/traces/.site.flowatlas-new-1234")
        && inputs.ignores(root + "/traces/.site.flowatlas-build.lock"))
    #expect(!inputs.ignores(root + "/traces/sites.jsonl") && !inputs.ignores(root + "/traces/.site.jsonl"))
  }

  @Test func theBuildGetsEveryOptionOfBuildAndTheInputsLast() throws {
    let arguments = try ParsedArguments(
      ["a.jsonl", "--notes", "n", "--strict", "--poll", "--jobs=2", "--", "--traces"], spec: Commands.preview)
    #expect(
      PreviewCommand.buildArguments(arguments) == [
        "build", "--notes=n", "--jobs=2", "--strict", "--", "a.jsonl", "--traces",
      ])
  }
}
