import Foundation
import Testing

@testable import FlowAtlasCLI

/// Help, USAGE, parsing and completions all come from the declarations in ``Commands``.
@Suite struct DeclaredCommandTests {
  static let listed = [Commands.root] + Commands.subcommands.filter { !$0.isHidden }

  @Test func everyDeclaredOptionAndArgumentAppearsInUsageAndHelp() {
    for spec in Self.listed {
      let isRoot = spec.name == Commands.root.name
      let help = isRoot ? Commands.root.helpText(usage: Commands.rootUsage) : spec.helpText()
      let usage = spec.usage()
      for option in spec.allOptions {
        let written = option.takesValue ? "\(option.name) <\(option.valueName)>" : option.name
        #expect(
          help.contains("  \(option.short.map { "\($0), " } ?? "")\(written)"), "\(spec.name): \(written)")
        // The root's USAGE is the conventional "flowatlas [<subcommand>] [<options>]".
        if option.name != "--help" && !isRoot {
          #expect(usage.contains(written), "\(spec.name) USAGE lacks \(written)")
        }
        #expect(help.contains(option.help), "\(spec.name): \(option.name)'s help")
      }
      for argument in spec.arguments {
        #expect(usage.contains(argument.repeats ? "\(argument.name) ..." : argument.name), "\(spec.name)")
        #expect(help.contains("  \(argument.name)"), "\(spec.name): \(argument.name)")
      }
    }
  }

  @Test func everyListedSubcommandIsInTheRootHelpAndRunsItsHelp() async {
    let root = await flowatlas("--help")
    for spec in Commands.subcommands {
      #expect(root.out.contains("\n  \(spec.name) ") == !spec.isHidden, "\(spec.name)")
      guard !spec.isHidden else { continue }
      let help = await flowatlas(spec.name, "--help")
      #expect(help.status == 0 && help.out == spec.helpText(), "\(spec.name)")
    }
  }

  /// After `--`, `--help` is an input like any other: here a file that does not exist.
  @Test func helpAfterDoubleDashIsAnInput() async {
    let result = await flowatlas("model", "--", "--help")
    #expect(result.status == ExitStatus.inputOutput.rawValue, "\(result.err)")
    #expect(result.err.contains("--help"))
    #expect(!result.out.contains("OVERVIEW"))
  }

  @Test func aCommandWithoutArgumentsRefusesOne() async {
    let result = await flowatlas("examples", "extra")
    #expect(result.status == ExitStatus.usage.rawValue)
    #expect(result.err.contains("unexpected argument 'extra'"))
    let shells = await flowatlas("completions", "tcsh")
    #expect(shells.status == ExitStatus.usage.rawValue && shells.err.contains("bash, zsh, fish"))
  }

  @Test func theHiddenWorkerIsNotListedAnywhere() async {
    let root = await flowatlas("--help")
    #expect(!root.out.contains(RenderWorkerCommand.name))
    for shell in CompletionScript.shells {
      #expect(!(await flowatlas("completions", shell)).out.contains(RenderWorkerCommand.name), "\(shell)")
    }
    #expect((await flowatlas("help", RenderWorkerCommand.name)).status == ExitStatus.usage.rawValue)
  }

  /// With no subcommand, `flowatlas` runs the declared default, the examples, in FlowAtlas's
  /// own checkout; anywhere else it prints help, as any tool does, and writes nothing. Asked for
  /// by name there, the examples say where they must be run from.
  @Test func aloneOutsideTheCheckoutItPrintsHelpAndTheExamplesAreRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A package of the team's own: still not FlowAtlas's checkout.
    try Data("// swift-tools-version: 6.0\nlet package = Package(name: \"Shopfront\")\n".utf8)
      .write(to: folder.appendingPathComponent("Package.swift"))
    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: builtExecutable)
      process.arguments = arguments
      process.currentDirectoryURL = folder
      let (output, errors) = (Pipe(), Pipe())
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, out, err)
    }
    let alone = try run([])
    #expect(alone.status == 0)
    #expect(alone.out == FlowAtlasCommand.rootHelp)
    let examples = try run(["examples"])
    #expect(examples.status == ExitStatus.usage.rawValue)
    #expect(examples.err.contains("from the FlowAtlas package's root folder"), "\(examples.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Package.swift"])
    #expect(Commands.defaultCommand.name == Commands.examples.name)
  }
}
