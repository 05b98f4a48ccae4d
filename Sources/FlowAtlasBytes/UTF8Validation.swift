/// Well-formed UTF-8 as RFC 3629 defines it: no stray continuation bytes, overlong forms,
/// surrogates or code points past U+10FFFF. The trace reader checks every string with it and
/// the SVG sanitizer every diagram (the `reader` and `site` cases of `flowatlas-bench`).
///
/// `public` with nothing public in it, so that its `@inlinable` members inline across modules
/// (see ``ByteWord``).
public enum UTF8Validation {
  /// The length of the well-formed sequence that starts with the non-ASCII byte at `index`,
  /// or nil when it is not one.
  @inlinable @inline(__always)
  package static func sequenceLength(_ bytes: ByteView, at index: Int) -> Int? {
    // The second byte's range depends on the first (RFC 3629's table); the rest are 80...BF.
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch bytes[index] {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return nil
    }
    guard bytes.count - index >= length else { return nil }
    let second = bytes[index + 1]
    guard second >= low, second <= high else { return nil }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
      return nil
    }
    return length
  }

  /// Whether all of `bytes` are well-formed UTF-8.
  package static func isValid(_ bytes: [UInt8]) -> Bool { bytes.withByteView(isValid) }

  /// Whether all of `bytes` are well-formed UTF-8; ASCII is passed over a word at a time.
  package static func isValid(_ bytes: ByteView) -> Bool {
    let count = bytes.count
    var index = 0
    while index < count {
      if index + 8 <= count, ByteWord.nonASCII(in: bytes.word(at: index)) == 0 {
        index += 8
      } else if bytes[index] < 0x80 {
        index += 1
      } else if let length = sequenceLength(bytes, at: index) {
        index += length
      } else {
        return false
      }
    }
    return true
  }
}
