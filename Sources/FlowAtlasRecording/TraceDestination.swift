/// Where an app writes the trace of its run, chosen from its launch environment, so that a UI
/// test, the simulator and a device each put it where it can be collected afterwards.
///
/// In order: the folder a UI test names (`FLOWATLAS_TRACE_DIR`), the simulator's shared
/// resources folder (`SIMULATOR_SHARED_RESOURCES_DIRECTORY`, which the Mac running the tests can
/// read), and last the app's caches folder (on a device; collect it from the app's container).
/// Each run gets a file of its own named after it, so parallel test runners never collide.
public struct TraceDestination: Hashable, Sendable {
  /// The variable a UI test sets to the folder traces go into.
  public static let folderVariable = "FLOWATLAS_TRACE_DIR"
  /// The variable a UI test sets to the run's name (the test's name).
  public static let runVariable = "FLOWATLAS_RUN"
  /// The folder the simulator gives every app it runs, readable from the Mac.
  public static let simulatorVariable = "SIMULATOR_SHARED_RESOURCES_DIRECTORY"
  /// The variable a UI test sets to the screenshots it wants (a ``ScreenshotPolicy``'s name).
  public static let screenshotsVariable = "FLOWATLAS_SCREENSHOTS"

  /// Where the folder came from.
  public enum Source: String, Hashable, Sendable {
    case launchEnvironment, simulator, caches
  }

  /// The folder the trace goes into (not created here).
  public let folder: String
  public let source: Source
  /// The run's name: the UI test's `FLOWATLAS_RUN`, else the name the app gave.
  public let run: String
  /// The screenshots a UI test asked for (`FLOWATLAS_SCREENSHOTS`: `firstOfEachType`,
  /// `everyTime`, `never`), or nil where none was asked for or the name is unknown: the app's
  /// own choice then holds. Pass it to `Recorder.takeScreenshots` with ``folder``.
  public let screenshots: ScreenshotPolicy?

  /// - Parameters:
  ///   - environment: the process's environment (`ProcessInfo.processInfo.environment`).
  ///   - caches: the app's caches folder, the last resort.
  ///   - run: the run's name when no UI test names it.
  public init(environment: [String: String], caches: String, run: String) {
    func value(_ name: String) -> String? {
      environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
    if let folder = value(Self.folderVariable) {
      (self.folder, source) = (Self.trimmed(folder), .launchEnvironment)
    } else if let shared = value(Self.simulatorVariable) {
      (folder, source) = (Self.trimmed(shared) + "/FlowAtlas/Traces", .simulator)
    } else {
      (folder, source) = (Self.trimmed(caches) + "/FlowAtlas/Traces", .caches)
    }
    self.run = value(Self.runVariable) ?? run
    screenshots = value(Self.screenshotsVariable).flatMap(ScreenshotPolicy.init(rawValue:))
  }

  /// The trace file for this run: `<folder>/<run as a file name>-<unique>.jsonl`.
  /// - Parameter unique: what tells apart two runs of the same name writing at once (a process
  ///   id and a time, or a random word); letters, digits and `-` are kept, the rest dropped.
  public func path(unique: String) -> String {
    let suffix = String(unique.unicodeScalars.filter(Self.isKept).map(Character.init)).prefix(32)
    return "\(folder)/\(Self.fileName(run))\(suffix.isEmpty ? "" : "-" + suffix).jsonl"
  }

  /// `run` as a file name: ASCII letters and digits kept (lowercased), every other run of
  /// characters one `-`, at most 80 characters; `run` when nothing is left.
  public static func fileName(_ run: String) -> String {
    var name = ""
    var gap = false
    for scalar in run.unicodeScalars {
      if isKept(scalar) && scalar != "-" {
        if gap && !name.isEmpty { name += "-" }
        name.unicodeScalars.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
        gap = false
      } else {
        gap = true
      }
      if name.count >= 80 { break }
    }
    return name.isEmpty ? "run" : name
  }

  private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
  }

  private static func trimmed(_ folder: String) -> String {
    var folder = folder
    while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
    return folder
  }
}
