import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasSite

/// The site's diagrams, drawn by Graphviz in worker processes.
///
/// This is the one place the site meets the renderer: the site only knows
/// ``DiagramProvider``, the renderer only knows the model.
struct GraphvizDiagrams: DiagramProvider {
  let renderer: DiagramRenderer

  /// - Parameters:
  ///   - executable: this program, started as `__render-worker` processes.
  ///   - workers: processes to run at once.
  init(executable: String, workers: Int) {
    renderer = DiagramRenderer(engine: .pool(RenderPool(executable: executable, workers: workers)))
  }

  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]
  {
    try renderer.svgs(for: subjects, of: app, links: links)
  }

  /// Diagrams change with how the renderer draws and with its options, not only with the model.
  var cacheIdentity: String { "FlowAtlasRender \(DiagramStyleFingerprint.value) \(renderer.options)" }
}
