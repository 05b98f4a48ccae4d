/// A fast seeded hash of short byte strings (ids, type names), for tables that find a string
/// again by its bytes many times per trace line, where Swift's SipHash cost more than the
/// rest of the lookup. Seed it at random per table, so that hostile input cannot choose
/// colliding keys.
package enum WordHash {
  /// ``hash(_:count:seed:)``'s hash of `text`'s UTF-8, read in place (`withUTF8` may make the
  /// string native first, hence `inout`).
  @inlinable @inline(__always)
  package static func hash(_ text: inout String, seed: UInt64) -> UInt64 {
    text.withUTF8 { utf8 in utf8.baseAddress.map { hash($0, count: utf8.count, seed: seed).hash } ?? seed }
  }

  /// ``hash(_:count:seed:)`` of a view's bytes.
  @inlinable @inline(__always)
  package static func hash(_ bytes: ByteView, seed: UInt64) -> (hash: UInt64, prefix: UInt64) {
    hash(bytes.start, count: bytes.count, seed: seed)
  }

  /// A fast seeded hash over 8-byte words (a multiply-xorshift mix, as in splitmix64), and the
  /// first eight bytes, zero-padded, which decide equality alone for short ids.
  @inlinable @inline(__always)
  package static func hash(
    _ base: UnsafePointer<UInt8>, count: Int, seed: UInt64
  ) -> (hash: UInt64, prefix: UInt64) {
    let raw = UnsafeRawPointer(base)
    @inline(__always) func load64(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    @inline(__always) func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
      let m = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
      return m ^ (m >> 31)
    }
    var h = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
    let prefix: UInt64
    if count >= 8 {
      prefix = load64(0)
      var i = 0
      while i + 8 <= count {
        h = mix(h, load64(i))
        i += 8
      }
      // The last word overlaps the one before: no byte loop, and still every byte counted.
      if i < count { h = mix(h, load64(count - 8)) }
    } else if count >= 4 {
      let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
      prefix = low | high << UInt64((count - 4) * 8)
      h = mix(h, prefix)
    } else {
      var word: UInt64 = 0
      for k in 0..<count { word |= UInt64(base[k]) << UInt64(k * 8) }
      prefix = word
      h = mix(h, prefix)
    }
    h = (h ^ (h >> 32)) &* 0x94D0_49BB_1331_11EB
    return (h ^ (h >> 29), prefix)
  }
}
