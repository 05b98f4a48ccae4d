import FlowAtlasModel

/// A drawn diagram: its bytes in one format and what was simplified to draw it.
public struct RenderedDiagram: Hashable, Sendable {
  /// What it shows; nil for the legend.
  public let subject: DiagramSubject?
  /// The SVG id of the diagram (every id inside starts with it).
  public let id: String
  public let format: OutputFormat
  /// The file's bytes. SVG is inline-ready: no XML prolog or doctype.
  public let bytes: [UInt8]
  /// The app map shows coordinators instead of screens.
  public let isCoordinatorLevel: Bool
  /// Something was left out or simplified; ``caption`` (also drawn) says what.
  public let isSimplified: Bool
  /// The note drawn under the diagram, if any.
  public let caption: String?
  /// Why the full drawing failed, when this is a fallback (Graphviz's message or the timeout).
  public let fallbackReason: RenderError?
  /// The DOT of the diagram asked for, before any fallback: with the renderer's options and
  /// version, all that decides the drawing, so a cache can file the drawing under its hash.
  public let source: [UInt8]

  /// The bytes as text, for SVG, DOT and Mermaid.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
