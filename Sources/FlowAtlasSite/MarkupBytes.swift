import FlowAtlasBytes

/// Markup being written as UTF-8 bytes; text and attribute values are escaped as they are added.
///
/// Escaping is ``Markup``'s, as for the rest of a page. It owns a plain buffer
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
    if !Markup.holdsSpecial(punctuation: attribute.punctuation, inAttribute: true),
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
    Markup.escape(text, inAttribute: quotes, into: &self)
  }

  /// Text as written in XML: entities are decoded, then the text is escaped again.
  mutating func appendText(_ text: XMLReader.Bytes) throws(XMLReader.Failure) {
    var run = 0
    var i = 0
    while i < text.count {
      guard text[i] == UInt8(ascii: "&") else {
        i += 1
        continue
      }
      Markup.escape(XMLReader.Bytes(rebasing: text[run..<i]), inAttribute: false, into: &self)
      let (scalar, end) = try XMLReader.decodeEntity(in: text, at: i)
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        if let entity = Markup.entity(for: byte, inAttribute: false) {
          append(entity)
        } else {
          append(byte: byte)
        }
      } else if (0x80...0x9F).contains(scalar.value) {
        Markup.appendReplacement(into: &self)
      } else {
        for byte in UTF8.encode(scalar)! { append(byte: byte) }
      }
      i = end
      run = end
    }
    Markup.escape(XMLReader.Bytes(rebasing: text[run...]), inAttribute: false, into: &self)
  }

  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    capacity = max(capacity * 2, count + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.moveInitialize(from: start, count: count)
    start.deallocate()
    start = grown
  }
}

extension MarkupBytes: MarkupSink {
  mutating func appendMarkup(_ bytes: XMLReader.Bytes) { append(bytes) }
}
