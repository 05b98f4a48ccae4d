import FlowAtlasModel
import FlowAtlasSite

/// Graphviz-shaped SVG without Graphviz: a root with an id and geometry, a node per subject with
/// the renderer's classes, a label escaped as Graphviz escapes it; `hostile` adds a `<script>`.
struct SimpleDiagrams: DiagramProvider {
  var hostile = false

  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]
  {
    var result: [DiagramSubject: String] = [:]
    for subject in subjects {
      let label = "\(subject)".replacing("&", with: "&amp;").replacing("<", with: "&lt;")
        .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
      result[subject] = """
        <svg xmlns="http://www.w3.org/2000/svg" width="120pt" height="40pt" viewBox="0 0 120 40">\
        <g id="graph0" class="graph"><g class="node screen"><polygon fill="#f6f8fa" points="0,0 120,0 120,40 0,40"/>\
        <text x="60" y="20">\(label)</text></g>\(hostile ? "<script>alert(1)</script>" : "")</g></svg>
        """
    }
    return result
  }
}
