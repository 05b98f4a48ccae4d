import CGraphviz
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
        rememberTextSizes(in: created)
      }
      // Only SVG: PNG and PDF draw each label with the pango layout it was measured with.
      measurements.withLock { $0.reusable = format == .svg }
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

  /// What pango said about each text Graphviz has asked it to measure.
  private struct TextMeasurements: ~Copyable {
    /// Pango's own textlayout function; nil until the memory is installed.
    var pango: fa_textlayout_fn?
    /// Whether answers may be reused for the current render.
    var reusable = false
    var sizes: [TextKey: TextSize] = [:]
    /// How many measurements were answered from `sizes` (for tests).
    var reused = 0
  }

  /// Everything pango's measurement depends on: the font's name, size and
  /// HTML flags (bold, italic, …), and the text itself.
  private struct TextKey: Hashable {
    /// The font's name, a NUL, then the text.
    var bytes: [UInt8]
    var fontSize: UInt64
    var flags: UInt32
  }

  /// Everything pango's measurement writes into a text span but the layout object.
  private struct TextSize {
    var width: Double
    var height: Double
    var baseline: Double
    var centerline: Double
    var measured: boolean
  }

  /// Beyond this many texts the memory starts again: a bound, never reached by a site.
  private static let textSizeLimit = 200_000

  private static let measurements = Mutex(TextMeasurements())

  /// Makes Graphviz measure text through ``measureText``.
  ///
  /// Graphviz asks pango for a label's size every time it meets the label; a
  /// journey names the same screens and actions hundreds of times, and a render
  /// worker draws hundreds of diagrams. Pango's answer depends only on what
  /// ``TextKey`` holds, so remembering it changes no byte of the SVG (the tests
  /// compare it with the `dot` command line's) and roughly halves pango's share
  /// of a journey's layout, from about 10% to about 4%.
  private static func rememberTextSizes(in context: OpaquePointer) {
    guard let pango = fa_pango_textlayout() else { return }
    measurements.withLock { $0.pango = pango }
    if fa_install_textlayout(context, measureText) == 0 {
      measurements.withLock { $0.pango = nil }
    }
  }

  /// Texts remembered and measurements answered from memory so far; both stay 0
  /// where Graphviz cannot be given the memory (no pango, a newer release).
  static var textMeasurementCounts: (remembered: Int, reused: Int) {
    measurements.withLock { ($0.sizes.count, $0.reused) }
  }

  private static let measureText: fa_textlayout_fn = { span, fontPath in
    Graphviz.measure(span, fontPath: fontPath)
  }

  private static func measure(
    _ span: UnsafeMutablePointer<textspan_t>?,
    fontPath: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> boolean {
    measurements.withLock { (memory: inout TextMeasurements) -> boolean in
      // Installed only once pango is known; without it Graphviz estimates.
      guard let pango = memory.pango else { return 0 }
      // A font path is asked for in verbose mode only, and is pango's to give.
      guard memory.reusable, fontPath == nil, let span, let font = span.pointee.font,
        let name = font.pointee.name, let text = span.pointee.str
      else { return pango(span, fontPath) }

      let nameLength = strlen(name)
      let textLength = strlen(text)
      var bytes = [UInt8]()
      bytes.reserveCapacity(nameLength + 1 + textLength)
      name.withMemoryRebound(to: UInt8.self, capacity: nameLength) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: nameLength))
      }
      bytes.append(0)
      text.withMemoryRebound(to: UInt8.self, capacity: textLength) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: textLength))
      }
      let key = TextKey(bytes: bytes, fontSize: font.pointee.size.bitPattern, flags: font.pointee.flags)

      if let known = memory.sizes[key] {
        memory.reused += 1
        span.pointee.size = pointf(x: known.width, y: known.height)
        span.pointee.yoffset_layout = known.baseline
        span.pointee.yoffset_centerline = known.centerline
        span.pointee.layout = nil
        span.pointee.free_layout = nil
        return known.measured
      }
      let measured = pango(span, nil)
      // The SVG renderer never reads the layout: free it now, as Graphviz
      // would with the span, so remembered and fresh spans look the same.
      if let layout = span.pointee.layout, let free = span.pointee.free_layout { free(layout) }
      span.pointee.layout = nil
      span.pointee.free_layout = nil
      if memory.sizes.count >= textSizeLimit { memory.sizes.removeAll(keepingCapacity: true) }
      memory.sizes[key] = TextSize(
        width: span.pointee.size.x, height: span.pointee.size.y,
        baseline: span.pointee.yoffset_layout, centerline: span.pointee.yoffset_centerline,
        measured: measured)
      return measured
    }
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
