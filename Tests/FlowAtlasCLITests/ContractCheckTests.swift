import Foundation
import Testing

@testable import FlowAtlasCLI

/// `flowatlas check --contract`: recorded runs against flows' intended navigation.
@Suite struct ContractCheckTests {
  static func contracts(_ text: String, named name: String = "InboxCoordinator.mmd", in parent: URL) throws
    -> String
  {
    let folder = parent.appendingPathComponent("contracts")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    return folder.path
  }

  static let allowed = """
    flowchart TD
      start --> InboxViewController
      InboxViewController --> MessageViewController

    """

  @Test func aContractTheRunsFollowPasses() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let traces = try CheckCommandTests.folder(CheckCommandTests.trace(), in: temp, "traces")
    let contracts = try Self.contracts(Self.allowed, in: temp)
    let result = await flowatlas("check", traces, "--contract", contracts)
    #expect(result.status == 0, "\(result.out)")
    #expect(result.out.isEmpty)
  }

  /// A contract that is a link is not followed (it may lead anywhere); the check says so, since
  /// without it a check that should fail would pass in silence.
  @Test func aContractThatIsALinkIsNamedNotFollowed() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let traces = try CheckCommandTests.folder(CheckCommandTests.trace(withSettings: true), in: temp, "traces")
    let contracts = try Self.contracts(Self.allowed, named: "real.txt", in: temp)
    let link = contracts + "/InboxCoordinator.mmd"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.txt")
    let result = await flowatlas(
      "check", traces, "--contract", contracts, "--fail-on", "unexpected-transition")
    #expect(result.status == 0)
    #expect(
      result.err.hasPrefix(
        "flowatlas: warning: \(link): a symlink, not followed: contracts are read as files; "
          + "the contract is left out\n"))
  }

  @Test func anUnexpectedTransitionIsNamedAtItsTraceLine() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let traces = try CheckCommandTests.folder(CheckCommandTests.trace(withSettings: true), in: temp, "traces")
    let contracts = try Self.contracts(Self.allowed, in: temp)
    let result = await flowatlas(
      "check", traces, "--contract", contracts, "--fail-on", "unexpected-transition")
    #expect(result.status == 1)
    let line = try #require(result.out.split(separator: "\n").first)
    #expect(
      line.hasPrefix("\(traces)/read.jsonl:6: error: Mail: InboxViewController → SettingsViewController"))
    #expect(
      line.hasSuffix(
        "is not in InboxCoordinator's contract (\(contracts)/InboxCoordinator.mmd) [unexpected-transition]"))
  }

  /// Two runs: one opens the message on "Open" as the contract says, the other on "Peek" and then
  /// with no action. Each other way is named at the line that first took it, whatever the first
  /// run did (the merged triggers held "Open", and hid them).
  @Test func eachTimeOnAnActionTheContractLacksIsNamedAtItsLine() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let traces = temp.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    func run(_ name: String, _ actions: [String?]) throws {
      var lines = [
        #"{"flowatlas":"trace","version":1,"app":"Mail","run":"\#(name)"}"#,
        #"{"seq":1,"event":"coordinator.start","coordinator":"a","type":"InboxCoordinator"}"#,
        #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"InboxViewController"},"coordinator":"a"}"#,
      ]
      for (index, action) in actions.enumerated() {
        if let action {
          lines.append(#"{"seq":\#(lines.count),"event":"user.action","screen":"s1","action":"\#(action)"}"#)
        }
        lines.append(
          #"{"seq":\#(lines.count),"event":"router.push","screen":{"id":"m\#(index)","type":"MessageViewController"},"coordinator":"a"}"#
        )
        lines.append(#"{"seq":\#(lines.count),"event":"router.pop","coordinator":"a","screen":"m\#(index)"}"#)
      }
      _ = try writeTrace(lines, named: "\(name).jsonl", in: traces)
    }
    try run("a-as-agreed", ["Open"])
    try run("b-other-ways", ["Peek", nil])
    let contracts = try Self.contracts(
      """
      flowchart TD
        start --> InboxViewController
        InboxViewController -->|Open| MessageViewController

      """, in: temp)
    let result = await flowatlas(
      "check", traces.path, "--contract", contracts, "--fail-on", "unexpected-transition")
    #expect(result.status == 1, "\(result.out)")
    let found = result.out.split(separator: "\n").filter { $0.hasSuffix("[unexpected-transition]") }
    #expect(found.count == 2, "\(result.out)")
    #expect(
      found.contains {
        $0.hasPrefix("\(traces.path)/b-other-ways.jsonl:5: error: ") && $0.contains(#"on "Peek""#)
      }, "\(result.out)")
    #expect(
      found.contains {
        $0.hasPrefix("\(traces.path)/b-other-ways.jsonl:7: error: ") && $0.contains("with no action")
      })
  }

  /// A modular app's tab: the contract, written without modules, names the one `Module.Type` of
  /// each name, and the tab's first screen, put on screen by the app's tab bar (its container's
  /// `setRoot`, another coordinator's), exercises `start`.
  @Test func aContractWithoutModulesChecksATabOfAModularApp() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let traces = try CheckCommandTests.folder(
      [
        #"{"flowatlas":"trace","version":1,"app":"Wander","run":"trips"}"#,
        #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"AppCoordinator","module":"Wander"}"#,
        #"{"seq":2,"event":"coordinator.attach","coordinator":"c4","type":"TripsCoordinator","parent":"c1","module":"Wander"}"#,
        #"{"seq":3,"event":"coordinator.start","coordinator":"c4","type":"TripsCoordinator","parent":"c1","module":"Wander"}"#,
        #"{"seq":4,"event":"router.setRoot","screen":{"id":"s2","type":"TripListViewController","module":"Wander"},"coordinator":"c4","router":"r_trips","background":true}"#,
        #"{"seq":5,"event":"router.setRoot","screen":{"id":"s4","type":"MainTabBarController","module":"Wander","hosts":["r_trips"]},"coordinator":"c1","router":"window"}"#,
        #"{"seq":6,"event":"user.action","screen":"s2","action":"Show map"}"#,
        #"{"seq":7,"event":"router.push","screen":{"id":"s5","type":"MapViewController","module":"Wander"},"coordinator":"c4","router":"r_trips"}"#,
      ], in: temp, "traces")
    let contracts = try Self.contracts(
      """
      flowchart TD
        start --> TripListViewController
        TripListViewController -->|Show map| MapViewController

      """, named: "TripsCoordinator.mmd", in: temp)
    let result = await flowatlas("check", traces, "--contract", contracts)
    #expect(result.status == 0, "\(result.out)")
    #expect(result.out.isEmpty)
  }

  @Test func anUncoveredTransitionIsNamedAtItsContractLine() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let traces = try CheckCommandTests.folder(CheckCommandTests.trace(), in: temp, "traces")
    let contracts = try Self.contracts(
      Self.allowed + "  InboxViewController -->|Compose| ComposeViewController\n", in: temp)
    let result = await flowatlas(
      "check", traces, "--contract", contracts, "--fail-on", "uncovered-transition")
    #expect(result.status == 1)
    #expect(
      result.out
        == "\(contracts)/InboxCoordinator.mmd:4: error: Mail: InboxViewController → ComposeViewController on \"Compose\" "
        + "of InboxCoordinator's contract was never exercised [uncovered-transition]\n")
    // Not chosen: a warning, and the check passes.
    let passes = await flowatlas(
      "check", traces, "--contract", contracts, "--fail-on", "unexpected-transition")
    #expect(passes.status == 0)
    #expect(passes.out.contains(": warning: "))
  }

  @Test func aMalformedContractIsNamedWithItsLine() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let traces = try CheckCommandTests.folder(CheckCommandTests.trace(), in: temp, "traces")
    let contracts = try Self.contracts("flowchart TD\n  A --> B\n  A => C\n", in: temp)
    for command in [
      ["check", traces, "--contract", contracts],
      ["build", traces, "--contract", contracts, "--output", temp.appendingPathComponent("site").path],
    ] {
      let result = FlowAtlasCommand.main(
        command, console: CapturedConsole().console, executable: builtExecutable)
      #expect(result == 3, "\(command[0])")
    }
    let captured = CapturedConsole()
    _ = FlowAtlasCommand.main(
      ["check", traces, "--contract", contracts], console: captured.console, executable: builtExecutable)
    #expect(
      captured.err.contains(
        "\(contracts)/InboxCoordinator.mmd:3: not a contract FlowAtlas can read: not an edge"))
    #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("site").path))
  }

  @Test func theFlowPageShowsTheCoverage() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let traces = try CheckCommandTests.folder(CheckCommandTests.trace(withSettings: true), in: temp, "traces")
    let contracts = try Self.contracts(
      Self.allowed + "  InboxViewController -->|Compose| ComposeViewController\n", in: temp)
    let site = temp.appendingPathComponent("site").path
    let result = await flowatlas("build", traces, "--contract", contracts, "--output", site, "--jobs", "1")
    #expect(result.status == 0, "\(result.err)")
    let page = try String(contentsOfFile: site + "/mail/flow-inbox-coordinator.html", encoding: .utf8)
    #expect(page.contains(#"<h2 id="contract">"#))
    #expect(page.contains("<strong>66% covered: </strong>the recorded runs exercised 2 of the 3 transitions"))
    #expect(page.contains(#"<ul class="contract-uncovered">"#))
    #expect(page.contains("<code>Compose</code>"))
    #expect(page.contains(#"<ul class="contract-unexpected">"#))
  }
}
