#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The strings of one trace, each made once and found again by its UTF-8 bytes, with what
/// the trace has said about each id so far.
///
/// Ids, types and router names repeat on almost every line; interning them skips making a
/// `String` (and validating its UTF-8) and hashing it with SipHash for every mention, which
/// were the reader's largest costs.
struct SymbolTable {
  struct Entry {
    var string: String
    /// The screen this id introduced, with its latest title.
    var screen: Screen?
    /// True once a `coordinator.start` or `coordinator.attach` named this id.
    var isCoordinator = false
  }

  private(set) var entries: [Entry] = []
  /// Where each entry's bytes are in `arena`, apart from `entries` so that probing copies no String.
  private var keys: [(hash: UInt64, start: Int, count: Int)] = []
  /// Open addressing: each slot holds an entry index + 1, or 0 when empty. A power of two long.
  private var slots: [Int32] = Array(repeating: 0, count: 1024)
  private var arena: [UInt8] = []
  /// Random per table so that a hostile trace cannot choose colliding ids.
  private let seed = UInt64.random(in: .min ... .max)

  init() {
    entries.reserveCapacity(512)
    keys.reserveCapacity(512)
    arena.reserveCapacity(16 << 10)
  }

  @inline(__always)
  subscript(symbol: Int) -> Entry {
    get { entries[symbol] }
    set { entries[symbol] = newValue }
  }

  /// The symbol of a string token (plain or escaped) of `scanner`'s line.
  mutating func intern(_ token: JSONToken, in scanner: JSONScanner) -> Int {
    if token.kind == .plainString {
      return intern(scanner.base + token.start, count: token.end - token.start) { bytes in
        String(decoding: bytes, as: UTF8.self)
      }
    }
    // Escapes: the symbol is the decoded text, so "s\u0031" and "s1" are one id.
    let text = scanner.string(token)
    var bytes = text
    return bytes.withUTF8 { utf8 in
      intern(utf8.baseAddress ?? scanner.base, count: utf8.count) { _ in text }
    }
  }

  private mutating func intern(
    _ base: UnsafePointer<UInt8>, count: Int, make: (UnsafeBufferPointer<UInt8>) -> String
  ) -> Int {
    let hash = Self.hash(base, count: count, seed: seed)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { break }
      let key = keys[stored - 1]
      if key.hash == hash, key.count == count,
        arena.withUnsafeBufferPointer({ memcmp($0.baseAddress! + key.start, base, count) == 0 })
      {
        return stored - 1
      }
      slot = (slot + 1) & mask
    }
    let symbol = entries.count
    let bytes = UnsafeBufferPointer(start: base, count: count)
    entries.append(Entry(string: make(bytes)))
    keys.append((hash, arena.count, count))
    arena.append(contentsOf: bytes)
    slots[slot] = Int32(symbol + 1)
    if entries.count * 2 > slots.count { grow() }
    return symbol
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, key) in keys.enumerated() {
      var slot = Int(truncatingIfNeeded: key.hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  /// A fast seeded hash over 8-byte words (a multiply-xorshift mix, as in splitmix64).
  @inline(__always)
  private static func hash(_ base: UnsafePointer<UInt8>, count: Int, seed: UInt64) -> UInt64 {
    var h = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i + 8 <= count {
      h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
      h ^= h >> 31
      i += 8
    }
    if i < count {
      var tail: UInt64 = 0
      for k in i..<count { tail |= UInt64(base[k]) << UInt64((k - i) * 8) }
      h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
      h ^= h >> 29
    }
    h = (h ^ (h >> 32)) &* 0xBF58_476D_1CE4_E5B9
    return h ^ (h >> 31)
  }
}
