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
      }
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
