import Foundation
import Testing

@testable import FlowAtlasCLI

/// The completion scripts, run by the real shells (bash, fish and zsh are installed by
/// `scripts/bootstrap --test`).
@Suite struct CompletionScriptTests {
  static func script(_ shell: String) async throws -> URL {
    let result = await flowatlas("completions", shell)
    #expect(result.status == 0)
    let url = try temporaryFolder().appendingPathComponent("flowatlas.\(shell)")
    try Data(result.out.utf8).write(to: url)
    return url
  }

  static func run(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(program) \(arguments): \(text)")
    return text
  }

  /// What bash offers for the words typed so far (the last one being completed).
  static func bash(_ script: URL, _ words: [String]) throws -> [String] {
    let typed = words.map { "'\($0)'" }.joined(separator: " ")
    let text = try run(
      "/bin/bash",
      [
        "-c",
        "source '\(script.path)'; COMP_WORDS=(\(typed)); COMP_CWORD=\(words.count - 1); _flowatlas; "
          + #"printf '%s\n' "${COMPREPLY[@]}""#,
      ])
    return text.split(separator: "\n").map(String.init)
  }

  @Test func bashOffersDeclaredSubcommandsOptionsAndValues() async throws {
    let script = try await Self.script("bash")
    #expect(try Self.bash(script, ["flowatlas", ""]).contains("completions"))
    #expect(try Self.bash(script, ["flowatlas", "bu"]) == ["build"])
    for spec in Commands.subcommands where !spec.isHidden {
      let offered = try Self.bash(script, ["flowatlas", spec.name, "--"])
      for option in spec.allOptions { #expect(offered.contains(option.name), "\(spec.name) \(option.name)") }
    }
    #expect(try Self.bash(script, ["flowatlas", "render", "x", "--format", "p"]).sorted() == ["pdf", "png"])
    #expect(try Self.bash(script, ["flowatlas", "check", "--fail-on", "new"]) == ["new-problem"])
    #expect(try Self.bash(script, ["flowatlas", "completions", "z"]) == ["zsh"])
    // A folder is offered for --output of build, and the traces for an input.
    let folder = try temporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("site"), withIntermediateDirectories: true)
    try Data().write(to: folder.appendingPathComponent("trace.jsonl"))
    #expect(
      try Self.bash(script, ["flowatlas", "build", "--output", folder.path + "/"]) == [folder.path + "/site"])
    #expect(
      try Self.bash(script, ["flowatlas", "build", folder.path + "/t"]) == [folder.path + "/trace.jsonl"])
  }

  @Test func fishOffersDeclaredSubcommandsOptionsAndValues() async throws {
    let script = try await Self.script("fish")
    func complete(_ line: String) throws -> [String] {
      try Self.run("/usr/bin/fish", ["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"])
        .split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }
    #expect(try complete("flowatlas ").contains("completions"))
    for spec in Commands.subcommands where !spec.isHidden {
      let offered = try complete("flowatlas \(spec.name) --")
      for option in spec.allOptions { #expect(offered.contains(option.name), "\(spec.name) \(option.name)") }
    }
    #expect(try complete("flowatlas diff a b --format j") == ["json"])
  }

  @Test func zshReadsItsScriptAndItNamesEveryOption() async throws {
    let script = try await Self.script("zsh")
    _ = try Self.run("/usr/bin/zsh", ["-n", script.path])
    let text = try String(contentsOf: script, encoding: .utf8)
    for spec in Commands.subcommands where !spec.isHidden {
      #expect(text.contains("    \(spec.name))"), "\(spec.name)")
      for option in spec.allOptions {
        #expect(text.contains("\(option.name)["), "\(spec.name) \(option.name)")
      }
    }
  }
}
