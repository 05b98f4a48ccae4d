#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes held elsewhere, read where they are: a line of a trace in the reader's buffer, a
/// drawing being sanitized. Every read is checked against ``count``.
///
/// The trace reader and the SVG reader walk bytes at speed through views, so the code that holds
/// a pointer is here (and in the C doors), not in every parser. A view is handed out for one call
/// (``Swift/Array/withByteView(_:)``, ``ByteBuffer/view``) and must not be kept past it: a `Span`
/// would say so in its type, but a scanner that holds one needs Swift's experimental `Lifetimes`.
///
/// `public` with nothing public but what `RandomAccessCollection` asks, so that its `@inlinable`
/// members inline across modules (see ``ByteWord``).
@frozen
public struct ByteView: RandomAccessCollection {
  @usableFromInline let start: UnsafePointer<UInt8>
  public let count: Int

  @inlinable
  init(start: UnsafePointer<UInt8>, count: Int) {
    self.start = start
    self.count = count
  }

  /// The bytes of `buffer` (none for a buffer without an address), good while it is.
  @inlinable
  init(_ buffer: UnsafeBufferPointer<UInt8>) {
    self.init(
      start: buffer.baseAddress ?? Self.emptyStorage, count: buffer.baseAddress == nil ? 0 : buffer.count)
  }

  /// The UTF-8 of a literal, good for as long as the program runs.
  @inlinable
  package init(_ text: StaticString) {
    precondition(text.hasPointerRepresentation, "a StaticString of one scalar has no bytes to view")
    self.init(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// A view of no bytes.
  @inlinable package static var empty: ByteView { ByteView(start: emptyStorage, count: 0) }
  // Where an empty view points: never read, but a real address for `memchr` and the like.
  @usableFromInline nonisolated(unsafe) static let emptyStorage = UnsafePointer(
    UnsafeMutablePointer<UInt8>.allocate(capacity: 1))

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { count }

  /// The byte at `offset`, which must be in `0..<count`.
  @inlinable
  public subscript(offset: Int) -> UInt8 {
    @inline(__always) get {
      precondition(UInt(bitPattern: offset) < UInt(bitPattern: count), "a read past a ByteView's end")
      return start[offset]
    }
  }

  /// Reads each byte once, in order, without a check per byte: it stops at ``count``.
  @frozen
  public struct Iterator: IteratorProtocol {
    @usableFromInline let view: ByteView
    @usableFromInline var offset = 0

    @inlinable init(_ view: ByteView) { self.view = view }

    @inlinable @inline(__always)
    public mutating func next() -> UInt8? {
      guard offset < view.count else { return nil }
      defer { offset += 1 }
      return view.start[offset]
    }
  }

  @inlinable public func makeIterator() -> Iterator { Iterator(self) }

  @inlinable
  public func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result? {
    try body(UnsafeBufferPointer(start: start, count: count))
  }

  /// The bytes of `range`, which must be within the view.
  @inlinable @inline(__always)
  package func view(_ range: Range<Int>) -> ByteView {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "a ByteView's range past its end")
    return ByteView(start: start + range.lowerBound, count: range.count)
  }

  /// The bytes from `offset` to the end.
  @inlinable @inline(__always)
  package func view(from offset: Int) -> ByteView { view(offset..<count) }

  /// The eight bytes at `offset`, the first in the lowest byte on every machine; all eight must be
  /// within the view (``ByteWord`` tests them at once).
  @inlinable @inline(__always)
  package func word(at offset: Int) -> UInt64 {
    precondition(offset >= 0 && offset <= count &- 8, "a word read past a ByteView's end")
    return UInt64(littleEndian: UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self))
  }

  /// The offset of the first `byte` at or after `offset`, or nil.
  @inlinable
  package func firstIndex(of byte: UInt8, from offset: Int) -> Int? {
    precondition(offset >= 0 && offset <= count, "a search past a ByteView's end")
    guard offset < count, let found = memchr(start + offset, Int32(byte), count - offset) else { return nil }
    return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - start
  }

  /// Whether the view holds exactly the bytes of `other`.
  package func elementsEqual(_ other: ByteView) -> Bool {
    count == other.count && (count == 0 || memcmp(start, other.start, count) == 0)
  }

  /// Whether the view holds exactly the UTF-8 of `text`.
  @inlinable @inline(__always)
  package func elementsEqual(_ text: StaticString) -> Bool {
    let length = text.utf8CodeUnitCount
    guard count == length else { return false }
    let other = text.utf8Start
    for offset in 0..<length where start[offset] != other[offset] { return false }
    return true
  }
}

extension Array where Element == UInt8 {
  /// Appends a view's bytes (faster than the generic `append(contentsOf:)`).
  @inlinable
  package mutating func append(_ bytes: ByteView) {
    append(contentsOf: UnsafeBufferPointer(start: bytes.start, count: bytes.count))
  }

  /// Runs `body` with a view of the array's bytes where they are; the view must not outlive the call.
  @inlinable
  package func withByteView<Value, Failure: Error>(
    _ body: (ByteView) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try withUnsafeBufferPointer { buffer throws(Failure) in try body(ByteView(buffer)) }
  }
}

extension String {
  /// Runs `body` with a view of the string's UTF-8 (where it is when it is contiguous, else in a
  /// copy); the view must not outlive the call.
  @inlinable
  package func withByteView<Value>(_ body: (ByteView) throws -> Value) rethrows -> Value {
    try withUTF8Bytes { utf8 in try body(ByteView(utf8)) }
  }
}
