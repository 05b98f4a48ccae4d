import Foundation
import PackagePlugin

/// `swift package generate-navigation-docs`: the `flowatlas build` of a package's recorded
/// traces, as `swift package generate-documentation` is DocC's; with `--format docc`, the
/// `flowatlas docc` catalog to put in a module's own DocC catalog; with `--preview`, the
/// `flowatlas preview` that builds the site again as the traces change, until Ctrl-C.
///
///     swift package --allow-writing-to-package-directory generate-navigation-docs \
///       --traces Traces --output docs/navigation [--notes Notes] [--baseline model.json]
///       [--contract Contracts] [--preview] [any option of flowatlas build]
///     swift package --allow-writing-to-package-directory generate-navigation-docs --format docc \
///       --traces Traces --output Sources/App/App.docc/Navigation --module App [--baseline model.json]
///
/// `--traces` (repeatable; default `Traces`) names trace files or folders, `--format` what to
/// write (`site`, the default, or `docc`), `--output` its folder (default `docs/navigation`, or
/// `docs/Navigation.docc`); every other argument goes to `flowatlas build` (or `flowatlas docc`,
/// or `flowatlas preview`) as given. Relative paths are the package's.
@main
struct GenerateNavigationDocs: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let flowatlas = try context.tool(named: "flowatlas")
    let invocation = try Invocation(arguments, packageDirectory: context.package.directoryURL)
    let process = Process()
    process.executableURL = flowatlas.url
    process.arguments = invocation.buildArguments
    process.currentDirectoryURL = context.package.directoryURL
    // SwiftPM starts this plugin, and Foundation the tool, each in a process group of its own,
    // which Ctrl-C (or a signal to SwiftPM's group) does not reach. So the plugin stops the tool
    // once SwiftPM is gone, and a preview stops by itself once the plugin is gone
    // (`FLOWATLAS_STOP_WITH_PARENT`, flowatlas's `PreviewCommand`): each looks twice a second.
    var environment = ProcessInfo.processInfo.environment
    environment["FLOWATLAS_STOP_WITH_PARENT"] = "1"
    process.environment = environment
    let swiftPM = getppid()
    try process.run()
    while process.isRunning {
      if getppid() != swiftPM {
        // SIGTERM: the tool may have been started ignoring SIGINT, as a plugin's children are.
        process.terminate()
        break
      }
      try? await Task.sleep(for: .milliseconds(500))
    }
    process.waitUntilExit()
    // A preview runs until it is stopped, by Ctrl-C or SIGTERM: that is how it ends well.
    if invocation.verb == "preview", process.terminationReason == .uncaughtSignal,
      [SIGINT, SIGTERM, SIGHUP].contains(process.terminationStatus)
    {
      return
    }
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw PluginFailure(
        "flowatlas \(invocation.verb) exited with status \(process.terminationStatus) (see its message above)"
      )
    }
  }
}

/// The plugin's arguments as a `flowatlas build` (or `flowatlas docc`, `flowatlas preview`) command line.
struct Invocation {
  var traces: [String] = []
  /// `build` (the site), `docc` (the catalog) or `preview` (the site, built as the traces change).
  var verb = "build"
  var output: String
  var passed: [String] = []

  /// Options of `flowatlas build` whose value is a path, made the package's when relative.
  static let pathOptions: Set<String> = ["--notes", "--baseline", "--contract"]

  init(_ arguments: [String], packageDirectory: URL) throws {
    func path(_ text: String) -> String {
      text.hasPrefix("/") ? text : packageDirectory.appendingPathComponent(text).path
    }
    var givenOutput: String?
    var preview = false
    var index = 0
    func value(of option: String) throws -> String {
      guard index + 1 < arguments.count else { throw PluginFailure("\(option) needs a value") }
      index += 1
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--traces": traces.append(path(try value(of: argument)))
      case "--output": givenOutput = try value(of: argument)
      case "--preview": preview = true
      case "--format":
        switch try value(of: argument) {
        case "site": verb = "build"
        case "docc": verb = "docc"
        case let other: throw PluginFailure("--format \(other): give site or docc")
        }
      case _ where Self.pathOptions.contains(argument): passed += [argument, path(try value(of: argument))]
      default: passed.append(argument)
      }
      index += 1
    }
    if preview {
      guard verb == "build" else {
        throw PluginFailure("--preview builds the site: give it without --format docc")
      }
      verb = "preview"
    }
    if traces.isEmpty { traces = [path("Traces")] }
    output = path(givenOutput ?? (verb == "docc" ? "docs/Navigation.docc" : "docs/navigation"))
  }

  var buildArguments: [String] { [verb] + traces + ["--output", output] + passed }
}

struct PluginFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
