extension Array where Element == UInt8 {
  /// Appends a literal's UTF-8 bytes in one copy (`append(contentsOf: "…".utf8)` takes the
  /// generic sequence path, byte by byte: a tenth of recording's cost with the real writer).
  @inlinable
  package mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends `value` in decimal, without making a `String` of it first.
  @inlinable
  package mutating func append(decimal value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
    var count = 0
    Swift.withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
    }
  }

  /// Appends `text`'s UTF-8 bytes in one copy.
  ///
  /// `bytes += text.utf8` goes through the generic sequence path, byte by byte; this copies the
  /// string's contiguous UTF-8 at once. Traces, DOT and pages are written from short names and
  /// values this way (the `recording`, `render` and `site` cases of `flowatlas-bench`).
  @inlinable
  package mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }
}

extension String {
  /// Calls `body` with the string's UTF-8 bytes in one contiguous buffer.
  ///
  /// The `utf8` view's iterator is not inlined across the standard library, so a loop over
  /// it pays a call a byte; over a buffer the loop is plain indexing. The links, slugs and
  /// triggers of a large site are checked hundreds of thousands of times (the `site` case).
  @inlinable
  package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result
  {
    if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return try copy.withUTF8(body)
  }
}
