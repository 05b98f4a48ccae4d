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
    let contracts = try Self.contracts("flowchart TD\n  A --> B\n  A ==> C\n", in: temp)
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
