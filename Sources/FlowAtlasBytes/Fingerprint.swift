/// Stable content hashes for the site's fingerprint, its caches and the build record: the same bytes give
/// the same hash in every process, unlike `Hasher`, which is seeded per process.
///
/// `sha256` names what a build was made from; `fast128` first condenses a
/// whole app model (tens of megabytes with its journeys) at memory speed. Neither guards a
/// trust boundary: a cache hit is sanitized again like a fresh drawing.
package enum Fingerprint {
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// A 128-bit hash in hex: two lanes of xxHash64's round and avalanche over 8-byte words, a
  /// multiply and a rotate per word where SHA-256 does 64 rounds per block (the `site` case
  /// hashes every model and trace with it). Not cryptographic: it tells inputs apart that
  /// differ by accident, not ones crafted to collide.
  package static func fast128(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBytes { fast128($0) }
  }

  /// ``fast128(_:)-([UInt8])`` of a part of an array, without copying it.
  package static func fast128(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.withUnsafeBytes { fast128($0) }
  }

  /// The same hash of bytes in memory, such as a mapped file, without copying them.
  package static func fast128(_ bytes: UnsafeRawBufferPointer) -> String {
    var hasher = Fast128()
    hasher.combine(bytes)
    return hasher.finalize()
  }

  /// ``fast128(_:)-(UnsafeRawBufferPointer)`` fed in pieces: the hash of the pieces joined, so a
  /// big serialization is hashed as it is written instead of being held whole.
  package struct Fast128 {
    private static let (prime1, prime2): (UInt64, UInt64) = (0x9E37_79B1_85EB_CA87, 0xC2B2_AE3D_27D4_EB4F)
    private var lanes: (UInt64, UInt64) = (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344)
    /// Bytes of an unfinished 8-byte word, low byte first, and how many.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var count = 0

    package init() {}

    private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
      ((lane &+ word &* prime2) << 31 | (lane &+ word &* prime2) >> 33) &* prime1
    }

    private static func avalanche(_ value: UInt64) -> UInt64 {
      var value = value
      value ^= value >> 33
      value = value &* prime2
      value ^= value >> 29
      value = value &* 0x1656_67B1_9E37_79F9
      return value ^ value >> 32
    }

    private mutating func absorb(_ word: UInt64) {
      lanes = (Self.round(lanes.0, word), Self.round(lanes.1, word ^ lanes.0))
    }

    /// Adds `bytes` after those already given.
    package mutating func combine(_ bytes: [UInt8]) {
      bytes.withUnsafeBytes { combine($0) }
    }

    /// Adds the bytes of a view after those already given.
    package mutating func combine(_ bytes: ByteView) {
      combine(UnsafeRawBufferPointer(start: bytes.start, count: bytes.count))
    }

    /// Adds a part of an array after the bytes already given, without copying it.
    package mutating func combine(_ bytes: ArraySlice<UInt8>) {
      bytes.withUnsafeBytes { combine($0) }
    }

    /// Adds bytes after those already given.
    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
      count += bytes.count
      var offset = 0
      // Finish a word begun by the previous piece, byte by byte.
      while pendingCount > 0 && pendingCount < 8 && offset < bytes.count {
        pending |= UInt64(bytes[offset]) << (8 * UInt64(pendingCount))
        pendingCount += 1
        offset += 1
      }
      if pendingCount == 8 {
        absorb(pending)
        (pending, pendingCount) = (0, 0)
      }
      while offset + 8 <= bytes.count {
        absorb(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        offset += 8
      }
      while offset < bytes.count {
        pending |= UInt64(bytes[offset]) << (8 * UInt64(pendingCount))
        pendingCount += 1
        offset += 1
      }
    }

    /// The hash in hex (32 digits).
    package func finalize() -> String {
      var lanes = lanes
      lanes = (
        Self.round(lanes.0, pending ^ UInt64(count)), Self.round(lanes.1, pending ^ lanes.0)
      )
      let high = Self.avalanche(lanes.0 ^ lanes.1 >> 1)
      let low = Self.avalanche(lanes.1 ^ high)
      return [high, low].map { word in
        let hex = String(word, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
      }.joined()
    }
  }

  /// The hex SHA-256 of `text`'s UTF-8 bytes.
  package static func sha256(_ text: String) -> String { sha256(Array(text.utf8)) }

  /// The hex SHA-256 of `bytes`.
  package static func sha256(_ bytes: [UInt8]) -> String {
    var state = State()
    // Whole blocks straight from the input; only the last one or two are copied, to pad.
    let whole = bytes.count / 64 * 64
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < whole {
        state.compress(UnsafeBufferPointer(rebasing: buffer[offset..<offset + 64]))
        offset += 64
      }
    }
    var tail = Array(bytes[whole...])
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    let bitLength = UInt64(bytes.count) * 8
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    tail.withUnsafeBufferPointer { buffer in
      for offset in stride(from: 0, to: buffer.count, by: 64) {
        state.compress(UnsafeBufferPointer(rebasing: buffer[offset..<offset + 64]))
      }
    }
    return [state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7].map { word in
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 8 - hex.count) + hex
    }.joined()
  }

  /// The eight working words, kept in stored properties rather than an array so that the
  /// compiler holds them in registers.
  private struct State {
    var h0: UInt32 = 0x6a09_e667
    var h1: UInt32 = 0xbb67_ae85
    var h2: UInt32 = 0x3c6e_f372
    var h3: UInt32 = 0xa54f_f53a
    var h4: UInt32 = 0x510e_527f
    var h5: UInt32 = 0x9b05_688c
    var h6: UInt32 = 0x1f83_d9ab
    var h7: UInt32 = 0x5be0_cd19

    /// Folds one 64-byte block into the state.
    mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
        for i in 0..<16 {
          let b = i * 4
          w[i] =
            UInt32(block[b]) << 24 | UInt32(block[b + 1]) << 16 | UInt32(block[b + 2]) << 8
            | UInt32(block[b + 3])
        }
        for i in 16..<64 {
          let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
          let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
          w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
        Fingerprint.k.withUnsafeBufferPointer { k in
          for i in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
          }
        }
        h0 = h0 &+ a
        h1 = h1 &+ b
        h2 = h2 &+ c
        h3 = h3 &+ d
        h4 = h4 &+ e
        h5 = h5 &+ f
        h6 = h6 &+ g
        h7 = h7 &+ h
      }
    }
  }

  private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
