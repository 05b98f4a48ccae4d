/// JSON string literals, written the one way every JSON FlowAtlas makes writes them: the
/// trace, `model.json`, diff reports and the site's search index.
///
/// `"` and `\` are escaped, the control characters and DEL become `\n`, `\r`, `\t`, `\b`, `\f`
/// or `\u00XX` (lowercase hex), and everything else is copied as its UTF-8 bytes, in runs.
package enum JSONString {
  package struct Options: OptionSet, Sendable {
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }

    /// U+2028 and U+2029 as `\u2028` and `\u2029`: JavaScript before ES2019 ended a string
    /// literal at them, so JSON that a script may read escapes them.
    package static let lineSeparators = Options(rawValue: 1 << 0)
    /// `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026` too, so no text can close the
    /// `<script>` element the literal sits in, and a bidirectional control as U+FFFD, as a page's
    /// markup has it (``Markup/isBidirectionalControl(_:)``); implies ``lineSeparators``.
    package static let scriptSafe = Options(rawValue: 1 << 1 | 1 << 0)
  }

  /// Appends `text` as a JSON string literal, quotes included.
  package static func append(_ text: String, to out: inout [UInt8], options: Options = []) {
    out.append(UInt8(ascii: "\""))
    text.withUTF8Bytes { appendEscaped($0, to: &out, options: options) }
    out.append(UInt8(ascii: "\""))
  }

  /// `text` as a JSON string literal.
  package static func literal(_ text: String, options: Options = []) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 2)
    append(text, to: &out, options: options)
    return String(decoding: out, as: UTF8.self)
  }

  /// Copies the runs that need no escape whole. `bytes` is valid UTF-8, so U+2028 and U+2029
  /// are known by their three bytes (E2 80 A8, E2 80 A9).
  private static func appendEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], options: Options
  ) {
    let scriptSafe = options.contains(.scriptSafe)
    let lineSeparators = options.contains(.lineSeparators)
    var copied = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      var length = 1
      // A short escape, or nil for `\u` and the four hex digits of `code`.
      let escape: StaticString?
      var code = UInt32(byte)
      switch byte {
      case 0x22: escape = #"\""#
      case 0x5C: escape = #"\\"#
      case 0x0A: escape = #"\n"#
      case 0x0D: escape = #"\r"#
      case 0x09: escape = #"\t"#
      case 0x08: escape = #"\b"#
      case 0x0C: escape = #"\f"#
      case 0x00..<0x20, 0x7F: escape = nil
      case 0x26 where scriptSafe, 0x3C where scriptSafe, 0x3E where scriptSafe: escape = nil
      case 0xE2
      where lineSeparators && index + 2 < bytes.count && bytes[index + 1] == 0x80
        && (0xA8...0xA9).contains(bytes[index + 2]):
        escape = nil
        code = 0x2000 | UInt32(bytes[index + 2] - 0x80)
        length = 3
      case 0xE2 where scriptSafe && Markup.startsBidirectionalControl(ByteView(bytes), at: index):
        escape = nil
        code = 0xFFFD
        length = 3
      default:
        index += 1
        continue
      }
      if index > copied { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index])) }
      if let escape {
        escape.withUTF8Buffer { out.append(contentsOf: $0) }
      } else {
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "u"))
        for shift: UInt32 in [12, 8, 4, 0] {
          let digit = UInt8((code >> shift) & 0xF)
          out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
      }
      index += length
      copied = index
    }
    if bytes.count > copied { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...])) }
  }
}
