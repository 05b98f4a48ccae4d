import Foundation
import Testing

@testable import FlowAtlasCLI

/// `flowatlas check`: the CI gate, one test per rule, against a model.json and against traces.
@Suite struct CheckCommandTests {
  static let header = #"{"flowatlas":"trace","version":1,"app":"Mail","run":"read"}"#

  /// Inbox → Message, and a Compose flow that leaks when `leaks` is set.
  static func trace(withMessage: Bool = true, withSettings: Bool = false, leaks: [String] = []) -> [String] {
    var lines = [
      header,
      #"{"seq":1,"event":"coordinator.start","coordinator":"a","type":"InboxCoordinator"}"#,
      #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"InboxViewController"},"coordinator":"a"}"#,
    ]
    var seq = 2
    func add(_ event: String) {
      seq += 1
      lines.append(#"{"seq":\#(seq),"# + event)
    }
    if withMessage {
      add(#""event":"router.push","screen":{"id":"s2","type":"MessageViewController"},"coordinator":"a"}"#)
      add(#""event":"router.pop","coordinator":"a","screen":"s2"}"#)
    }
    if withSettings {
      add(#""event":"router.push","screen":{"id":"s3","type":"SettingsViewController"},"coordinator":"a"}"#)
      add(#""event":"router.pop","coordinator":"a","screen":"s3"}"#)
    }
    for (index, type) in leaks.enumerated() {
      add(#""event":"coordinator.attach","coordinator":"l\#(index)","type":"\#(type)","parent":"a"}"#)
      add(#""event":"coordinator.finish","coordinator":"l\#(index)"}"#)
    }
    return lines
  }

  static func folder(_ lines: [String], in parent: URL, _ name: String) throws -> String {
    let folder = parent.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    _ = try writeTrace(lines, named: "read.jsonl", in: folder)
    return folder.path
  }

  /// A baseline model.json of `lines`, written by `flowatlas model`.
  static func baseline(_ lines: [String], in parent: URL) async throws -> String {
    let traces = try folder(lines, in: parent, "baseline-traces")
    let path = parent.appendingPathComponent("model.json").path
    let result = await flowatlas("model", traces, "--output", path)
    #expect(result.status == 0)
    return path
  }

  @Test func anUnchangedAppPassesEveryRule() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let baseline = try await Self.baseline(Self.trace(), in: temp)
    let current = try Self.folder(Self.trace(), in: temp, "current")
    let result = await flowatlas("check", current, "--baseline", baseline, "--fail-on", "any")
    #expect(result.status == 0)
    #expect(result.out.isEmpty)
    #expect(result.err.contains("check passed"))
  }

  @Test(arguments: [
    ("added-screen", "screen SettingsViewController is new (not in the baseline)", true),
    (
      "added-transition",
      "InboxViewController → SettingsViewController (push by InboxCoordinator) is new (not in the baseline)",
      true
    ),
    ("removed-screen", "screen MessageViewController of the baseline is gone", false),
    (
      "removed-transition",
      "MessageViewController → InboxViewController (pop by InboxCoordinator) of the baseline is gone",
      false
    ),
  ])
  func eachChangeRuleFailsOnlyWhenChosen(rule: String, message: String, inCurrent: Bool) async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    // The new version drops the message screen and adds settings.
    let baseline = try await Self.baseline(Self.trace(), in: temp)
    let current = try Self.folder(Self.trace(withMessage: false, withSettings: true), in: temp, "current")
    let chosen = await flowatlas("check", current, "--baseline", baseline, "--fail-on", rule)
    #expect(chosen.status == 1)
    let line = try #require(chosen.out.split(separator: "\n").first { $0.contains(message) })
    #expect(line.hasSuffix(": error: Mail: \(message) [\(rule)]"))
    // Where: the trace line that first showed it, or its line in the baseline model.json.
    let place = inCurrent ? "\(current)/read.jsonl:4:" : "\(baseline):"
    #expect(line.hasPrefix(place))
    if !inCurrent { #expect(!line.hasPrefix("\(baseline):1:")) }
    #expect(chosen.err.contains("check failed: ") && chosen.err.contains(" \(rule)\n"))
    // Another rule chosen: the same finding is a warning and the check passes.
    let other = rule == "added-screen" ? "removed-screen" : "added-screen"
    let notChosen = await flowatlas("check", current, "--baseline", baseline, "--fail-on", other)
    #expect(notChosen.out.contains(": warning: Mail: \(message) [\(rule)]"))
  }

  /// A button that became a gesture: the same screens, kind and coordinator on another trigger is
  /// a change of the design, which `check` reports where the new trigger was first taken and
  /// `diff` lists (it said "No change").
  @Test func aTransitionTakenOnAnotherTriggerIsAChange() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    func trace(_ action: String) -> [String] {
      var lines = Self.trace(withMessage: false)
      lines.append(#"{"seq":3,"event":"user.action","screen":"s1","action":"\#(action)"}"#)
      lines.append(
        #"{"seq":4,"event":"router.push","screen":{"id":"s2","type":"MessageViewController"},"coordinator":"a"}"#
      )
      return lines
    }
    let baseline = try await Self.baseline(trace("Tap"), in: temp)
    let current = try Self.folder(trace("Swipe up"), in: temp, "current")
    let result = await flowatlas("check", current, "--baseline", baseline)
    #expect(result.status == 1)
    #expect(
      result.out
        == "\(current)/read.jsonl:5: error: Mail: InboxViewController → MessageViewController (push by "
        + #"InboxCoordinator) is taken on "Swipe up", the baseline's on "Tap" [changed-trigger]"# + "\n")
    let diff = await flowatlas("diff", baseline, current)
    #expect(diff.out.contains("1 transition taken another way.\n"), "\(diff.out)")
    #expect(
      diff.out.contains(
        "| `InboxViewController` | `MessageViewController` | push | `InboxCoordinator` | `Tap` | `Swipe up` |"
      ))
    let json = await flowatlas("diff", baseline, current, "--format", "json")
    #expect(json.out.contains(#""changedTriggers": ["#), "\(json.out)")
  }

  /// One app each side, under other names (a product renamed, a variant against the app it came
  /// from): compared with each other, as `diff` compares them, not as an app added and one removed.
  @Test func theOneAppOfEachSideIsComparedWhateverItsName() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let baseline = try Self.folder(Self.trace(), in: temp, "baseline")
    var renamed = Self.trace(withSettings: true)
    renamed[0] = renamed[0].replacingOccurrences(of: #""app":"Mail""#, with: #""app":"Mail Beta""#)
    let current = try Self.folder(renamed, in: temp, "current")
    let result = await flowatlas("check", current, "--baseline", baseline)
    #expect(result.status == 1)
    let rules = result.out.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" }
    #expect(
      rules.sorted() == ["[added-screen]", "[added-transition]", "[added-transition]"], "\(result.out)")
    #expect(result.out.contains("error: Mail Beta: screen SettingsViewController is new"))
    let site = temp.appendingPathComponent("site").path
    let build = await flowatlas("build", current, "--baseline", baseline, "--output", site)
    #expect(build.status == 0)
    #expect(!build.err.contains("the baseline has no app named"), "\(build.err)")
    #expect(FileManager.default.fileExists(atPath: site + "/mail-beta/changes.html"))
  }

  /// What `diff` lists beyond screens and transitions fails the gate too: a flow added, a screen
  /// moved to it, a container renamed.
  @Test func flowsMovesAndContainersAreChanges() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let old = [
      Self.header,
      #"{"seq":1,"event":"coordinator.start","coordinator":"a","type":"InboxCoordinator"}"#,
      #"{"seq":2,"event":"router.setRoot","screen":{"id":"t","type":"Tabs","hosts":["r"]},"coordinator":"a"}"#,
      #"{"seq":3,"event":"router.setRoot","screen":{"id":"s1","type":"InboxViewController"},"coordinator":"a","router":"r"}"#,
    ]
    var new = old
    new[2] = new[2].replacingOccurrences(of: #""Tabs""#, with: #""MainTabs""#)
    new[3] = #"{"seq":3,"event":"coordinator.start","coordinator":"b","type":"MailCoordinator","parent":"a"}"#
    new.append(
      #"{"seq":4,"event":"router.setRoot","screen":{"id":"s1","type":"InboxViewController"},"coordinator":"b","router":"r"}"#
    )
    let baseline = try Self.folder(old, in: temp, "baseline")
    let current = try Self.folder(new, in: temp, "current")
    let result = await flowatlas("check", current, "--baseline", baseline)
    #expect(result.status == 1)
    for expected in [
      "\(current)/read.jsonl:5: error: Mail: flow MailCoordinator is new (not in the baseline) [added-flow]",
      "\(current)/read.jsonl:5: error: Mail: screen InboxViewController is in MailCoordinator now, in "
        + "InboxCoordinator in the baseline [moved-screen]",
      "\(current)/read.jsonl:1: error: Mail: container MainTabs is new (not in the baseline) [added-container]",
      "\(baseline)/read.jsonl:1: error: Mail: container Tabs of the baseline is gone [removed-container]",
    ] {
      #expect(result.out.contains(expected + "\n"), "\(expected)\n\(result.out)")
    }
  }

  /// The traces checked given as their own baseline (a CI setting gone wrong): said, since the
  /// gate can then never fail.
  @Test func aBaselineThatIsTheTracesCheckedIsSaid() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let current = try Self.folder(Self.trace(), in: temp, "current")
    let result = await flowatlas("check", current, "--baseline", current + "/.")
    #expect(result.status == 0)
    #expect(result.err.contains("warning: the baseline \(current)/. is the traces checked"), "\(result.err)")
    let other = try Self.folder(Self.trace(), in: temp, "other")
    #expect(!(await flowatlas("check", current, "--baseline", other)).err.contains("is the traces checked"))
  }

  @Test func anyFailsOnEveryChange() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let baseline = try await Self.baseline(Self.trace(), in: temp)
    let current = try Self.folder(Self.trace(withMessage: false, withSettings: true), in: temp, "current")
    let result = await flowatlas("check", current, "--baseline", baseline)
    #expect(result.status == 1)
    for rule in ["added-screen", "removed-screen", "added-transition", "removed-transition"] {
      #expect(result.out.contains(": error: Mail: ") && result.out.contains("[\(rule)]"), "\(rule)")
    }
  }

  @Test func onlyNewProblemsCountAgainstABaseline() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let baseline = try await Self.baseline(Self.trace(leaks: ["ComposeCoordinator"]), in: temp)
    // The known leak is still there: no finding.
    let same = try Self.folder(Self.trace(leaks: ["ComposeCoordinator"]), in: temp, "same")
    let known = await flowatlas("check", same, "--baseline", baseline, "--fail-on", "new-problem")
    #expect(known.status == 0, "\(known.out)")
    // A new leak fails, named at its line.
    let more = try Self.folder(
      Self.trace(leaks: ["ComposeCoordinator", "SearchCoordinator"]), in: temp, "more")
    let new = await flowatlas("check", more, "--baseline", baseline, "--fail-on", "new-problem")
    #expect(new.status == 1)
    // (Its flow is new too: a warning, not in --fail-on.)
    let lines = new.out.split(separator: "\n").filter { !$0.contains(": warning: ") }
    #expect(lines.count == 1)
    #expect(lines.first?.contains(": error: new warning coordinator-leak: SearchCoordinator") == true)
    #expect(lines.first?.hasSuffix("[new-problem]") == true)
    #expect(lines.first?.hasPrefix("\(more)/read.jsonl:") == true)
    // Without a baseline every problem is new.
    let alone = await flowatlas("check", same, "--fail-on", "new-problem")
    #expect(alone.status == 1)
  }

  /// A known leak is known when one side was recorded with modules and the other without (the
  /// spec's bare `Type` for the one `Module.Type` of that name), either way round; another
  /// coordinator's leak is still new. Adopting revision 4's modules made every known leak "new".
  @Test(arguments: [false, true])
  func aKnownLeakIsKnownAcrossModules(baselineHasModules: Bool) async throws {
    let temp = try temporaryFolder()
    let bare = Self.trace(leaks: ["ComposeCoordinator"])
    let withModule = bare.map {
      $0.replacingOccurrences(
        of: #""type":"ComposeCoordinator""#, with: #""type":"ComposeCoordinator","module":"Mail""#)
    }
    #expect(withModule != bare)
    let baseline = try await Self.baseline(baselineHasModules ? withModule : bare, in: temp)
    let current = try Self.folder(baselineHasModules ? bare : withModule, in: temp, "current")
    let known = await flowatlas("check", current, "--baseline", baseline, "--fail-on", "new-problem")
    #expect(known.status == 0, "\(known.out)")
    let other = try Self.folder(
      Self.trace(leaks: ["SearchCoordinator"]).map {
        $0.replacingOccurrences(
          of: #""type":"SearchCoordinator""#, with: #""type":"SearchCoordinator","module":"Mail""#)
      }, in: temp, "other")
    let new = await flowatlas("check", other, "--baseline", baseline, "--fail-on", "new-problem")
    #expect(new.status == 1 && new.out.contains("Mail.SearchCoordinator"), "\(new.out)")
    // A nested type is no module: `Compose.Draft` recorded bare is `Mail.Compose.Draft`, and is not
    // the leak of a bare `Draft`.
    func nested(_ type: String, module: String?) -> [String] {
      Self.trace(leaks: [type]).map {
        $0.replacingOccurrences(
          of: #""type":"\#(type)""#,
          with: #""type":"\#(type)""# + (module.map { #","module":"\#($0)""# } ?? ""))
      }
    }
    let nestedBaseline = try await Self.baseline(
      nested("Compose.Draft", module: "Mail"), in: temp.appendingPathComponent("n"))
    let bareNested = try Self.folder(nested("Compose.Draft", module: nil), in: temp, "bare-nested")
    let nestedKnown = await flowatlas(
      "check", bareNested, "--baseline", nestedBaseline, "--fail-on", "new-problem")
    #expect(nestedKnown.status == 0, "\(nestedKnown.out)")
    let draftBaseline = try await Self.baseline(
      nested("Draft", module: nil), in: temp.appendingPathComponent("d"))
    let notDraft = await flowatlas(
      "check", bareNested, "--baseline", draftBaseline, "--fail-on", "new-problem")
    #expect(notDraft.status == 1, "\(notDraft.out)")
  }

  /// A flow that shows nothing on screen of its own (a tab's coordinator whose root is set in the
  /// background) is named where it started, in the traces, and at its entry in a model.json; it
  /// was named at line 1.
  @Test func aFlowWithNoTransitionOfItsOwnIsNamedWhereItStarted() async throws {
    let temp = try temporaryFolder()
    let tab = [
      #"{"seq":90,"event":"coordinator.start","coordinator":"t","type":"CardsCoordinator","parent":"a"}"#,
      #"{"seq":91,"event":"router.setRoot","screen":{"id":"t1","type":"CardsViewController"},"coordinator":"t","router":"cards","background":true}"#,
    ]
    let baseline = try Self.folder(Self.trace(), in: temp, "old")
    let current = try Self.folder(Self.trace() + tab, in: temp, "new")
    let startLine = Self.trace().count + 1
    let added = await flowatlas("check", current, "--baseline", baseline, "--fail-on", "added-flow")
    #expect(
      added.out.contains("\(current)/read.jsonl:\(startLine): error: Mail: flow CardsCoordinator is new"),
      "\(added.out)")
    let model = temp.appendingPathComponent("new.json").path
    #expect(await flowatlas("model", current, "--output", model).status == 0)
    let modelText = try String(contentsOfFile: model, encoding: .utf8)
    let entry = try #require(
      modelText.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.contains(#""type": "CardsCoordinator""#)
      })
    let removed = await flowatlas("check", baseline, "--baseline", model, "--fail-on", "removed-flow")
    #expect(
      removed.out.contains(
        "\(model):\(entry + 1): error: Mail: flow CardsCoordinator of the baseline is gone"),
      "\(removed.out)")
  }

  /// A known problem other than a leak (here a pop of nothing, `empty-stack`) is known whatever
  /// folder the traces are given from, and however the path is spelled: the baseline's traces in
  /// another folder, the current ones through `./` and `//`, or named as a file, against a
  /// model.json made from a spelling of its own. In another trace file it is new.
  @Test func aKnownProblemIsKnownFromAnotherFolderOrSpelling() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let emptyPop = #"{"seq":3,"event":"router.pop","coordinator":"a"}"#
    let lines = Array(Self.trace(withMessage: false).prefix(3)) + [emptyPop]
    let old = try Self.folder(lines, in: temp, "old")
    let current = try Self.folder(lines, in: temp, "current")
    let spelled = temp.path + "/./current/"
    let model = temp.path + "/spelled.json"
    #expect(await flowatlas("model", spelled, "--output", model).status == 0)
    for (input, baseline) in [
      (current, old), (spelled, old), (temp.path + "//current", old), (current + "/read.jsonl", old),
      (current, model), (temp.path + "//current/read.jsonl", model),
    ] {
      let result = await flowatlas("check", input, "--baseline", baseline, "--fail-on", "new-problem")
      #expect(result.status == 0, "\(input) against \(baseline): \(result.out)")
    }
    // The same words in another trace file are a new problem.
    let moved = temp.appendingPathComponent("moved")
    try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
    _ = try writeTrace(lines, named: "other.jsonl", in: moved)
    let other = await flowatlas("check", moved.path, "--baseline", old, "--fail-on", "new-problem")
    #expect(other.status == 1, "\(other.out)")
  }

  @Test func tracesServeAsABaselineToo() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let baseline = try Self.folder(Self.trace(), in: temp, "baseline")
    let current = try Self.folder(Self.trace(withMessage: false), in: temp, "current")
    let result = await flowatlas("check", current, "--baseline", baseline, "--fail-on", "removed-screen")
    #expect(result.status == 1)
    #expect(result.out.contains("\(baseline)/read.jsonl:4: error: Mail: screen MessageViewController"))
  }

  @Test func badInputIsAUsageOrInputError() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let current = try Self.folder(Self.trace(), in: temp, "current")
    let bogus = await flowatlas("check", current, "--fail-on", "added-screen,bogus")
    #expect(bogus.status == 2)
    #expect(bogus.err.contains("unknown --fail-on choice 'bogus'"))
    let notModel = temp.appendingPathComponent("other.json")
    try #"{"name": "x"}"#.write(to: notModel, atomically: true, encoding: .utf8)
    let wrong = await flowatlas("check", current, "--baseline", notModel.path)
    #expect(wrong.status == 3)
    #expect(wrong.err.contains("other.json: not a model.json"))
    let help = await flowatlas("check", "--help")
    for word in [
      "--baseline", "--fail-on", "added-screen", "new-problem", "EXIT STATUS", "for check, a finding",
    ] {
      #expect(help.out.contains(word), "\(word)")
    }
  }
}
