import FlowAtlasModel
import Foundation

/// The `flowatlas` command line, as a library so tests call it in-process.
public enum FlowAtlasCommand {
  /// Runs the command with `arguments` (without the program name) and returns the exit status.
  @MainActor
  public static func main(_ arguments: [String]) async -> Int32 {
    if arguments.first == RenderWorkerCommand.name {
      return RenderWorkerCommand.run()
    }
    FileHandle.standardError.write(Data("flowatlas: not yet implemented\n".utf8))
    return 70
  }
}
