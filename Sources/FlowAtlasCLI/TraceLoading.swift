import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import Foundation

/// Reads the inputs a person named into a model, printing each diagnostic to standard error.
package enum TraceLoading {
  /// - Parameters:
  ///   - paths: trace files and folders, as given on the command line.
  ///   - command: the subcommand, for the usage hint when no input was given.
  ///   - keepsJourneys: false for commands that never show journeys (less memory).
  ///   - console: where diagnostics go.
  /// - Returns: the model of every trace found.
  /// - Throws: a usage error without inputs, an input/output error for a missing or unreadable path.
  package static func model(
    from paths: [String], command: String, keepsJourneys: Bool, console: Console
  ) throws(CommandLineError) -> NavigationModel {
    try model(
      of: try files(from: paths, command: command, console: console), keepsJourneys: keepsJourneys,
      console: console)
  }

  /// The trace files the inputs name (see ``TraceInputs``), sorted.
  /// - Throws: a usage error without inputs, an input/output error for a missing path or no traces.
  /// What a folder held that cannot be read safely is printed as a warning and passed over.
  static func files(from paths: [String], command: String, console: Console) throws(CommandLineError)
    -> [String]
  {
    guard !paths.isEmpty else {
      throw .usage("no input: give trace files (.jsonl) or folders holding them", command: command)
    }
    let found: TraceInputs.Found
    do {
      found = try TraceInputs.scan(paths)
    } catch {
      throw .inputOutput(error.localizedDescription)
    }
    for skipped in found.skipped {
      console.err("flowatlas: warning: \(Printable.path(skipped.path)): \(skipped.reason); skipped\n")
    }
    let files = found.files
    guard !files.isEmpty else {
      throw .inputOutput("no trace files (*.jsonl) in \(paths.joined(separator: ", ")); record some first")
    }
    return files
  }

  /// Warns of each file of a contract folder passed over (a check without it could pass).
  package static func warn(aboutContracts skipped: [TraceInputs.Skipped], console: Console) {
    for file in skipped {
      console.err(
        "flowatlas: warning: \(Printable.path(file.path)): \(file.reason); the contract is left out\n")
    }
  }

  /// The model of `files`, printing each diagnostic to standard error.
  /// - Parameter cache: replays to reuse and to file (see ``ReplayCache``), for `build`.
  static func model(
    of files: [String], keepsJourneys: Bool, cache: ReplayCache? = nil, printsDiagnostics: Bool = true,
    console: Console
  ) throws(CommandLineError) -> NavigationModel {
    let model: NavigationModel
    do {
      model = try ModelBuilder(keepsJourneys: keepsJourneys, cache: cache).build(files: files)
    } catch {
      throw .inputOutput(error.localizedDescription)
    }
    if printsDiagnostics, !model.diagnostics.isEmpty {
      console.err(model.diagnostics.map { $0.formatted + "\n" }.joined())
    }
    return model
  }

  /// One side of a comparison (`diff`, a `--baseline`): a `model.json` that `flowatlas model`
  /// wrote, or trace files and folders.
  ///
  /// A file is a model when its first bytes say so, whatever its name; one named `.json` (in
  /// any case) must be one. Either way the side must hold something to compare with: a file
  /// that is no trace, or a side with no app at all, is an error naming it, never an empty
  /// baseline that makes every screen look new.
  /// - Parameter withPlaces: also where a `model.json` writes each screen and transition, from
  ///   the same read (for `check`'s findings); nil for traces, or without it.
  static func modelOrTraces(
    _ path: String, command: String, keepsJourneys: Bool = false, printsDiagnostics: Bool = true,
    withPlaces: Bool = false, console: Console
  ) throws(CommandLineError) -> (model: NavigationModel, places: NavigationCheck.Places?) {
    let shown = Printable.path(path)
    if isModelFile(path) {
      // A path named on the command line may be a link; what it leads to must be a regular file.
      let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      let bytes: [UInt8]
      switch RegularFile.read(resolved, limit: 1 << 30) {
      case .success(let read): bytes = read
      case .failure(let problem):
        throw .inputOutput("\(shown): cannot read it (\(problem.reason))")
      }
      guard ModelImport.isModel(prefix: Array(bytes.prefix(256))) else {
        throw .inputOutput(
          "\(shown): not a model.json (it does not begin with \"flowatlas\": \"model\"); "
            + "give traces, or write the model with 'flowatlas model TRACES --output model.json'")
      }
      do {
        guard withPlaces else { return (try ModelImport.model(from: bytes, file: shown), nil) }
        let read = try ModelImport.modelAndPlaces(from: bytes, file: shown)
        return (read.model, read.places)
      } catch {
        throw .inputOutput(error.localizedDescription)
      }
    }
    let files = try files(from: [path], command: command, console: console)
    // Diagnostics are printed once the side is known to be one: a file that is none is named
    // by the error alone.
    let model = try model(of: files, keepsJourneys: keepsJourneys, printsDiagnostics: false, console: console)
    try requireComparable(
      model, read: [path], failure: "cannot compare with it", printsDiagnostics: printsDiagnostics,
      console: console)
    return (model, nil)
  }

  /// What traces must give to be compared or checked: a trace file given alone that is not a
  /// trace at all (no header, another format's version) is an error naming it, as is a model with
  /// no app; such a file in a folder, or among several files, is left out with a warning (even where
  /// diagnostics are not printed), as a build leaves it out. Never an empty side, which would
  /// make every screen look new, or gone, or a gate pass that read nothing.
  /// - Parameter printsDiagnostics: Print the model's diagnostics (read without), unless the
  ///   side is a file that is no trace, which the error names.
  static func requireComparable(
    _ model: NavigationModel, read paths: [String], failure: String, printsDiagnostics: Bool, console: Console
  ) throws(CommandLineError) {
    let unread = model.diagnostics.filter { $0.code == .missingHeader || $0.code == .unsupportedVersion }
    // One file given alone is the side; several (a shell's `traces/*.jsonl`) are read as a folder.
    var info = stat()
    if paths.count == 1, let path = paths.first, let first = unread.first, stat(path, &info) == 0,
      info.st_mode & S_IFMT == S_IFREG
    {
      throw .inputOutput("\(Printable.path(path)): \(failure): \(first.formatted)")
    }
    if printsDiagnostics {
      if !model.diagnostics.isEmpty { console.err(model.diagnostics.map { $0.formatted + "\n" }.joined()) }
    } else {
      for diagnostic in unread {
        console.err(
          Printable.line("flowatlas: warning: left out of the comparison: \(diagnostic.formatted)") + "\n")
      }
    }
    guard !model.apps.isEmpty else {
      let shown = paths.map(Printable.path).joined(separator: ", ")
      throw .inputOutput("\(shown): \(failure): no event of an app could be read from it")
    }
  }

  /// Whether `path` is to be read as a `model.json`: named so (in any case), or a regular file
  /// whose first bytes begin a model.
  static func isModelFile(_ path: String) -> Bool {
    if path.lowercased().hasSuffix(".json") { return true }
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard let prefix = try? RegularFile.prefix(of: resolved, count: 256).get() else { return false }
    return ModelImport.isModel(prefix: prefix)
  }

  /// The status for a command that wrote its output: 1 under `--strict` when any error was reported.
  static func status(for model: NavigationModel, strict: Bool) -> ExitStatus {
    strict && model.diagnostics.contains { $0.severity == .error } ? .strictFailure : .success
  }
}
