import FlowAtlasRender
import Foundation

/// The `flowatlas` command line, as a library so tests call it in-process.
public enum FlowAtlasCommand {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs the command with `arguments` (without the program name) and returns the exit status.
  /// - Parameters:
  ///   - arguments: the command line after the program name.
  ///   - console: where results and diagnostics go.
  ///   - executable: this program's absolute path, for starting render workers (found via
  ///     `/proc/self/exe`, so it works when the program was found through `PATH`).
  @MainActor
  public static func main(
    _ arguments: [String], console: Console = .standard,
    executable: String = RenderPool.currentExecutablePath ?? CommandLine.arguments.first ?? "flowatlas"
  ) async -> Int32 {
    if arguments.first == RenderWorkerCommand.name {
      return RenderWorkerCommand.run()
    }
    // Past a file-size limit (ulimit -f) a write must fail with EFBIG, reported, and its
    // temporary file removed, not kill the process with SIGXFSZ and leave the file behind.
    signal(SIGXFSZ, SIG_IGN)
    do {
      return try await run(arguments, console: console, executable: executable).rawValue
    } catch {
      console.err("flowatlas: error: \(error.localizedDescription)\n")
      return error.status.rawValue
    }
  }

  @MainActor
  static func run(_ arguments: [String], console: Console, executable: String) async throws(CommandLineError)
    -> ExitStatus
  {
    var rest = arguments
    let first = rest.first
    if first == "help" {
      rest.removeFirst()
      guard let name = rest.first else {
        console.out(Commands.root.helpText(subcommands: Commands.subcommands))
        return .success
      }
      guard let spec = Commands.subcommands.first(where: { $0.name == name }) else {
        throw .usage("unknown subcommand '\(name)'", command: "flowatlas")
      }
      console.out(spec.helpText())
      return .success
    }
    guard let first, let spec = Commands.subcommands.first(where: { $0.name == first }) else {
      if arguments.contains("--help") || arguments.contains("-h") {
        console.out(Commands.root.helpText(subcommands: Commands.subcommands))
        return .success
      }
      let parsed = try ParsedArguments(arguments, spec: Commands.root)
      if parsed.has("--version") {
        console.out(
          "flowatlas \(version)\nGraphviz \(Graphviz.version); SVG text: \(Graphviz.svgTextMetrics.rawValue)\n"
        )
        return .success
      }
      if let unknown = parsed.positionals.first {
        throw .usage("unknown subcommand '\(unknown)'", command: "flowatlas")
      }
      return try await ExamplesCommand.run(console: console, executable: executable)
    }
    rest.removeFirst()
    if rest.contains("--help") || rest.contains("-h") {
      console.out(spec.helpText())
      return .success
    }
    let parsed = try ParsedArguments(rest, spec: spec)
    switch spec.name {
    case "model": return try ModelCommand.run(parsed, console: console)
    case "render": return try RenderCommand.run(parsed, console: console, executable: executable)
    case "diff": return try DiffCommand.run(parsed, console: console, executable: executable)
    case "check": return try CheckCommand.run(parsed, console: console)
    default: return try BuildCommand.run(parsed, console: console, executable: executable)
    }
  }
}
