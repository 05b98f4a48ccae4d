import FlowAtlasBuild
import FlowAtlasRender
import FlowAtlasSite
import Foundation

/// The `flowatlas` command line, as a library so tests call it in-process.
package enum FlowAtlasCommand {
  /// The version `--version` prints.
  package static let version = "0.1.0"

  /// Runs the command with `arguments` (without the program name) and returns the exit status.
  /// - Parameters:
  ///   - arguments: the command line after the program name.
  ///   - console: where results and diagnostics go.
  ///   - executable: this program's absolute path, for starting render workers (found via
  ///     `/proc/self/exe`, so it works when the program was found through `PATH`).
  ///
  /// Synchronous, on the caller's thread; tests run many at once, each on a thread of its own.
  /// A command interrupted by a signal (``InterruptCleanup``) never returns: the signal ends
  /// the process once what the command would leave is removed.
  package static func main(
    _ arguments: [String], console: Console = .standard,
    executable: String = RenderPool.currentExecutablePath ?? CommandLine.arguments.first ?? "flowatlas"
  ) -> Int32 {
    // Before any thread starts: glibc fixes how many heaps there may be when a thread first
    // finds one busy (the interruption's handler below starts one).
    if arguments.first == Commands.build.name { MallocTuning.oneHeapForAllThreads() }
    // Past a file-size limit (ulimit -f) a write must fail with EFBIG, reported, and its
    // temporary file removed, not kill the process with SIGXFSZ and leave the file behind.
    signal(SIGXFSZ, SIG_IGN)
    // An interrupted command removes its temporary output and its build lock.
    InterruptCleanup.install()
    let status: Int32
    do {
      status = try run(arguments, console: console, executable: executable).rawValue
    } catch {
      // A write that failed because an interruption removed its folder is no error to print.
      if Interruption.isInterrupted { Interruption.waitForTheEnd() }
      console.err("flowatlas: error: \(error.localizedDescription)\n")
      return error.status.rawValue
    }
    // The signal ends the process, with its own status, once its clean-up is done.
    if Interruption.isInterrupted { Interruption.waitForTheEnd() }
    return status
  }

  /// Finds the declared command the arguments name and runs it: `help <subcommand>`, a
  /// subcommand, or the root's own options (`--version`, `--help`; nothing: ``Commands/defaultCommand``
  /// in FlowAtlas's own checkout, help anywhere else).
  static func run(_ arguments: [String], console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  {
    let invocation = CommandSpec.Invocation(console: console, executable: executable)
    if arguments.first == "help" {
      return try help(for: Array(arguments.dropFirst()), console: console)
    }
    if let name = arguments.first, let spec = Commands.subcommands.first(where: { $0.name == name }) {
      let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: spec)
      if parsed.wantsHelp {
        console.out(spec.helpText())
        return .success
      }
      return try spec.run(parsed, invocation)
    }
    if let unknown = arguments.first, !unknown.hasPrefix("-") {
      throw .usage("unknown subcommand '\(unknown)'", command: "flowatlas")
    }
    let parsed = try ParsedArguments(arguments, spec: Commands.root)
    if parsed.wantsHelp {
      console.out(rootHelp)
      return .success
    }
    if parsed.has("--version") {
      console.out(versionText)
      return .success
    }
    // Alone, in FlowAtlas's own checkout: the examples' site; anywhere else, help, as any tool.
    guard ExamplesLauncher.isInFlowAtlasCheckout else {
      console.out(rootHelp)
      return .success
    }
    return try Commands.defaultCommand.run(ParsedArguments(), invocation)
  }

  /// `flowatlas help [<subcommand>]`.
  private static func help(for arguments: [String], console: Console) throws(CommandLineError) -> ExitStatus {
    guard let name = arguments.first else {
      console.out(rootHelp)
      return .success
    }
    guard let spec = Commands.subcommands.first(where: { $0.name == name && !$0.isHidden }) else {
      throw .usage("unknown subcommand '\(name)'", command: "flowatlas")
    }
    console.out(spec.helpText())
    return .success
  }

  /// `flowatlas --help` and `flowatlas help`: the root's options and every listed subcommand.
  static var rootHelp: String {
    Commands.root.helpText(usage: Commands.rootUsage, subcommands: Commands.subcommands)
  }

  /// What `--version` prints: the tool, the Graphviz it draws with and how that measures text,
  /// and the build whose caches it trusts (``CacheFormat``).
  static var versionText: String {
    """
    flowatlas \(version)
    Graphviz \(Graphviz.version); SVG text: \(Graphviz.svgTextMetrics.rawValue)
    text measurement: \(Graphviz.textMeasurement)
    build: \(CacheFormat.version) (what it keeps in .flowatlas-cache is trusted by this build alone)

    """
  }
}
