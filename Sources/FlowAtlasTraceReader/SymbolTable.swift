import FlowAtlasBytes
import FlowAtlasTrace

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
  private var keys: [(hash: UInt64, prefix: UInt64, start: Int, count: Int)] = []
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
    let (hash, prefix) = WordHash.hash(base, count: count, seed: seed)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    let found = slots.withUnsafeBufferPointer { slots in
      keys.withUnsafeBufferPointer { keys in
        arena.withUnsafeBufferPointer { arena -> Int? in
          while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            let key = keys[stored - 1]
            // Up to eight bytes are all in `prefix`; longer ids compare their bytes.
            if key.hash == hash, key.count == count, key.prefix == prefix,
              count <= 8 || memcmp(arena.baseAddress! + key.start, base, count) == 0
            {
              return stored - 1
            }
            slot = (slot + 1) & mask
          }
        }
      }
    }
    if let found { return found }
    let symbol = entries.count
    let bytes = UnsafeBufferPointer(start: base, count: count)
    entries.append(Entry(string: make(bytes)))
    keys.append((hash, prefix, arena.count, count))
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
}
