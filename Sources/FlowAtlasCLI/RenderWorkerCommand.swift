import FlowAtlasRender

/// `flowatlas __render-worker`: a Graphviz worker process for parallel rendering.
/// Hidden from `--help`; the renderer's `RenderPool` starts it and speaks the
/// length-prefixed protocol on its stdin and stdout.
package enum RenderWorkerCommand {
  package static let name = "__render-worker"

  static func run() -> Int32 {
    MallocTuning.keepLargeBuffersInTheHeap()
    return RenderWorker.serve()
  }
}
