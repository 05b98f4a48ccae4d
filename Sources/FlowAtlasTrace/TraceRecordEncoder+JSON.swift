import FlowAtlasBytes
import Foundation

/// JSON text pieces: strings, numbers, and telling metadata JSON from plain text.
extension TraceRecordEncoder {
  /// Appends `text` as a JSON string, in the form every JSON FlowAtlas writes (``JSONString``).
  package static func appendString(_ text: String, to output: inout [UInt8]) {
    JSONString.append(text, to: &output)
  }

  /// `value` in the shortest form that reads back as the same `Double` (Swift's description),
  /// so the same time always gives the same bytes. Only called for finite values.
  static func number(_ value: Double) -> String {
    value.description
  }

  /// True when `text` is one complete JSON value other than a string (how the reader stores
  /// non-string metadata), so the encoder writes it back as JSON rather than as a string. Checked
  /// by Foundation's parser: the writer an app links carries no JSON scanner of its own (that is
  /// the reader's), and a header is written once a run.
  static func isJSONValue(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    // Whitespace around the value would make the header line not compact: keep such text a string.
    guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: "\""),
      first > 0x20, last > 0x20
    else { return false }
    return (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil
  }
}
