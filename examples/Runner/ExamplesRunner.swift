import AccountsExample
import FlowAtlasBuild
import FlowAtlasCLI
import FlowAtlasImages
import FlowAtlasJourneys
import FlowAtlasModel
import FlowAtlasRecording
import FlowAtlasRender
import FlowAtlasTrace
import Foundation
import InventoryExample
import PurchaseExample
import RecipesExample
import ShopExample
import TicketsExample

/// `flowatlas-examples`, what `flowatlas` with no subcommand runs: records every bundled
/// example's journeys and builds their site.
enum ExamplesRunner {
  /// The bundled examples: the folder under `examples/` and the journeys it scripts.
  @MainActor
  static let examples: [(folder: String, journeys: [ScriptedJourney])] = [
    ("Accounts", AccountsExample.journeys),
    ("Inventory", InventoryExample.journeys),
    ("Purchase", PurchaseExample.journeys),
    ("Recipes", RecipesExample.journeys),
    ("Shop", ShopExample.journeys),
    ("Tickets", TicketsExample.journeys),
  ]

  /// Runs the examples, or serves as a render worker when the renderer's pool starts this
  /// program as one (the site's diagrams are drawn in worker processes of the running program).
  @MainActor
  static func main(_ arguments: [String]) async -> Int32 {
    if arguments.first == RenderWorkerCommand.name { return FlowAtlasCommand.main(arguments) }
    let console = Console.standard
    guard arguments.isEmpty else {
      console.err(
        "flowatlas-examples: error: takes no arguments; 'flowatlas --help' lists what flowatlas does\n")
      return ExitStatus.usage.rawValue
    }
    do {
      return try run(
        console: console, executable: RenderPool.currentExecutablePath ?? CommandLine.arguments[0]
      )
      .rawValue
    } catch {
      console.err("flowatlas: error: \(error.localizedDescription)\n")
      return error.status.rawValue
    }
  }

  @MainActor
  static func run(console: Console, executable: String) throws(CommandLineError) -> ExitStatus {
    let fileManager = FileManager.default
    guard fileManager.fileExists(atPath: "Package.swift"), fileManager.fileExists(atPath: "examples") else {
      throw .usage(
        "run 'flowatlas' without a subcommand from the FlowAtlas package's root folder "
          + "(it records examples/ and writes site/); to document your own traces use 'flowatlas build'",
        command: "flowatlas")
    }
    var written: [String] = []
    for example in examples {
      written += try record(example.journeys, into: "examples/\(example.folder)/traces")
    }
    console.err("flowatlas: recorded \(written.count) journeys under examples/*/traces\n")
    let traces = try TraceLoading.model(
      from: examples.map { "examples/\($0.folder)/traces" }, command: "flowatlas", keepsJourneys: true,
      console: console)
    // The wireframes the journeys drew, read and checked as a device's screenshots are.
    let pictures = ScreenPictures.check(traces)
    let model = traces.withPictures(pictures)
    console.err(pictures.problems.map { $0.formatted + "\n" }.joined())
    try writeReview(of: model, console: console)
    // The design review's pair: Shop Digital's pages show what changed against Shop; the
    // checkout's contract shows its coverage on both apps' checkout pages.
    let contracts: [NavigationContract]
    do {
      let found = try NavigationContract.load(folder: "examples/Shop/contracts")
      contracts = found.contracts
      TraceLoading.warn(aboutContracts: found.skipped, console: console)
    } catch {
      throw .inputOutput(error.localizedDescription)
    }
    try BuildCommand.build(
      model, into: "site", notes: "examples/notes", executable: executable,
      workers: ProcessInfo.processInfo.activeProcessorCount,
      baselines: model.app(named: "Shop").map { ["Shop Digital": $0] } ?? [:], contracts: contracts,
      thumbnails: pictures.thumbnails)
    // The same explanation as a DocC catalog, as a team would merge it into its own docs.
    try DocCCommand.write(
      model, into: "docs/Navigation.docc", module: nil,
      baselines: model.app(named: "Shop").map { ["Shop Digital": $0] } ?? [:], executable: executable,
      workers: ProcessInfo.processInfo.activeProcessorCount)
    console.out("site/index.html\ndocs/Navigation.docc\n")
    return .success
  }

  /// The Shop example is a design review's pair: physical goods, then digital goods without the
  /// delivery steps. Its diff is written next to it, regenerated (and checked by CI) like the site.
  static func writeReview(of model: NavigationModel, console: Console) throws(CommandLineError) {
    guard let old = model.app(named: "Shop"), let new = model.app(named: "Shop Digital") else {
      throw .inputOutput("the Shop example's journeys did not record both Shop and Shop Digital")
    }
    let path = "examples/Shop/navigation-diff.md"
    try OutputFile.write(
      Array(NavigationDiff(old: old, new: new).markdown(withDiagramOf: old, new).utf8), to: path,
      console: console, isText: true,
      command: "flowatlas")
  }

  /// Records `journeys` as `<folder>/<app>/<run>.jsonl`, replacing the traces a previous run wrote,
  /// with a wireframe of each screen (`<folder>/<app>/images/`), as a device writes screenshots.
  ///
  /// The journeys run twice: first in memory, to learn what each app's journeys do on each
  /// screen (the buttons its wireframe shows), then into the files.
  /// - Returns: the paths written, sorted.
  @MainActor
  static func record(_ journeys: [ScriptedJourney], into folder: String) throws(CommandLineError) -> [String]
  {
    let fileManager = FileManager.default
    var paths: [String] = []
    do {
      var wireframes: [String: Wireframes] = [:]
      for journey in journeys {
        let sink = MemoryTraceSink()
        try journey.record(to: sink)
        wireframes[journey.app, default: Wireframes()].learn(from: sink.records)
      }
      if fileManager.fileExists(atPath: folder) { try fileManager.removeItem(atPath: folder) }
      for journey in journeys {
        let appFolder = "\(folder)/\(Slug.make(journey.app))"
        try fileManager.createDirectory(atPath: appFolder, withIntermediateDirectories: true)
        let path = "\(appFolder)/\(Slug.make(journey.run)).jsonl"
        guard !paths.contains(path) else {
          throw CommandLineError.inputOutput("two journeys of \(journey.app) write \(path); rename one run")
        }
        let writer = TraceWriter(path: path)
        try journey.record(to: writer, wireframes: wireframes[journey.app] ?? Wireframes(), folder: appFolder)
        if let failure = writer.failure {
          throw CommandLineError.inputOutput("\(path): \(failure)")
        }
        paths.append(path)
      }
    } catch let error as CommandLineError {
      throw error
    } catch {
      throw .inputOutput("\(folder): cannot record the example journeys (\(error.localizedDescription))")
    }
    return paths.sorted()
  }
}
