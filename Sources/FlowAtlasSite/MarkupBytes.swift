/// Markup being written as UTF-8 bytes; text and attribute values are escaped as they are added.
///
/// Escaping matches ``HTML/escapeText(_:into:)`` and ``HTML/escapeAttribute(_:into:)``,
/// so the sanitized SVG reads the same as the rest of a page. It owns a plain buffer
/// rather than an `[UInt8]`: most appends are a few bytes, and this keeps each of them a
/// bounds check and a copy. An `[UInt8]` with `reserveCapacity` was tried and measured
/// slower by the `site` case of `flowatlas-bench --breakdown` (its "pages + write" stage,
/// which sanitizes every SVG of the corpus): see BENCHMARKS.md before trying again.
struct MarkupBytes: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit {
    start.deallocate()
  }

  /// The markup's UTF-8 bytes.
  var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

  /// Bytes already known to be markup (names, the writer's own syntax).
  @inline(__always)
  mutating func append(_ raw: XMLReader.Bytes) {
    guard let source = raw.baseAddress, !raw.isEmpty else { return }
    reserve(raw.count)
    (start + count).initialize(from: source, count: raw.count)
    count += raw.count
  }

  @inline(__always)
  mutating func append(_ raw: StaticString) {
    append(XMLReader.Bytes(start: raw.utf8Start, count: raw.utf8CodeUnitCount))
  }

  /// A `String` as it is (a plain `append("…")` takes the `StaticString` overload instead).
  mutating func append(string raw: String) {
    var raw = raw
    raw.withUTF8 { append($0) }
  }

  mutating func append(byte: UInt8) {
    reserve(1)
    start[count] = byte
    count += 1
  }

  /// ` name="value"` with the attribute's value escaped.
  mutating func appendAttribute(_ name: XMLReader.Bytes, _ attribute: XMLReader.Attribute) {
    append(" ")
    append(name)
    append("=\"")
    // The punctuation bits cover bytes below 64 only: DEL and a C1 control's lead byte are
    // looked for apart.
    if attribute.punctuation & Self.attributeSpecials == 0,
      !attribute.value.contains(where: { $0 == 0x7F || $0 == 0xC2 })
    {
      append(attribute.value)
    } else {
      appendEscaped(attribute.value, quotes: true)
    }
    append("\"")
  }

  /// Escapes `&`, `<` and `>`, and with `quotes` both kinds of quote too.
  mutating func appendEscaped(_ text: XMLReader.Bytes, quotes: Bool) {
    let specials = quotes ? Self.attributeSpecials : Self.textSpecials
    var run = 0  // start of the bytes not yet copied
    var i = 0
    while i < text.count {
      guard Self.isIn(specials, text[i]) else {
        i += 1
        continue
      }
      append(XMLReader.Bytes(rebasing: text[run..<i]))
      if text[i] == 0xC2 {
        // A C1 control's lead byte; any other character it leads is copied.
        i += Self.appendC1(text, at: i, into: &self)
      } else {
        append(Self.escaped(text[i]))
        i += 1
      }
      run = i
    }
    append(XMLReader.Bytes(rebasing: text[run...]))
  }

  /// At a 0xC2 byte: a C1 control (U+0080–U+009F) is written as U+FFFD, as the C0 ones are;
  /// another character is copied. - Returns: the bytes consumed.
  private static func appendC1(_ text: XMLReader.Bytes, at i: Int, into out: inout MarkupBytes) -> Int {
    guard i + 1 < text.count else {
      out.append(byte: text[i])
      return 1
    }
    if (0x80...0x9F).contains(text[i + 1]) {
      for byte in "\u{FFFD}".utf8 { out.append(byte: byte) }
    } else {
      out.append(byte: text[i])
      out.append(byte: text[i + 1])
    }
    return 2
  }

  /// Text as written in XML: entities are decoded, then the text is escaped again.
  mutating func appendText(_ text: XMLReader.Bytes) throws(XMLReader.Failure) {
    var run = 0
    var i = 0
    while i < text.count {
      let byte = text[i]
      guard Self.isIn(Self.textSpecials, byte) else {
        i += 1
        continue
      }
      append(XMLReader.Bytes(rebasing: text[run..<i]))
      if byte == 0xC2 {
        i += Self.appendC1(text, at: i, into: &self)
      } else if byte == UInt8(ascii: "&") {
        let (scalar, end) = try XMLReader.decodeEntity(in: text, at: i)
        if (0x80...0x9F).contains(scalar.value) {
          for byte in "\u{FFFD}".utf8 { append(byte: byte) }
        } else if !scalar.isASCII {
          for byte in UTF8.encode(scalar)! { append(byte: byte) }
        } else if Self.isIn(Self.textSpecials, UInt8(scalar.value)) {
          append(Self.escaped(UInt8(scalar.value)))
        } else {
          append(byte: UInt8(scalar.value))
        }
        i = end
      } else {
        append(Self.escaped(byte))
        i += 1
      }
      run = i
    }
    append(XMLReader.Bytes(rebasing: text[run...]))
  }

  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    capacity = max(capacity * 2, count + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.moveInitialize(from: start, count: count)
    start.deallocate()
    start = grown
  }

  /// Bytes below 64 as bit masks: `&`, `<`, `>`, the control characters HTML forbids, and for
  /// attributes `"` and `'` (DEL and the C1 controls' lead byte 0xC2, above 64, are tested apart).
  private static let controls: UInt64 = 0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D)
  private static let textSpecials: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | controls
  private static let attributeSpecials: UInt64 = textSpecials | 1 << 0x22 | 1 << 0x27

  private static func isIn(_ specials: UInt64, _ byte: UInt8) -> Bool {
    byte < 64 ? specials & (1 << UInt64(byte)) != 0 : byte == 0x7F || byte == 0xC2
  }

  /// The entity for a byte known to be one of the specials.
  private static func escaped(_ byte: UInt8) -> StaticString {
    HTML.entity(for: byte, inAttribute: true)!
  }
}
