extension Array where Element == UInt8 {
  /// Appends `text`'s UTF-8 bytes in one copy.
  ///
  /// `bytes += text.utf8` goes through the generic sequence path, about 2.5 times slower for
  /// the short names and values that traces, DOT and pages are written from.
  @inlinable
  public mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }
}
