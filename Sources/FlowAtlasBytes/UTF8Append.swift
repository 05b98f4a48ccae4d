extension Array where Element == UInt8 {
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
