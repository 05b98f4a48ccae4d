import Foundation

/// Why a diagram could not be drawn.
package enum RenderError: Error, Hashable, Sendable, LocalizedError {
  /// Graphviz could not parse the DOT text; `message` is Graphviz's own text.
  case invalidDOT(message: String)
  /// Graphviz's layout failed (for example `trouble in init_rank`).
  case layoutFailed(message: String)
  /// Graphviz laid the graph out but could not write `format`.
  case renderFailed(format: OutputFormat, message: String)
  /// The format is text FlowAtlas writes itself, not something Graphviz draws.
  case notAGraphvizFormat(OutputFormat)
  /// The layout did not finish within the deadline; the worker was stopped.
  case timedOut(seconds: Double)
  /// A worker process crashed, exited or broke the protocol.
  case workerFailed(message: String)
  /// The worker executable is missing or cannot be started.
  case workerUnavailable(path: String, message: String)
  /// The diagram has more boxes or lines than Graphviz lays out in time and memory; it was
  /// not given to Graphviz at all.
  case tooLarge(nodes: Int, edges: Int)
  /// The app has no coordinator type with this name (for a flow diagram).
  case unknownCoordinator(String)
  /// The app has no run with this name (for a journey diagram).
  case unknownRun(String)

  package var errorDescription: String? {
    switch self {
    case .invalidDOT(let message):
      "Graphviz could not read the generated DOT: \(message.trimmed) (a FlowAtlas bug: please report it with the DOT file)"
    case .layoutFailed(let message):
      "Graphviz layout failed: \(message.trimmed) (FlowAtlas falls back to a simpler drawing; try --format dot to inspect)"
    case .renderFailed(let format, let message):
      "Graphviz could not write \(format.rawValue): \(message.trimmed) (check that Graphviz's cairo plugins are installed)"
    case .notAGraphvizFormat(let format):
      "\(format.rawValue) is text FlowAtlas writes itself; it needs no Graphviz rendering"
    case .timedOut(let seconds):
      "Graphviz layout took longer than \(seconds) s and was stopped (use a smaller diagram, e.g. one flow)"
    case .workerFailed(let message):
      "a render worker failed: \(message.trimmed) (the worker was restarted)"
    case .workerUnavailable(let path, let message):
      "cannot start the render worker \(path): \(message) (pass the flowatlas executable's path)"
    case .tooLarge(let nodes, let edges):
      "the diagram has \(nodes) boxes and \(edges) lines, more than Graphviz can lay out in time "
        + "(at most \(DiagramRenderer.maximumLayoutNodes) boxes and \(DiagramRenderer.maximumLayoutEdges) lines)"
    case .unknownCoordinator(let name):
      "no coordinator type named \(name.debugDescription) in this app (see the hierarchy diagram for names)"
    case .unknownRun(let name):
      "no run named \(name.debugDescription) in this app (run names come from the trace headers)"
    }
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
