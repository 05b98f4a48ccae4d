import Testing

@testable import FlowAtlasCLI

@Suite struct ParsedArgumentsTests {
  @Test func positionalsOptionsAndFlags() throws {
    let parsed = try ParsedArguments(
      ["traces", "--output", "out", "--strict", "more.jsonl", "--notes=notes"], spec: Commands.build)
    #expect(parsed.positionals == ["traces", "more.jsonl"])
    #expect(parsed.value("--output") == "out")
    #expect(parsed.value("--notes") == "notes")
    #expect(parsed.has("--strict"))
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try ParsedArguments(["--", "--strict"], spec: Commands.model)
    #expect(parsed.positionals == ["--strict"])
    #expect(!parsed.has("--strict"))
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["--output"], "option '--output' needs a value"),
    (["--strict=yes"], "option '--strict' takes no value"),
  ])
  func usageErrors(arguments: [String], message: String) {
    #expect {
      _ = try ParsedArguments(arguments, spec: Commands.model)
    } throws: { error in
      guard case .usage(let text, let command) = error as? CommandLineError else { return false }
      return text.hasPrefix(message) && command == "model"
    }
  }
}
