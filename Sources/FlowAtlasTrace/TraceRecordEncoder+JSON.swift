/// JSON text pieces: strings, numbers, and telling metadata JSON from plain text.
extension TraceRecordEncoder {
  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`,
  /// … or `\u00XX`, everything else as its UTF-8 bytes.
  static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
      case 0x0A: output.append(contentsOf: #"\n"#.utf8)
      case 0x0D: output.append(contentsOf: #"\r"#.utf8)
      case 0x09: output.append(contentsOf: #"\t"#.utf8)
      case 0x08: output.append(contentsOf: #"\b"#.utf8)
      case 0x0C: output.append(contentsOf: #"\f"#.utf8)
      case 0x00..<0x20, 0x7F:
        output.append(contentsOf: #"\u00"#.utf8)
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// `value` in the shortest form that reads back as the same `Double` (Swift's description),
  /// so the same time always gives the same bytes. Only called for finite values.
  static func number(_ value: Double) -> String {
    value.description
  }

  /// True when `text` is one complete JSON value other than a string (how the reader stores
  /// non-string metadata), so the encoder writes it back as JSON rather than as a string.
  static func isJSONValue(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    // Whitespace around the value would make the header line not compact: keep such text a string.
    guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: "\""),
      first > 0x20, last > 0x20
    else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(base: buffer.baseAddress!, count: buffer.count)
      do {
        _ = try scanner.value()
      } catch {
        return false
      }
      return scanner.index == scanner.count
    }
  }
}
