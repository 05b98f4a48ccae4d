import Foundation

/// The `dot` command line set up to draw as the in-process renderer does, for what compares
/// the two (the benchmarks, the renderer's tests).
public enum ReferenceDot {
  /// Why the reference `dot` could not be set up.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Makes `folder` a Graphviz plugin folder (`GVBINDIR`) holding only the system Graphviz's
  /// core (SVG) and dot layout plugins, and their config: a `dot` run with it measures text with
  /// Graphviz's built-in metrics, as FlowAtlas's SVG does, not with pango and the machine's fonts.
  /// - Returns: `folder`.
  /// - Throws: ``Failure`` when no Graphviz plugin folder is found or `dot -c` fails.
  public static func pluginFolderWithoutPango(at folder: String) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    guard
      let system = [
        "/usr/lib/x86_64-linux-gnu/graphviz", "/usr/lib/aarch64-linux-gnu/graphviz", "/usr/lib/graphviz",
      ]
      .first(where: { FileManager.default.fileExists(atPath: $0 + "/libgvplugin_core.so.6") })
    else { throw Failure(description: "no Graphviz plugin folder found") }
    for plugin in ["libgvplugin_core.so.6", "libgvplugin_dot_layout.so.6"] {
      try? FileManager.default.createSymbolicLink(
        atPath: folder + "/" + plugin, withDestinationPath: system + "/" + plugin)
    }
    let configure = Process()
    configure.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
    configure.arguments = ["-c"]
    configure.environment = ["GVBINDIR": folder]
    try configure.run()
    configure.waitUntilExit()
    guard configure.terminationStatus == 0 else {
      throw Failure(description: "dot -c in \(folder) exited with \(configure.terminationStatus)")
    }
    return folder
  }
}
