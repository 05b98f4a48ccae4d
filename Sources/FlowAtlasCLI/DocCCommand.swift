import FlowAtlasDocC
import FlowAtlasImages
import FlowAtlasModel
import FlowAtlasSite
import FlowAtlasTrace
import Foundation

/// `flowatlas docc`: the navigation as a DocC documentation catalog.
package enum DocCCommand {
  static let defaultOutput = "Navigation.docc"

  static func run(_ arguments: ParsedArguments, console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  {
    let workers = try BuildCommand.jobs(arguments)
    let output = arguments.value("--output") ?? defaultOutput
    try OutputFile.checkFolderPath(output, command: "docc")
    let module = arguments.value("--module")
    // Checked before the traces are read: a typo should not cost a whole model.
    if let module, !DocCCatalog.isModuleName(module) {
      throw .usage(DocCError.invalidModule(module).localizedDescription, command: "docc")
    }
    let lock = try OutputLock(output, console: console)
    defer { lock.release() }
    BuildCommand.warn(
      about: SiteBuilder.tidy(URL(fileURLWithPath: output, isDirectory: true)), console: console)
    let files = try TraceLoading.files(from: arguments.positionals, command: "docc", console: console)
    let traces = try TraceLoading.model(
      of: files, keepsJourneys: true, printsDiagnostics: false, console: console)
    // The screenshots the runs name, checked as a build checks them: each flow article shows them.
    let pictures = ScreenPictures.check(traces, makesThumbnails: false)
    let model = traces.withPictures(pictures)
    console.err(model.diagnostics.map { $0.formatted + "\n" }.joined())
    let baselines = try BuildCommand.baselines(
      for: model, from: arguments.value("--baseline"), command: "docc", console: console)
    try write(
      model, into: output, module: module, baselines: baselines, executable: executable, workers: workers)
    console.out(output + "\n")
    return TraceLoading.status(for: model, strict: arguments.has("--strict"))
  }

  /// Writes the catalog of `model` into `output`, its diagrams drawn by Graphviz workers.
  package static func write(
    _ model: NavigationModel, into output: String, module: String?, baselines: [String: AppModel] = [:],
    executable: String, workers: Int
  ) throws(CommandLineError) {
    do {
      var catalog = try DocCCatalog(
        model: model, diagrams: GraphvizDiagrams(executable: executable, workers: workers), module: module)
      catalog.baselines = baselines
      try catalog.write(into: URL(fileURLWithPath: output, isDirectory: true))
    } catch {
      switch error {
      case .invalidModule: throw .usage(error.localizedDescription, command: "docc")
      case .site(.writeFailed), .site(.foreignOutputFolder), .site(.outputIsNotAFolder),
        .site(.otherKindOfOutput), .site(.personsFileInTheWay):
        throw .inputOutput(error.localizedDescription)
      default: throw .render(error.localizedDescription)
      }
    }
  }

}
