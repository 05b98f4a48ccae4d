/// The one check of a link FlowAtlas writes into a drawing or lets through the SVG sanitizer: a
/// relative link made of slug characters (`a`–`z`, `0`–`9`, `-`, `_`), `.` (never `..`), `/`
/// (never first) and one `#` fragment. Never a scheme, a quote, or anything Graphviz would copy
/// dangerously (2.42 copies `URL` and `href` into SVG unescaped).
package enum SafeLink {
  /// The check on a link's text.
  package static func isSafe(_ link: String) -> Bool {
    // Byte by byte: `String.contains(_: String)` goes through Foundation's string search,
    // which costs more than the whole check on the tens of thousands of links of a site.
    link.withByteView(isSafe)
  }

  /// The same check on a link's UTF-8 bytes, as the SVG sanitizer reads them.
  package static func isSafe(_ bytes: ByteView) -> Bool {
    guard let first = bytes.first, first != UInt8(ascii: "/") else { return false }
    var sawHash = false
    var previous: UInt8 = 0
    for byte in bytes {
      switch byte {
      case 46 where previous == 46: return false  // ".."
      case 97...122, 48...57, 45, 46, 47, 95: break
      case 35 where !sawHash: sawHash = true
      default: return false
      }
      previous = byte
    }
    return true
  }
}
