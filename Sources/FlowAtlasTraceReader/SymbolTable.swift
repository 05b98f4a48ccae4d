import FlowAtlasBytes
import FlowAtlasTrace

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
      return intern(scanner.view(token)) { bytes in String(decoding: bytes, as: UTF8.self) }
    }
    // Escapes: the symbol is the decoded text, so "s\u0031" and "s1" are one id.
    let text = scanner.string(token)
    return text.withByteView { utf8 in intern(utf8) { _ in text } }
  }

  private mutating func intern(_ bytes: ByteView, make: (ByteView) -> String) -> Int {
    let (hash, prefix) = WordHash.hash(bytes, seed: seed)
    let count = bytes.count
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { break }
      let key = keys[stored - 1]
      // Up to eight bytes are all in `prefix`; longer ids compare their bytes.
      if key.hash == hash, key.count == count, key.prefix == prefix,
        count <= 8 || arena.withByteView({ $0.view(key.start..<key.start + count).elementsEqual(bytes) })
      {
        return stored - 1
      }
      slot = (slot + 1) & mask
    }
    let symbol = entries.count
    entries.append(Entry(string: make(bytes)))
    keys.append((hash, prefix, arena.count, count))
    arena.append(bytes)
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
