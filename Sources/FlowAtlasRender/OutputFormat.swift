/// What a diagram is written as.
package enum OutputFormat: String, CaseIterable, Hashable, Sendable, Codable {
  /// Graphviz's SVG, with ids and classes for a web page.
  case svg
  /// A raster image, drawn by Graphviz's cairo renderer.
  case png
  /// A vector document, drawn by Graphviz's cairo renderer.
  case pdf
  /// The DOT source FlowAtlas generated, without layout.
  case dot
  /// Mermaid flowchart text, for Markdown hosts that draw it themselves.
  case mermaid

  /// True when Graphviz lays out and draws this format.
  package var needsLayout: Bool {
    switch self {
    case .svg, .png, .pdf: true
    case .dot, .mermaid: false
    }
  }

  /// The usual file name extension.
  package var fileExtension: String {
    switch self {
    case .mermaid: "mmd"
    default: rawValue
    }
  }
}
