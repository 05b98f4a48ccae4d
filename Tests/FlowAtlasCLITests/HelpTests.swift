import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasCLI

/// Help text is part of the interface: golden files catch accidental changes.
/// `FLOWATLAS_RECORD=1` rewrites them and fails, so a re-record is never silent.
@Suite struct HelpTests {
  static let golden = Golden("Golden")

  @Test(arguments: [
    (["--help"], "help-root.txt"),
    (["help", "build"], "help-build.txt"),
    (["help", "preview"], "help-preview.txt"),
    (["model", "--help"], "help-model.txt"),
    (["render", "-h"], "help-render.txt"),
    (["check", "--help"], "help-check.txt"),
    (["docc", "--help"], "help-docc.txt"),
  ])
  func helpMatchesGolden(arguments: [String], file: String) async throws {
    let captured = CapturedConsole()
    let status = FlowAtlasCommand.main(
      arguments, console: captured.console, executable: builtExecutable)
    #expect(status == 0)
    try Self.golden.check(captured.out, name: file)
  }

  @Test func everyHelpListsSectionsAndExitStatuses() async {
    for spec in [Commands.root] + Commands.subcommands {
      let text = spec.helpText()
      for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "EXIT STATUS:"] {
        #expect(text.contains(section), "\(spec.name) help lacks \(section)")
      }
      for status in ExitStatus.allCases {
        #expect(
          text.contains("  \(status.rawValue) "), "\(spec.name) help lacks exit status \(status.rawValue)")
      }
    }
  }
}
