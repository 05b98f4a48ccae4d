import FlowAtlasBytes
import FlowAtlasRender
import FlowAtlasTrace
import Foundation
import Testing

@testable import FlowAtlasCLI

/// Inputs made to break a promise, through the command line: baselines too big or not a model,
/// names that try to break out of Markdown, annotations, Graphviz's strings or the file system,
/// runs that share a name. (Found by the second adversarial pass; the numbers are its items.)
@Suite struct HostileInputTests {
  /// A model.json holding `count` apps with nothing in them.
  static func manyApps(_ count: Int) -> String {
    let apps = (0..<count).map {
      #"{"app":"App\#(String(format: "%06d", $0))","runs":[],"coordinators":[],"screens":[],"transitions":[]}"#
    }
    return #"{"flowatlas":"model","version":1,"apps":["# + apps.joined(separator: ",")
      + #"],"diagnostics":[]}"#
  }

  /// The Shop trace with its detail screen renamed.
  static func shop(detail: String) -> [String] {
    let escaped = JSONString.literal(detail)
    return shopTrace.map {
      $0.replacingOccurrences(of: #""ProductDetailViewController""#, with: escaped)
    }
  }

  // 2: thousands of apps in a baseline are looked up, not scanned, and named in a short message.
  @Test func aBaselineOfManyAppsIsCheckedAndNamedBriefly() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let baseline = folder.appendingPathComponent("base.json")
    try Self.manyApps(40_000).write(to: baseline, atomically: true, encoding: .utf8)
    let check = await flowatlas("check", trace, "--baseline", baseline.path, "--fail-on", "new-problem")
    #expect(check.status == 0, "\(check.err.prefix(300))")
    let diff = await flowatlas("diff", baseline.path, trace)
    #expect(diff.status == ExitStatus.usage.rawValue)
    #expect(diff.err.contains("'App000000'") && diff.err.contains("and 39990 more"))
    #expect(diff.err.utf8.count < 1000)
  }

  // 10: a screen name cannot end a table row, nor put ESC, NUL or BEL on standard output.
  @Test func aScreenNameCannotBreakOutOfTheDiffsMarkdown() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let hostile =
      "Detail\r\n| [link](https://evil.example) ![img](https://evil.example/i.png) |\u{1B}[31m\u{0}\u{7}"
    let old = try writeTrace(shopTrace, named: "old.jsonl", in: folder)
    let new = try writeTrace(Self.shop(detail: hostile), named: "new.jsonl", in: folder)
    let result = await flowatlas("diff", old, new)
    #expect(result.status == 0, "\(result.err)")
    let controls = result.out.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
    #expect(controls.isEmpty, "raw control characters: \(controls.map(\.value))")
    // The Markdown's list items and table rows (the Mermaid diagram after them quotes its labels).
    let rows = result.out.split(separator: "\n").filter {
      $0.contains("evil.example") && ($0.hasPrefix("|") || $0.hasPrefix("- "))
    }
    #expect(!rows.isEmpty)
    for row in rows {
      // The name stays inside one code span of one table cell or list item.
      #expect(!row.hasPrefix("| [link]") && !row.hasPrefix("![img]"), "\(row)")
      #expect(row.contains("`Detail  \\| [link]") || row.contains("`Detail  | [link]"), "\(row)")
    }
  }

  // 11: an app name with a newline cannot forge an annotation in a warning.
  @Test func aWarningCannotForgeAnAnnotation() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var lines = shopTrace
    lines[0] = lines[0].replacingOccurrences(
      of: #""app":"Shop""#, with: #""app":"Shop\nforged.swift:1: error: injected""#)
    let trace = try writeTrace(lines, named: "buy.jsonl", in: folder)
    // Two apps in the baseline, so that none is paired with the one app built whatever its name.
    let baselineFolder = folder.appendingPathComponent("base")
    try FileManager.default.createDirectory(at: baselineFolder, withIntermediateDirectories: true)
    _ = try writeTrace(shopTrace, named: "base.jsonl", in: baselineFolder)
    var other = shopTrace
    other[0] = other[0].replacingOccurrences(of: #""app":"Shop""#, with: #""app":"Other""#)
    _ = try writeTrace(other, named: "other.jsonl", in: baselineFolder)
    let site = folder.appendingPathComponent("site").path
    let result = await flowatlas(
      "build", trace, "--baseline", baselineFolder.path, "--output", site, "--jobs", "1")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.contains("the baseline has no app named"))
    #expect(!result.err.split(separator: "\n").contains { $0.hasPrefix("forged.swift:1: error:") })
  }

  // 12: the model-or-traces choice reads the file, not a case-sensitive suffix; a baseline
  // that holds nothing to compare with is an error naming it, not an empty baseline.
  @Test func aBaselineIsReadForWhatItIsOrRefused() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let model = folder.appendingPathComponent("Base.JSON").path
    #expect(await flowatlas("model", trace, "--output", model).status == 0)
    let renamed = folder.appendingPathComponent("baseline.model").path
    try FileManager.default.copyItem(atPath: model, toPath: renamed)
    for baseline in [model, renamed] {
      let check = await flowatlas("check", trace, "--baseline", baseline)
      #expect(check.status == 0, "\(baseline): \(check.out) \(check.err)")
    }
    let garbage = folder.appendingPathComponent("base.txt")
    try Data("this is no trace\n".utf8).write(to: garbage)
    let folderBaseline = folder.appendingPathComponent("empty-traces")
    try FileManager.default.createDirectory(at: folderBaseline, withIntermediateDirectories: true)
    try Data("{}\n".utf8).write(to: folderBaseline.appendingPathComponent("x.jsonl"))
    for baseline in [garbage.path, folderBaseline.path] {
      let check = await flowatlas("check", trace, "--baseline", baseline)
      #expect(check.status == ExitStatus.inputOutput.rawValue, "\(baseline): \(check.out)")
      #expect(check.err.contains("cannot compare with it"), "\(check.err)")
      let diff = await flowatlas("diff", baseline, trace)
      #expect(diff.status == ExitStatus.inputOutput.rawValue)
      // Why, once: the file's own problem (in the error, for a file given as the side).
      #expect(diff.err.components(separatedBy: "[missing-header]").count == 2, "\(diff.err)")
    }
  }

  // 12 (continued): the checked side is held to the baseline's rule. Traces that give no app
  // (an empty file, a newer format's version) once passed a gate narrowed to additions: every
  // baseline screen "gone", none "added".
  @Test func checkedTracesThatGiveNothingAreAnErrorNotAPassedGate() async throws {
    let folder = try temporaryFolder()
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    var newer = shopTrace
    newer[0] = newer[0].replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
    #expect(newer[0] != shopTrace[0])
    let newerTrace = try writeTrace(newer, named: "newer.jsonl", in: folder)
    let emptyFolder = folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: true)
    try Data().write(to: emptyFolder.appendingPathComponent("run.jsonl"))
    for (checked, named) in [
      ([newerTrace], "newer.jsonl"), ([emptyFolder.path], "empty"),
      ([newerTrace, newerTrace], "newer.jsonl"),
    ] {
      let check = await flowatlas(["check"] + checked + ["--baseline", trace, "--fail-on", "added-screen"])
      #expect(check.status == ExitStatus.inputOutput.rawValue, "\(checked): \(check.out) \(check.err)")
      #expect(check.err.contains("nothing to check") && check.err.contains(named), "\(check.err)")
    }
    // A file of a folder that is no trace is left out, named, and the rest checked (its
    // missing header a new problem, beside the baseline).
    try FileManager.default.copyItem(
      atPath: trace, toPath: emptyFolder.appendingPathComponent("buy.jsonl").path)
    let check = await flowatlas("check", emptyFolder.path, "--baseline", trace)
    #expect(check.status == ExitStatus.strictFailure.rawValue, "\(check.out) \(check.err)")
    #expect(
      check.err.contains("left out of the comparison") && check.err.contains("run.jsonl"), "\(check.err)")
    #expect(check.out.contains("missing-header") && !check.out.contains("removed-"), "\(check.out)")
    // So is one of several files named (a shell's `traces/*.jsonl`), as in a folder.
    let named = await flowatlas("check", trace, newerTrace, "--baseline", trace, "--fail-on", "added-screen")
    #expect(named.status == 0, "\(named.out) \(named.err)")
    #expect(
      named.err.contains("left out of the comparison") && named.err.contains("newer.jsonl"), "\(named.err)")
  }

  // 12 (continued): one file that is no trace, in a folder given as the baseline, is left out
  // of the comparison with a warning that names it, as a build leaves it out.
  @Test func oneUnreadableTraceInABaselineFolderIsNamedAndLeftOut() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let baseline = folder.appendingPathComponent("baseline")
    try FileManager.default.createDirectory(at: baseline, withIntermediateDirectories: true)
    _ = try writeTrace(shopTrace, named: "buy.jsonl", in: baseline)
    try Data().write(to: baseline.appendingPathComponent("empty.jsonl"))
    let check = await flowatlas("check", trace, "--baseline", baseline.path)
    #expect(check.status == 0, "\(check.out) \(check.err)")
    #expect(
      check.err.contains("left out of the comparison") && check.err.contains("empty.jsonl"), "\(check.err)")
  }

  // 14: findings against a model.json saved with CRLF line endings point at their own lines.
  @Test func findingsAgainstACRLFModelNameTheirLine() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = try writeTrace(shopTrace, named: "old.jsonl", in: folder)
    let plain = folder.appendingPathComponent("base.json").path
    #expect(await flowatlas("model", old, "--output", plain).status == 0)
    let text = try String(contentsOfFile: plain, encoding: .utf8)
    let windows = folder.appendingPathComponent("windows.json").path
    try text.replacingOccurrences(of: "\n", with: "\r\n").write(
      toFile: windows, atomically: true, encoding: .utf8)
    // The new version lost the detail screen: the finding is about the baseline's line.
    let new = try writeTrace(Array(shopTrace.prefix(3)), named: "new.jsonl", in: folder)
    let fromPlain = await flowatlas("check", new, "--baseline", plain)
    let fromWindows = await flowatlas("check", new, "--baseline", windows)
    let lines = { (out: String, file: String) in
      out.split(separator: "\n").filter { $0.hasPrefix(file + ":") }.map {
        $0.dropFirst(file.count + 1).prefix { $0 != ":" }
      }
    }
    let plainLines = lines(fromPlain.out, plain)
    #expect(!plainLines.isEmpty && !plainLines.contains("1"), "\(fromPlain.out)")
    #expect(lines(fromWindows.out, windows) == plainLines, "\(fromWindows.out)")
  }

  // Smaller: a missing --notes folder is an input error (exit 3), as a missing trace or
  // contract folder is.
  @Test func aMissingNotesFolderIsAnInputError() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let site = folder.appendingPathComponent("site").path
    let missing = folder.appendingPathComponent("no-notes").path
    let notes = await flowatlas("build", trace, "--notes", missing, "--output", site, "--jobs", "1")
    let contract = await flowatlas("build", trace, "--contract", missing, "--output", site, "--jobs", "1")
    #expect(notes.status == ExitStatus.inputOutput.rawValue, "\(notes.err)")
    #expect(contract.status == notes.status)
    #expect(notes.err.contains(missing))
  }
  // 15: a title or type past Graphviz's 16 KiB quoted-string limit is cut short in the DOT,
  // so the diagram is drawn and `--format dot` writes DOT that `dot` reads.
  @Test func aScreenNamePastGraphvizsQuotedStringLimitIsDrawn() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = String(repeating: "Tiramisu ", count: 1_823)  // 16,407 characters
    let lines = Self.shop(detail: "Detail" + long.replacingOccurrences(of: " ", with: "")).map {
      $0.replacingOccurrences(of: #""title":"Blue mug""#, with: #""title":"\#(long)""#)
    }
    let trace = try writeTrace(lines, named: "long.jsonl", in: folder)
    let svg = await flowatlas("render", trace, "--diagram", "app", "--format", "svg")
    #expect(svg.status == 0, "\(svg.err)")
    #expect(!svg.err.contains("too large") && !svg.out.contains("too large"))
    #expect(svg.out.contains("Tiramisu"))
    let dotFile = folder.appendingPathComponent("app.dot").path
    #expect(
      await flowatlas("render", trace, "--diagram", "app", "--format", "dot", "--output", dotFile).status == 0
    )
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try ReferenceDot.executable())
    process.arguments = ["-Tsvg", "-o", folder.appendingPathComponent("app.svg").path, dotFile]
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "dot refused the DOT")
  }
  // 13: two runs with one name (a retried UI test) keep their own pages and diagrams, and the
  // second is a `duplicate-run` warning naming the first.
  @Test func runsThatShareANameKeepTheirOwnJourneys() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try writeTrace(shopTrace, named: "a-first.jsonl", in: folder)
    _ = try writeTrace(Self.shop(detail: "RetriedDetailViewController"), named: "b-retry.jsonl", in: folder)
    let site = folder.appendingPathComponent("site").path
    let build = await flowatlas("build", folder.path, "--output", site, "--jobs", "1")
    #expect(build.status == 0, "\(build.err)")
    // Trace format revision 4: the second is `duplicate-run`, at its header line.
    #expect(
      build.err.contains(
        #"b-retry.jsonl:1: warning: app "Shop" has another run named "buy" (\#(first));"#),
      "\(build.err)")
    #expect(build.err.contains("[duplicate-run]"), "\(build.err)")
    let pages = try FileManager.default.contentsOfDirectory(atPath: site + "/shop").filter {
      $0.hasPrefix("journey-") && $0.hasSuffix(".html")
    }.sorted()
    #expect(pages.count == 2, "\(pages)")
    let texts = try pages.map { try String(contentsOfFile: site + "/shop/" + $0, encoding: .utf8) }
    let drawn = texts.map { text in
      (text.components(separatedBy: "<svg").dropFirst().first ?? "").contains("RetriedDetailViewController")
    }
    // Each page draws its own run: one the retry, one the first run.
    #expect(drawn.sorted { !$0 && $1 } == [false, true], "\(pages)")
    #expect(texts.allSatisfy { $0.contains("Same run name as") })

    let ambiguous = await flowatlas("render", folder.path, "--diagram", "run:buy", "--format", "mermaid")
    #expect(ambiguous.status == ExitStatus.usage.rawValue)
    #expect(ambiguous.err.contains("2 runs of app 'Shop' are named 'buy'"))
    #expect(ambiguous.err.contains(first))
    let chosen = await flowatlas("render", folder.path, "--diagram", "run:\(first)", "--format", "mermaid")
    #expect(chosen.status == 0, "\(chosen.err)")
    #expect(chosen.out.contains("ProductDetailViewController") && !chosen.out.contains("Retried"))
    // The file written another way names the same run.
    let written = first.replacingOccurrences(of: "/a-first", with: "/./a-first").replacingOccurrences(
      of: "/", with: "//")
    let same = await flowatlas("render", folder.path, "--diagram", "run:\(written)", "--format", "mermaid")
    #expect(same.status == 0 && same.out == chosen.out, "\(written): \(same.err)")
  }
  // Smaller findings: entities in names are drawn as written; Windows device names get other
  // folders; a baseline that repeats an app or gives a negative count is refused.
  @Test func anEntityInANameIsDrawnAsWritten() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(Self.shop(detail: "&#x41;dmin &amp; more"), named: "buy.jsonl", in: folder)
    let svg = await flowatlas("render", trace, "--diagram", "app", "--format", "svg")
    #expect(svg.status == 0)
    #expect(svg.out.contains("&amp;#x41;dmin &amp;amp; more"), "\(svg.out)")
    #expect(!svg.out.contains(">Admin"))
  }

  @Test func appsNamedForWindowsDevicesGetOtherFolders() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["CON", "nul", "Com1", "LPT9"] {
      var lines = shopTrace
      lines[0] = lines[0].replacingOccurrences(of: #""app":"Shop""#, with: #""app":"\#(name)""#)
      _ = try writeTrace(lines, named: "\(name).jsonl", in: folder)
    }
    let model = try TraceLoading.model(
      from: [folder.path], command: "model", keepsJourneys: false, console: CapturedConsole().console)
    #expect(model.apps.map(\.slug).sorted() == ["com1-2", "con-2", "lpt9-2", "nul-2"])
  }

  @Test(arguments: [
    (
      #"[{"app":"A","runs":[],"coordinators":[],"screens":[],"transitions":[]},"#
        + #"{"app":"A","runs":[],"coordinators":[],"screens":[],"transitions":[]}]"#, "a second app named"
    ),
    (
      #"[{"app":"A","runs":[],"coordinators":[],"screens":[],"transitions":["#
        + #"{"from":null,"to":"S","kind":"push","coordinator":null,"count":-9223372036854775808,"triggers":[]}]}]"#,
      "never negative"
    ),
  ])
  func aBaselineAModelCannotHoldIsRefused(apps: String, reason: String) async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let baseline = folder.appendingPathComponent("base.json")
    try (#"{"flowatlas":"model","version":1,"apps":"# + apps + #","diagnostics":[]}"#).write(
      to: baseline, atomically: true, encoding: .utf8)
    let check = await flowatlas("check", trace, "--baseline", baseline.path)
    #expect(check.status == ExitStatus.inputOutput.rawValue, "\(check.out)")
    #expect(check.err.contains(reason), "\(check.err)")
  }
}
