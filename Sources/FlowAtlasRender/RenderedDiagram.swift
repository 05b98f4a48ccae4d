import FlowAtlasModel

/// A drawn diagram: its bytes in one format and what was simplified to draw it.
package struct RenderedDiagram: Hashable, Sendable {
  /// What it shows; nil for the legend.
  package let subject: DiagramSubject?
  /// The SVG id of the diagram (every id inside starts with it).
  package let id: String
  package let format: OutputFormat
  /// The file's bytes. SVG is inline-ready: no XML prolog or doctype.
  package let bytes: [UInt8]
  /// The app map shows coordinators instead of screens.
  package let isCoordinatorLevel: Bool
  /// Something was left out or simplified; ``caption`` (also drawn) says what.
  package let isSimplified: Bool
  /// The note drawn under the diagram, if any.
  package let caption: String?
  /// Why the full drawing failed, when this is a fallback (Graphviz's message or the timeout).
  package let fallbackReason: RenderError?
  /// The DOT of the diagram asked for, before any fallback: with the renderer's options and
  /// version, all that decides the drawing, so a cache can file the drawing under its hash.
  package let source: [UInt8]

  /// The bytes as text, for SVG, DOT and Mermaid.
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}
