extension Array where Element == UInt8 {
  /// Appends `text`'s UTF-8 bytes in one copy.
  ///
  /// `bytes += text.utf8` goes through the generic sequence path, about 2.5 times slower for
  /// the short names and values that traces, DOT and pages are written from.
  @inlinable
  package mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }
}

extension String {
  /// Calls `body` with the string's UTF-8 bytes in one contiguous buffer.
  ///
  /// Checking a name byte by byte through `utf8` costs about 30 instructions a byte here
  /// (the view's iterator is not inlined across the standard library); over a buffer it is a
  /// few. The links, slugs and triggers of a large site are checked hundreds of thousands
  /// of times.
  @inlinable
  package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result
  {
    if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return try copy.withUTF8(body)
  }
}
