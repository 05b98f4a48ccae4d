import CMarkGFM
import Foundation

/// The one door to libcmark-gfm: every cmark call of the project is in this file.
///
/// Notes are rendered in cmark's safe mode (the default: raw HTML becomes a comment,
/// `javascript:` and other dangerous link schemes become empty links), with the GFM
/// table, strikethrough, autolink, task list and tag filter extensions.
enum Markdown {
  /// The cmark-gfm release that renders notes: a record of what a build was made from names it,
  /// since another release may render the same notes otherwise.
  static var libraryVersion: String { "cmark-gfm " + String(cString: cmark_version_string()) }

  /// HTML for `markdown`, its headings moved down by `headingShift` levels (at most h6)
  /// so that notes nest under the page's own headings.
  ///
  /// - Parameters:
  ///   - markdown: the notes text.
  ///   - headingShift: levels to add to every heading.
  /// - Returns: safe HTML, or nil when cmark could not parse (out of memory).
  static func html(_ markdown: String, headingShift: Int32 = 2) -> String? {
    cmark_gfm_core_extensions_ensure_registered()
    // CMARK_OPT_UNSAFE is never set: raw HTML and unsafe URLs are neutralised.
    let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SMART
    guard let parser = cmark_parser_new(options) else { return nil }
    defer { cmark_parser_free(parser) }
    for name in ["table", "strikethrough", "autolink", "tagfilter", "tasklist"] {
      if let extensionPointer = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, extensionPointer)
      }
    }
    let bytes = Array(markdown.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        cmark_parser_feed(parser, chars.baseAddress, chars.count)
      }
    }
    guard let document = cmark_parser_finish(parser) else { return nil }
    defer { cmark_node_free(document) }
    shiftHeadings(of: document, by: headingShift)
    guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser))
    else { return nil }
    defer { free(rendered) }
    return alignmentAsClasses(String(cString: rendered))
  }

  private static func shiftHeadings(of document: OpaquePointer, by shift: Int32) {
    guard shift != 0, let iterator = cmark_iter_new(document) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
        cmark_node_get_type(node) == CMARK_NODE_HEADING
      else { continue }
      cmark_node_set_heading_level(node, min(6, cmark_node_get_heading_level(node) + shift))
    }
  }

  /// cmark writes table alignment as `align="…"` (obsolete in HTML5) or as inline `style`
  /// (which the Content-Security-Policy blocks); a class keeps it. Text cannot match: cmark
  /// escapes every `"` in text as `&quot;`.
  private static func alignmentAsClasses(_ html: String) -> String {
    guard html.contains(" align=\"") else { return html }
    var result = html
    for side in ["left", "center", "right"] {
      result = result.replacing(" align=\"\(side)\"", with: " class=\"align-\(side)\"")
    }
    return result
  }
}
