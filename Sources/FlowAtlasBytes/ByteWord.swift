/// Eight bytes read as one `UInt64` and tested all at once ("SIMD within a register"), so the
/// common bytes of a trace, a DOT label or an SVG are passed over a word at a time.
///
/// Each test returns a mask with the high bit of every flagged byte set. Only the lowest flag
/// is exact (a borrow can mark a byte above one rightly flagged, never below it), so callers
/// either test for any flag or take ``firstFlagged(_:)``. Guarded by the `reader`, `model`
/// and `site` cases of `flowatlas-bench`, which scan every trace string and DOT label this way.
///
/// The namespace is `public` (with nothing public in it) because Swift 6.3 does not inline an
/// `@inlinable package` member of a `package` type into another module: each test was a call
/// per word in the trace scanner and the DOT writer (seen with `valgrind --tool=cachegrind` on
/// the build of the `site` case's corpus, and in `objdump -dr` of the callers).
public enum ByteWord {
  /// The eight bytes at `offset`, the first in the lowest byte on every machine.
  @inlinable @inline(__always)
  package static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
  }

  /// Bytes below `limit`, which must be at most 0x80.
  @inlinable @inline(__always)
  package static func below(_ limit: UInt8, in word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~word & 0x8080_8080_8080_8080
  }

  /// Bytes equal to `byte`.
  @inlinable @inline(__always)
  package static func equal(to byte: UInt8, in word: UInt64) -> UInt64 {
    let difference = word ^ 0x0101_0101_0101_0101 &* UInt64(byte)
    return (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080
  }

  /// Bytes of 0x80 and above: the bytes of every non-ASCII character.
  @inlinable @inline(__always)
  package static func nonASCII(in word: UInt64) -> UInt64 {
    word & 0x8080_8080_8080_8080
  }

  /// The offset in the word of the first flagged byte; `flags` must not be zero.
  @inlinable @inline(__always)
  package static func firstFlagged(_ flags: UInt64) -> Int {
    flags.trailingZeroBitCount >> 3
  }
}
