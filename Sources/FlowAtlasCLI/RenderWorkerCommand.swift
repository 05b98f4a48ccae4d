/// `flowatlas __render-worker`: a Graphviz worker process for parallel rendering.
/// Hidden from `--help`; the renderer starts it.
enum RenderWorkerCommand {
  static let name = "__render-worker"

  static func run() -> Int32 { 70 }
}
