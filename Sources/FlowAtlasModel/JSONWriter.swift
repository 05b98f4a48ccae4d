import FlowAtlasBytes

/// A small pretty JSON writer: objects and arrays nest by closures, keys come out
/// in the order written, empty containers are `{}` and `[]`.
///
/// Written as UTF-8 bytes: a model of a million events makes a megabyte and more, and appending
/// to a `String` piece by piece cost ten times as much.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  private var depth = 0
  private var isFirst = true

  /// Writes an object whose fields the closure adds with ``field(_:_:)``.
  mutating func object(_ body: (inout JSONWriter) -> Void) {
    container(open: "{", close: "}", body)
  }

  /// Writes an array with one element per item.
  mutating func array<Element>(_ items: [Element], _ element: (inout JSONWriter, Element) -> Void) {
    container(open: "[", close: "]") { writer in
      for item in items {
        writer.separate()
        element(&writer, item)
      }
    }
  }

  /// Writes an array of strings.
  mutating func strings(_ items: [String]) {
    array(items) { writer, item in writer.string(item) }
  }

  /// Writes one `"key": value` field of the enclosing object.
  mutating func field(_ key: String, _ value: (inout JSONWriter) -> Void) {
    separate()
    string(key)
    bytes.append(": ")
    value(&self)
  }

  /// Writes a string, or `null` for nil.
  mutating func string(_ value: String?) {
    guard let value else {
      bytes.append("null")
      return
    }
    // The separators JavaScript once refused in strings are escaped: reports are read by scripts.
    JSONString.append(value, to: &bytes, options: .lineSeparators)
  }

  mutating func number(_ value: Int) {
    bytes.append(decimal: value)
  }

  mutating func boolean(_ value: Bool) {
    bytes.append(value ? "true" : "false")
  }

  private mutating func container(
    open: StaticString, close: StaticString, _ body: (inout JSONWriter) -> Void
  ) {
    bytes.append(open)
    depth += 1
    isFirst = true
    body(&self)
    depth -= 1
    if !isFirst { newline() }
    isFirst = false
    bytes.append(close)
  }

  /// Starts the next element or field: a comma after the previous one, then a new indented line.
  private mutating func separate() {
    if !isFirst { bytes.append(UInt8(ascii: ",")) }
    isFirst = false
    newline()
  }

  private mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    for _ in 0..<depth { bytes.append("  ") }
  }
}
