/// Text made safe to print as one line of a terminal or a CI log.
///
/// A trace's file name, a run's name or any text from a trace may hold a newline or ESC; printed
/// raw, it could forge a `file:line: error:` line that CI annotates, or drive the terminal.
/// Every control character (C0, DEL, C1) is written as `\u{…}` instead.
package enum Printable {
  /// `text` with its control characters escaped.
  package static func line(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A path, escaped as ``line(_:)``.
  package static func path(_ path: String) -> String { line(path) }

  /// A control character (C0, DEL, C1), or a bidirectional control (which would reorder the rest
  /// of the line): what no text FlowAtlas writes (a terminal's line, DOT, Mermaid, DocC) shows as
  /// it is.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || Markup.isBidirectionalControl(scalar.value)
  }
}
