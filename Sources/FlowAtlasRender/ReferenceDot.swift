import Foundation

/// The `dot` command line of the Graphviz under test, set up to draw as the in-process
/// renderer does, for what compares the two (the benchmarks, the renderer's tests).
///
/// "The Graphviz under test" is the first `dot` on `PATH`: Debian's, Homebrew's, or
/// `../shared/graphviz-14` once its `env` put it first. Its plugin folder is the one it reports
/// itself (`dot -v` prints `libdir = "…"`), and its plugin files are the ones its own config
/// names, so nothing here assumes a platform's paths or library suffixes.
package enum ReferenceDot {
  /// Why the reference `dot` could not be set up.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// The path of the first executable `dot` on `PATH`.
  /// - Throws: ``Failure`` when `PATH` has none.
  package static func executable() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    guard let dot = SearchPath.executable(named: "dot", environment: environment) else {
      throw Failure(description: "no dot on PATH (\(environment["PATH"] ?? "")): install Graphviz")
    }
    return dot
  }

  /// This process's environment with `changes` applied: what a `dot` run is given, so that a
  /// Graphviz found through `LD_LIBRARY_PATH` or `DYLD_LIBRARY_PATH` still finds its libraries.
  package static func environment(_ changes: [String: String] = [:]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(changes) { $1 }
  }

  /// Makes `folder` a Graphviz plugin folder (`GVBINDIR`) holding only the Graphviz under test's
  /// core (SVG) and dot layout plugins, and their config: a `dot` run with it measures text with
  /// Graphviz's built-in metrics, as FlowAtlas's SVG does, not with pango and the machine's fonts.
  /// - Returns: `folder`.
  /// - Throws: ``Failure`` when `dot` names no plugin folder, its config lists no core or dot
  ///   layout plugin, or `dot -c` fails.
  package static func pluginFolderWithoutPango(at folder: String) throws -> String {
    let dot = try executable()
    let system = try pluginFolder(of: dot)
    var libraries: [String] = []
    for config in (try? FileManager.default.contentsOfDirectory(atPath: system)) ?? []
    where config.hasPrefix("config") {
      let text = (try? String(contentsOfFile: "\(system)/\(config)", encoding: .utf8)) ?? ""
      // Each plugin library starts a line: `libgvplugin_core.so.6 core {`.
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        if words.count == 3, words[2] == "{", words[1] == "core" || words[1] == "dot_layout" {
          libraries.append(String(words[0]))
        }
      }
    }
    guard libraries.count == 2 else {
      throw Failure(description: "the config in \(system) lists no core and dot_layout plugin libraries")
    }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for library in libraries {
      let source = library.hasPrefix("/") ? library : "\(system)/\(library)"
      let link = "\(folder)/\((library as NSString).lastPathComponent)"
      try? FileManager.default.removeItem(atPath: link)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: source)
    }
    let status = try run(dot, ["-c"], environment: environment(["GVBINDIR": folder]))
    guard status.code == 0 else {
      throw Failure(description: "dot -c in \(folder) exited with \(status.code)")
    }
    return folder
  }

  /// The plugin folder `dot` reports with `-v`.
  static func pluginFolder(of dot: String) throws -> String {
    let status = try run(dot, ["-v", "-Tsvg"], environment: environment(), input: "digraph probe {}")
    for line in status.errors.split(separator: "\n") where line.hasPrefix("libdir = \"") {
      return String(line.dropFirst("libdir = \"".count).dropLast())
    }
    throw Failure(description: "\(dot) -v named no plugin folder (libdir)")
  }

  private static func run(
    _ executable: String, _ arguments: [String], environment: [String: String], input: String? = nil
  ) throws -> (code: Int32, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let errors = Pipe()
    let stdin = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}
