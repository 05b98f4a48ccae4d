import Foundation

/// `flowatlas examples` (and `flowatlas` alone): builds and runs the examples runner,
/// `flowatlas-examples`, from the FlowAtlas package's root folder.
///
/// The bundled examples are apps of their own; linking them into the tool would put four demo
/// apps into every `flowatlas` a team installs. So `swift run flowatlas` builds the tool alone,
/// and this asks SwiftPM for the runner in the same build folder and configuration (a no-op
/// when it is up to date), then starts it: SwiftPM's progress and the runner's messages go to
/// standard error, the runner's result to standard output.
enum ExamplesLauncher {
  static let runnerName = "flowatlas-examples"

  /// Whether the working folder is FlowAtlas's own checkout (its package, with the examples'
  /// runner), where `flowatlas` alone builds the examples' site; anywhere else it prints help.
  static var isInFlowAtlasCheckout: Bool {
    guard FileManager.default.fileExists(atPath: "examples/Runner/main.swift"),
      let manifest = FileManager.default.contents(atPath: "Package.swift")
    else { return false }
    return String(decoding: manifest, as: UTF8.self).contains(#"name: "FlowAtlas""#)
  }

  static func run(console: Console, executable: String) throws(CommandLineError) -> ExitStatus {
    let fileManager = FileManager.default
    guard fileManager.fileExists(atPath: "Package.swift"), fileManager.fileExists(atPath: "examples/Runner")
    else {
      throw .usage(
        "run 'flowatlas' without a subcommand from the FlowAtlas package's root folder "
          + "(it records examples/ and writes site/); to document your own traces use 'flowatlas build'",
        command: "flowatlas")
    }
    // `.build/<triple>/<configuration>/flowatlas`: build the runner there, the same way.
    let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    let configuration = folder.lastPathComponent
    guard ["debug", "release"].contains(configuration) else {
      throw .usage(
        "this flowatlas was not built by SwiftPM in this package (\(folder.path)); run 'swift run flowatlas'",
        command: "flowatlas")
    }
    let scratch = folder.deletingLastPathComponent().deletingLastPathComponent()
    let build = try runToEnd(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "build", "--product", runnerName, "-c", configuration, "--scratch-path", scratch.path],
      console: console, isResult: false)
    guard build == 0 else {
      throw .render("'swift build --product \(runnerName)' failed with status \(build) (its output is above)")
    }
    let status = try runToEnd(folder.appendingPathComponent(runnerName), [], console: console, isResult: true)
    return ExitStatus(rawValue: status) ?? .render
  }

  /// Runs `program` to its end, passing its standard error on as it comes (a long build is not
  /// silent) and its standard output to `console`'s output when it `isResult`, else to its errors.
  /// - Returns: its exit status.
  private static func runToEnd(
    _ program: URL, _ arguments: [String], console: Console, isResult: Bool
  ) throws(CommandLineError) -> Int32 {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    errors.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if !data.isEmpty { console.err(String(decoding: data, as: UTF8.self)) }
    }
    do {
      try process.run()
    } catch {
      throw .inputOutput("\(program.path): cannot start it (\(error.localizedDescription))")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    errors.fileHandleForReading.readabilityHandler = nil
    let rest = errors.fileHandleForReading.readDataToEndOfFile()
    if !rest.isEmpty { console.err(String(decoding: rest, as: UTF8.self)) }
    if isResult { console.out(text) } else if !text.isEmpty { console.err(text) }
    guard process.terminationReason == .exit else {
      throw .render("\(program.lastPathComponent) was killed by signal \(process.terminationStatus)")
    }
    return process.terminationStatus
  }
}
