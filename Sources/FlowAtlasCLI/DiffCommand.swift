import FlowAtlasModel

/// `flowatlas diff`: how an app's navigation changed between two versions.
enum DiffCommand {
  static func run(_ arguments: ParsedArguments, console: Console) throws(CommandLineError) -> ExitStatus {
    guard arguments.positionals.count == 2 else {
      throw .usage(
        "give exactly two inputs: the old version's traces, then the new version's", command: "diff")
    }
    let formatName = arguments.value("--format") ?? "markdown"
    guard formatName == "markdown" || formatName == "json" else {
      throw .usage("unknown format '\(formatName)'; use markdown or json", command: "diff")
    }
    let old = try side(arguments.positionals[0], app: arguments.value("--old-app"), console: console)
    let new = try side(arguments.positionals[1], app: arguments.value("--new-app"), console: console)
    let diff = NavigationDiff(old: old, new: new)
    let text = formatName == "json" ? diff.json : diff.markdown
    try OutputFile.write(
      Array(text.utf8), to: arguments.value("--output"), console: console, isText: true, command: "diff")
    return .success
  }

  private static func side(_ path: String, app: String?, console: Console) throws(CommandLineError)
    -> AppModel
  {
    let model = try TraceLoading.modelOrTraces(path, command: "diff", console: console).model
    do {
      return try RenderCommand.chooseApp(in: model, named: app)
    } catch .usage(let message, _) {
      throw .usage(
        "\(path): \(message.replacingOccurrences(of: "--app", with: "--old-app/--new-app"))", command: "diff")
    }
  }
}
