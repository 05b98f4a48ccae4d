import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import Foundation

/// `flowatlas check`: the CI gate. Compares the traces with a baseline and fails on the changes
/// and new problems it is told to.
enum CheckCommand {
  static func run(_ arguments: ParsedArguments, console: Console) throws(CommandLineError) -> ExitStatus {
    let rules = try failOn(arguments.value("--fail-on") ?? "any")
    let files = try TraceLoading.files(from: arguments.positionals, command: "check", console: console)
    let current = try TraceLoading.model(
      of: files, keepsJourneys: true, printsDiagnostics: false, console: console)
    try TraceLoading.requireComparable(
      current, read: arguments.positionals, failure: "nothing to check", printsDiagnostics: false,
      console: console)
    var baseline: NavigationModel?
    var baselinePlaces: NavigationCheck.Places?
    if let path = arguments.value("--baseline") {
      let side = try TraceLoading.modelOrTraces(
        path, command: "check", keepsJourneys: true, printsDiagnostics: false, withPlaces: true,
        console: console)
      baseline = side.model
      let shown = Printable.path(path)
      if !TraceLoading.isModelFile(path), let theirs = try? TraceInputs.scan([path]).files,
        Set(theirs.compactMap(OutputFile.identity)) == Set(files.compactMap(OutputFile.identity))
      {
        // A gate that can never fail: said, since CI would pass every change.
        console.err(
          "flowatlas: warning: the baseline \(shown) is the traces checked: no change can be found; give "
            + "the last release's traces, or the model.json 'flowatlas model' wrote of them\n")
      }
      baselinePlaces =
        side.places
        ?? NavigationCheck.Places(journeysOf: side.model, fallback: shown)
    }
    var contracts: [NavigationContract] = []
    if let folder = arguments.value("--contract") {
      do {
        let found = try NavigationContract.load(folder: folder)
        contracts = found.contracts
        TraceLoading.warn(aboutContracts: found.skipped, console: console)
      } catch {
        throw .inputOutput(error.localizedDescription)
      }
    }
    let baselineRoots =
      arguments.value("--baseline").map { TraceLoading.isModelFile($0) ? [] : roots([$0]) } ?? []
    let check = NavigationCheck(
      current: current,
      places: NavigationCheck.Places(journeysOf: current, fallback: files[0]),
      baseline: baseline, baselinePlaces: baselinePlaces, contracts: contracts,
      roots: roots(arguments.positionals), baselineRoots: baselineRoots)
    let failing = check.findings.filter { rules.contains($0.rule) }
    console.out(check.findings.map { $0.formatted(failing: rules.contains($0.rule)) + "\n" }.joined())
    let counts = Dictionary(grouping: failing, by: \.rule).map { "\($0.value.count) \($0.key.rawValue)" }
      .sorted()
    console.err(
      failing.isEmpty
        ? "flowatlas: check passed: \(check.findings.count) finding\(check.findings.count == 1 ? "" : "s"), "
          + "none of them in --fail-on\n"
        : "flowatlas: check failed: \(counts.joined(separator: ", "))\n")
    return failing.isEmpty ? .success : .strictFailure
  }

  /// The folders `paths` name, or hold, for a file: what a problem's trace path is taken within,
  /// so that the same trace given from another folder, or spelled another way, is the same.
  static func roots(_ paths: [String]) -> [String] {
    paths.map { path in
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return path }
      return TracePath.folder(of: path)
    }
  }

  /// What `--fail-on` accepts: each rule, and `any`.
  static let ruleNames = NavigationCheck.Rule.allCases.map(\.rawValue) + ["any"]

  /// The rules `list` names (comma-separated; `any` is all of them).
  static func failOn(_ list: String) throws(CommandLineError) -> Set<NavigationCheck.Rule> {
    var rules = Set<NavigationCheck.Rule>()
    for name in list.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      if trimmed == "any" {
        rules.formUnion(NavigationCheck.Rule.allCases)
      } else if let rule = NavigationCheck.Rule(rawValue: trimmed) {
        rules.insert(rule)
      } else {
        let choices = ruleNames.joined(separator: ", ")
        throw .usage(
          "unknown --fail-on choice '\(Printable.line(trimmed))'; choose from \(choices)", command: "check")
      }
    }
    return rules
  }
}
