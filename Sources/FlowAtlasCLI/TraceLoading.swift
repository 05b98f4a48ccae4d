import FlowAtlasModel
import FlowAtlasTrace

/// Reads the inputs a person named into a model, printing each diagnostic to standard error.
enum TraceLoading {
  /// - Parameters:
  ///   - paths: trace files and folders, as given on the command line.
  ///   - command: the subcommand, for the usage hint when no input was given.
  ///   - keepsJourneys: false for commands that never show journeys (less memory).
  ///   - console: where diagnostics go.
  /// - Returns: the model of every trace found.
  /// - Throws: a usage error without inputs, an input/output error for a missing or unreadable path.
  static func model(
    from paths: [String], command: String, keepsJourneys: Bool, console: Console
  ) throws(CommandLineError) -> NavigationModel {
    guard !paths.isEmpty else {
      throw .usage("no input: give trace files (.jsonl) or folders holding them", command: command)
    }
    let model: NavigationModel
    do {
      let files = try TraceInputs.files(in: paths)
      guard !files.isEmpty else {
        throw CommandLineError.inputOutput(
          "no trace files (*.jsonl) in \(paths.joined(separator: ", ")); record some first")
      }
      model = try ModelBuilder(keepsJourneys: keepsJourneys).build(files: files)
    } catch let error as CommandLineError {
      throw error
    } catch {
      throw .inputOutput(error.localizedDescription)
    }
    if !model.diagnostics.isEmpty {
      console.err(model.diagnostics.map { $0.formatted + "\n" }.joined())
    }
    return model
  }

  /// The status for a command that wrote its output: 1 under `--strict` when any error was reported.
  static func status(for model: NavigationModel, strict: Bool) -> ExitStatus {
    strict && model.diagnostics.contains { $0.severity == .error } ? .strictFailure : .success
  }
}
