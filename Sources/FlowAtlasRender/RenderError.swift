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
  /// The diagram is larger than Graphviz lays out in bounded time and memory
  /// (``DiagramRenderer/admits(_:)``); it was not given to Graphviz at all.
  case tooLarge(DiagramLayoutSize)
  /// The app has no coordinator type with this name (for a flow diagram).
  case unknownCoordinator(String)
  /// The app has no run with this name (for a journey diagram).
  case unknownRun(String)
  /// The app has no screen type with this name (for a screen's neighbourhood).
  case unknownScreen(String)

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
      "Graphviz did not finish a layout in \(Int(seconds.rounded())) s and was stopped; every diagram it is "
        + "given takes seconds at most (docs/building.md, \"What is too large to draw\"), so this machine was "
        + "overloaded or Graphviz is stuck: run the command again"
    case .workerFailed(let message):
      "a render worker failed: \(message.trimmed); run the command again, and report it if it fails again"
    case .workerUnavailable(let path, let message):
      "cannot start the render worker \(path): \(message) (pass the flowatlas executable's path)"
    case .tooLarge(let size):
      "the diagram has \(size.boxes) boxes, \(size.lines) lines and \(size.crossings) rows crossed by lines, "
        + "more than Graphviz lays out in bounded time (at most \(DiagramRenderer.maximumLayoutNodes) boxes, "
        + "\(DiagramRenderer.maximumLayoutEdges) lines and \(DiagramRenderer.maximumLayoutCrossings) crossings)"
    case .unknownCoordinator(let name):
      "no coordinator type named \(name.debugDescription) in this app (see the hierarchy diagram for names)"
    case .unknownRun(let name):
      "no run named \(name.debugDescription) in this app (run names come from the trace headers)"
    case .unknownScreen(let name):
      "no screen type named \(name.debugDescription) in this app (see the app map for names)"
    }
  }
}

extension RenderError {
  /// True for what Graphviz itself answered about the DOT (it cannot read it, lay it out or
  /// write it), which is the same on every machine; false for what the machine decided (a
  /// deadline, a crash, a worker that could not start).
  package var isGraphvizsAnswer: Bool {
    switch self {
    case .invalidDOT, .layoutFailed, .renderFailed: true
    default: false
    }
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
