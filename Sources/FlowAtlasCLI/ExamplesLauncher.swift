import Foundation

/// `flowatlas examples` (and `flowatlas` alone): runs the examples runner, `flowatlas-examples`.
///
/// The bundled examples are apps of their own; linking them into the command-line library
/// would put four demo apps into every `flowatlas` a team installs. `swift run flowatlas`
/// builds the runner next to `flowatlas` (the executable depends on it), and this starts it
/// with the same standard output and error, returning its exit status.
enum ExamplesLauncher {
  static let runnerName = "flowatlas-examples"

  @MainActor
  static func run(console: Console, executable: String) throws(CommandLineError) -> ExitStatus {
    let runner = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(
      runnerName)
    guard FileManager.default.isExecutableFile(atPath: runner.path) else {
      throw .usage(
        "the bundled examples come with the FlowAtlas package: run 'swift run flowatlas' from its root "
          + "folder (this flowatlas has no \(runnerName) next to it); to document your own traces use "
          + "'flowatlas build'",
        command: "flowatlas")
    }
    let process = Process()
    process.executableURL = runner
    do {
      try process.run()
    } catch {
      throw .inputOutput("\(runner.path): cannot start the examples runner (\(error.localizedDescription))")
    }
    process.waitUntilExit()
    guard process.terminationReason == .exit else {
      throw .render("\(runnerName) was killed by signal \(process.terminationStatus)")
    }
    return ExitStatus(rawValue: process.terminationStatus) ?? .render
  }
}
