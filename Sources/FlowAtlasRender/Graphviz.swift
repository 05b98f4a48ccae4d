import CGraphviz
import Foundation
import Synchronization

/// FlowAtlas's one door to Graphviz's C libraries: every C call lives in this file.
///
/// Graphviz keeps global state and crashes when two threads lay out at once, so
/// every call is serialized behind one lock. A layout cannot be interrupted:
/// callers that must never hang use ``RenderPool`` (worker processes with a
/// deadline) instead of calling this directly on a thread they care about.
///
/// Output is deterministic: each graph is parsed into its own arena allocator
/// (see `shim.h`), so rendering the same DOT twice in one process gives the same
/// bytes, the same bytes as the `dot` command line.
public enum Graphviz {
  /// The process's Graphviz context, created on first use and kept: loading the
  /// plugins again for every diagram would cost more than a small layout.
  private struct Context: ~Copyable {
    var pointer: OpaquePointer?
  }

  private static let context = Mutex(Context(pointer: nil))

  /// Graphviz's messages since the current render started. Written only by the
  /// error callback while `context` is held.
  private static let messages = Mutex("")

  /// Lays out `dot` with Graphviz's `dot` engine and draws it as `format`.
  ///
  /// - Parameters:
  ///   - dot: A complete DOT graph.
  ///   - format: `.svg`, `.png` or `.pdf`.
  /// - Returns: The drawing's bytes, exactly as Graphviz wrote them.
  /// - Throws: ``RenderError/invalidDOT(message:)``, ``RenderError/layoutFailed(message:)`` or
  ///   ``RenderError/renderFailed(format:message:)`` with Graphviz's own message;
  ///   ``RenderError/notAGraphvizFormat(_:)`` for `.dot` and `.mermaid`.
  public static func render(dot: String, format: OutputFormat) throws(RenderError) -> [UInt8] {
    try render(dotBytes: Array(dot.utf8), format: format)
  }

  /// ``render(dot:format:)`` for DOT text already in UTF-8, as the workers receive it.
  public static func render(dotBytes: [UInt8], format: OutputFormat) throws(RenderError) -> [UInt8] {
    let formatName: String
    switch format {
    case .svg: formatName = "svg"
    case .png: formatName = "png"
    case .pdf: formatName = "pdf"
    case .dot, .mermaid: throw .notAGraphvizFormat(format)
    }
    return try context.withLock { (context: inout Context) throws(RenderError) -> [UInt8] in
      let gvc: OpaquePointer
      if let existing = context.pointer {
        gvc = existing
      } else {
        beginMessages()
        guard let created = gvContext() else {
          throw .layoutFailed(message: "gvContext failed. \(takeMessages())")
        }
        context.pointer = created
        gvc = created
        if svgTextMetrics == .builtIn { takeOverTextMeasurement(in: created) }
      }
      // SVG by built-in metrics; PNG and PDF draw each label with the pango layout it was measured with.
      measurements.withLock { $0.isSVG = format == .svg }
      beginMessages()
      // The reader takes the length: no terminating NUL, no copy.
      let parsed =
        dotBytes.isEmpty
        ? fa_read_graph("", 0)
        : dotBytes.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { fa_read_graph($0.baseAddress!, $0.count) }
        }
      guard let graph = parsed else { throw .invalidDOT(message: takeMessages()) }
      defer { agclose(graph) }
      guard agerrors() == 0 else { throw .invalidDOT(message: takeMessages()) }

      guard gvLayout(gvc, graph, "dot") == 0, agerrors() == 0 else {
        let message = takeMessages()
        gvFreeLayout(gvc, graph)
        throw .layoutFailed(message: message)
      }
      defer { gvFreeLayout(gvc, graph) }

      var data: UnsafeMutablePointer<CChar>? = nil
      var length = 0
      let status = fa_render_data(gvc, graph, formatName, &data, &length)
      defer { if let data { gvFreeRenderData(data) } }
      guard status == 0, agerrors() == 0, let data else {
        throw .renderFailed(format: format, message: takeMessages())
      }
      return Array(UnsafeRawBufferPointer(start: data, count: length))
    }
  }

  /// How SVG measures label text: with metrics built into Graphviz, the same on every machine
  /// whatever fonts it has, or (where FlowAtlas cannot take over measurement, Graphviz 3 and
  /// newer) with pango and the machine's fonts.
  public enum TextMetrics: String, Sendable {
    case builtIn = "built-in metrics (the same on every machine)"
    case machineFonts = "pango with this machine's fonts"
  }

  /// The Graphviz release FlowAtlas was built against.
  public static let version = String(cString: fa_graphviz_version())

  /// The one switch on text measurement: `FLOWATLAS_TEXT_METRICS=fonts` measures SVG labels
  /// with pango and this machine's fonts, as the `dot` command line does, instead of with the
  /// built-in metrics. Render workers inherit it with the environment.
  public static let textMetricsSwitch = "FLOWATLAS_TEXT_METRICS"

  /// The text measurement SVG diagrams get here: built-in metrics where FlowAtlas can take over
  /// Graphviz's measurement (Graphviz 2.4x) and the switch does not say `fonts`.
  public static let svgTextMetrics: TextMetrics = {
    let choice = ProcessInfo.processInfo.environment[textMetricsSwitch]
    return fa_builtin_text_metrics() == 1 && choice != "fonts" ? .builtIn : .machineFonts
  }()

  /// One line on how text is measured, and why, for `flowatlas --version`.
  public static var textMeasurement: String {
    // Graphviz loads its plugins with its context: draw an empty graph to have one.
    _ = try? render(dot: "digraph plugins {}", format: .svg)
    let pango = fa_pango_available() == 1 ? "pango" : "no pango plugin: Graphviz's estimate"
    switch (svgTextMetrics, fa_builtin_text_metrics() == 1) {
    case (.builtIn, _):
      return "SVG by built-in metrics (FlowAtlas's textlayout plugin); PNG and PDF by \(pango)"
    case (.machineFonts, true):
      return "SVG, PNG and PDF by \(pango) (\(textMetricsSwitch)=fonts)"
    case (.machineFonts, false):
      return "SVG, PNG and PDF by \(pango): Graphviz \(version) cannot have its text measurement taken over"
    }
  }

  /// Which format is being drawn, and pango's measurement for PNG and PDF.
  private struct TextMeasurement {
    /// Pango's own textlayout function; nil where there is no pango plugin.
    var pango: fa_textlayout_fn?
    var isSVG = false
  }

  private static let measurements = Mutex(TextMeasurement())

  /// Makes Graphviz measure text through ``measureText``.
  ///
  /// SVG is measured with Graphviz's built-in metrics (its estimate from tables of Times,
  /// Helvetica and Courier widths, which it uses when no text layout answers), so the same DOT
  /// gives the same layout and the same bytes on every machine, whatever fonts it has; the
  /// browser draws the text with the fonts its reader has. PNG and PDF are drawn by cairo, which
  /// draws each label with the pango layout it was measured with: pango measures those.
  private static func takeOverTextMeasurement(in context: OpaquePointer) {
    measurements.withLock { $0.pango = fa_pango_textlayout() }
    _ = fa_install_textlayout(context, measureText)
  }

  private static let measureText: fa_textlayout_fn = { span, fontPath in
    Graphviz.measure(span, fontPath: fontPath)
  }

  private static func measure(
    _ span: UnsafeMutablePointer<textspan_t>?,
    fontPath: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> boolean {
    let (pango, isSVG) = measurements.withLock { ($0.pango, $0.isSVG) }
    // Not measured here: Graphviz then estimates from its built-in tables.
    guard !isSVG, let pango else { return 0 }
    return pango(span, fontPath)
  }

  /// Routes Graphviz's messages to ``messages`` and clears its sticky error state
  /// (`agerrors()` stays set after one error until reset).
  private static func beginMessages() {
    messages.withLock { $0 = "" }
    _ = agseterrf { text in
      // Graphviz sends one message in pieces ("Error", ": ", the text).
      if let text { Graphviz.messages.withLock { $0 += String(cString: text) } }
      return 0
    }
    _ = agreseterrors()
  }

  private static func takeMessages() -> String {
    let text = messages.withLock { $0 }
    return text.isEmpty ? "Graphviz reported no message" : text
  }
}
