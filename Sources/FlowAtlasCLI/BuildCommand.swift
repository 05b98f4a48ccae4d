import FlowAtlasModel
import FlowAtlasSite
import Foundation

/// `flowatlas build`: the static site.
enum BuildCommand {
  static func run(_ arguments: ParsedArguments, console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  {
    let workers = try jobs(arguments)
    let model = try TraceLoading.model(
      from: arguments.positionals, command: "build", keepsJourneys: true, console: console)
    let output = arguments.value("--output") ?? "site"
    let index = try build(
      model, into: output, notes: arguments.value("--notes"), executable: executable, workers: workers)
    console.out(index + "\n")
    return TraceLoading.status(for: model, strict: arguments.has("--strict"))
  }

  /// Builds the site for `model` into `output` and returns the path of its `index.html`.
  static func build(
    _ model: NavigationModel, into output: String, notes: String?, executable: String, workers: Int
  ) throws(CommandLineError) -> String {
    if let notes {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: notes, isDirectory: &isDirectory), isDirectory.boolValue
      else {
        throw .usage("--notes \(notes): no such folder", command: "build")
      }
    }
    let provider = GraphvizDiagrams(executable: executable, workers: workers)
    let builder = SiteBuilder(
      model: model, diagrams: provider, notes: notes.map { URL(fileURLWithPath: $0, isDirectory: true) })
    do {
      _ = try builder.build(into: URL(fileURLWithPath: output, isDirectory: true))
    } catch let error as SiteError {
      throw .render(error.localizedDescription)
    } catch {
      throw .render("\(output): the site could not be built (\(error.localizedDescription))")
    }
    return (output as NSString).appendingPathComponent("index.html")
  }

  static func jobs(_ arguments: ParsedArguments) throws(CommandLineError) -> Int {
    guard let text = arguments.value("--jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
    guard let jobs = Int(text), (1...64).contains(jobs) else {
      throw .usage("--jobs \(text): give a number of processes from 1 to 64", command: "build")
    }
    return jobs
  }
}
