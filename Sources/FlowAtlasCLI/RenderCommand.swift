import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasTrace

/// `flowatlas render`: one diagram of one app, in any format.
enum RenderCommand {
  static func run(_ arguments: ParsedArguments, console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  {
    let formatName = arguments.value("--format") ?? "svg"
    guard let format = OutputFormat(rawValue: formatName) else {
      let known = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("unknown format '\(formatName)'; use one of \(known)", command: "render")
    }
    guard let diagramName = arguments.value("--diagram") else {
      throw .usage(
        "missing --diagram (app, hierarchy, flow:<CoordinatorType>, run:<run>, legend)", command: "render")
    }
    var options = DiagramOptions()
    options.showBackTransitions = arguments.has("--back")
    // One worker process, not the caller's thread: it lays out on a stack of its own, and a
    // layout past the pool's deadline is stopped and reported instead of hanging the command.
    let renderer = DiagramRenderer(
      engine: .pool(RenderPool(executable: executable, workers: 1)), options: options)
    if diagramName == "legend" {
      let legend = try rendered { () throws(RenderError) in try renderer.legend(format: format) }
      try OutputFile.write(
        legend.bytes, to: arguments.value("--output"), console: console, isText: format.isText,
        command: "render")
      return .success
    }
    let model = try TraceLoading.model(
      from: arguments.positionals, command: "render", keepsJourneys: diagramName.hasPrefix("run:"),
      console: console)
    let app = try chooseApp(in: model, named: arguments.value("--app"))
    let subject = try subject(named: diagramName, in: app)
    let diagram = try rendered { () throws(RenderError) in
      try renderer.render([subject], of: app, format: format)[0]
    }
    if let caption = diagram.caption { console.err(Printable.line("flowatlas: note: \(caption)") + "\n") }
    try OutputFile.write(
      diagram.bytes, to: arguments.value("--output"), console: console, isText: format.isText,
      command: "render")
    return TraceLoading.status(for: model, strict: false)
  }

  private static func rendered<T>(_ body: () throws(RenderError) -> T) throws(CommandLineError) -> T {
    do { return try body() } catch { throw .render(error.localizedDescription) }
  }

  static func chooseApp(in model: NavigationModel, named name: String?) throws(CommandLineError) -> AppModel {
    if let name {
      guard let app = model.app(named: name) else {
        throw .usage("no app named '\(name)' in the traces; they hold \(known(model))", command: "render")
      }
      return app
    }
    guard model.apps.count == 1, let app = model.apps.first else {
      if model.apps.isEmpty {
        throw .inputOutput("the traces hold no usable run (see the diagnostics above)")
      }
      throw .usage("the traces hold several apps (\(known(model))); choose one with --app", command: "render")
    }
    return app
  }

  /// The apps' names for a message: the first few, then how many more (a baseline may hold
  /// thousands, and a message is one line).
  static func known(_ model: NavigationModel) -> String {
    let shown = 10
    let names = model.apps.prefix(shown).map { "'\($0.name)'" }.joined(separator: ", ")
    return model.apps.count > shown ? names + " and \(model.apps.count - shown) more" : names
  }

  static func subject(named name: String, in app: AppModel) throws(CommandLineError) -> DiagramSubject {
    switch name {
    case "app": return .appMap
    case "hierarchy": return .hierarchy
    default: break
    }
    if name.hasPrefix("flow:") {
      let coordinator = String(name.dropFirst(5))
      guard app.flow(coordinator) != nil else {
        throw .usage(
          "no flow '\(coordinator)' in app '\(app.name)'; flows: \(app.flows.map(\.coordinator).joined(separator: ", "))",
          command: "render")
      }
      return .flow(coordinator: coordinator)
    }
    if name.hasPrefix("run:") {
      // By name; a name several runs share (a retried UI test) is refused, and each of them
      // is then named by its trace file, which `run:<file>` takes too.
      let run = String(name.dropFirst(4))
      let named = app.runs(named: run)
      if named.count == 1 { return .journey(run: named[0].slug) }
      if named.count > 1 {
        let choices = named.map { "run:\($0.file)" }.joined(separator: ", ")
        throw .usage(
          "\(named.count) runs of app '\(app.name)' are named '\(run)'; name one by its trace file: \(choices)",
          command: "render")
      }
      guard let byFile = app.runs.first(where: { $0.file == run }) else {
        throw .usage("no run '\(run)' in app '\(app.name)'", command: "render")
      }
      return .journey(run: byFile.slug)
    }
    throw .usage(
      "unknown diagram '\(name)'; use app, hierarchy, flow:<CoordinatorType>, run:<run> or legend",
      command: "render")
  }
}

extension OutputFormat {
  var isText: Bool { self == .svg || self == .dot || self == .mermaid }
}
