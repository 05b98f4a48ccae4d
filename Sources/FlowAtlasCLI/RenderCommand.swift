import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasTrace

/// `flowatlas render`: one diagram of one app, in any format.
enum RenderCommand {
  static func run(_ arguments: ParsedArguments, console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  {
    let formatName = OutputFile.format(
      given: arguments.value("--format"), output: arguments.value("--output"),
      among: [
        "svg": "svg", "png": "png", "pdf": "pdf", "dot": "dot", "gv": "dot", "mmd": "mermaid",
        "mermaid": "mermaid",
      ], fallback: "svg", console: console)
    guard let format = OutputFormat(rawValue: formatName) else {
      let known = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("unknown format '\(formatName)'; use one of \(known)", command: "render")
    }
    guard let diagramName = arguments.value("--diagram") else {
      throw .usage(
        "missing --diagram (\(diagramNames.joined(separator: ", ")))", command: "render")
    }
    var options = DiagramOptions()
    options.showBackTransitions = arguments.has("--back")
    // One worker process, not the caller's thread: it lays out on a stack of its own, and a
    // layout past the pool's deadline is stopped and reported instead of hanging the command.
    let renderer = DiagramRenderer(
      engine: .pool(RenderPool(executable: executable, workers: 1)), options: options)
    if diagramName == legend {
      let legend = try rendered { () throws(RenderError) in try renderer.legend(format: format) }
      try OutputFile.write(
        legend.bytes, to: arguments.value("--output"), console: console, isText: format.isText,
        command: "render")
      return .success
    }
    try OutputFile.checkNotAnInput(
      arguments.value("--output"), inputs: arguments.positionals, command: "render")
    let model = try TraceLoading.model(
      from: arguments.positionals, command: "render",
      keepsJourneys: DiagramSubject.Kind(naming: diagramName)?.row.isPerRun == true,
      console: console)
    let app = try chooseApp(in: model, named: arguments.value("--app"))
    let subject = try subject(named: diagramName, in: app, depth: try depth(arguments.value("--depth")))
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

  /// What `--diagram` takes besides the diagrams of an app: the key to every diagram's marks.
  static let legend = "legend"

  /// Every spelling `--diagram` takes, for help and messages: those of the table of diagram kinds
  /// (`app`, `hierarchy`, `flow:<CoordinatorType>`, …), then `legend`.
  static let diagramNames = DiagramSubject.argumentSpellings + [legend]

  /// The most steps each way `--depth` draws of a screen's neighbourhood.
  static let maximumDepth = 5

  /// `--depth`'s value: 1 when it is not given.
  static func depth(_ value: String?) throws(CommandLineError) -> Int {
    guard let value else { return 1 }
    guard let depth = Int(value), (1...maximumDepth).contains(depth) else {
      throw .usage(
        "--depth takes a number of steps from 1 to \(maximumDepth), not '\(value)'", command: "render")
    }
    return depth
  }

  static func subject(named name: String, in app: AppModel, depth: Int = 1) throws(CommandLineError)
    -> DiagramSubject
  {
    do { return try DiagramSubject.named(name, in: app, depth: depth, otherSpellings: [legend]) } catch {
      throw .usage(error.localizedDescription, command: "render")
    }
  }
}

extension OutputFormat {
  var isText: Bool { self == .svg || self == .dot || self == .mermaid }
}
