import FlowAtlasModel

/// `flowatlas model`: the model other tools read, as `model.json`.
enum ModelCommand {
  static func run(_ arguments: ParsedArguments, console: Console) throws(CommandLineError) -> ExitStatus {
    try OutputFile.checkNotAnInput(
      arguments.value("--output"), inputs: arguments.positionals, command: "model")
    let model = try TraceLoading.model(
      from: arguments.positionals, command: "model", keepsJourneys: false, console: console)
    try OutputFile.write(
      ModelExport.jsonBytes(model), to: arguments.value("--output"), console: console, isText: true,
      command: "model")
    return TraceLoading.status(for: model, strict: arguments.has("--strict"))
  }
}
