import FlowAtlasRender
import Foundation

/// `flowatlas __render-worker`: a Graphviz worker process for parallel rendering.
/// Hidden from `--help`; the renderer's `RenderPool` starts it and speaks the
/// length-prefixed protocol on its stdin and stdout.
package enum RenderWorkerCommand {
  package static let name = "__render-worker"

  static func run() -> Int32 {
    MallocTuning.keepLargeBuffersInTheHeap()
    if let lifeline = ProcessInfo.processInfo.environment[RenderWorker.lifelineVariable].flatMap(Int32.init) {
      RenderWorker.exitWhenLifelineEnds(lifeline)
    }
    return RenderWorker.serveOnALargeStack()
  }
}
