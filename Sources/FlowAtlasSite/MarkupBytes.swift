import FlowAtlasBytes

/// Markup being written as UTF-8 bytes; text and attribute values are escaped as they are added.
///
/// Escaping is ``Markup``'s, as for the rest of a page. It writes into a ``ByteBuffer`` rather
/// than an `[UInt8]`: most appends are a few bytes, and this keeps each of them a bounds check and
/// a copy. An `[UInt8]` with `reserveCapacity` was tried and measured slower by the `site` case of
/// `flowatlas-bench --breakdown` (its "pages + write" stage, which sanitizes every SVG of the
/// corpus): see BENCHMARKS.md before trying again.
struct MarkupBytes: ~Copyable {
  private var buffer: ByteBuffer

  init(capacity: Int) {
    buffer = ByteBuffer(capacity: max(capacity, 64))
  }

  /// The markup's UTF-8 bytes.
  var bytes: [UInt8] { buffer.bytes }

  /// Bytes already known to be markup (names, the writer's own syntax).
  @inline(__always)
  mutating func append(_ raw: ByteView) { buffer.append(raw) }

  @inline(__always)
  mutating func append(_ raw: StaticString) { buffer.append(ByteView(raw)) }

  /// A `String` as it is (a plain `append("…")` takes the `StaticString` overload instead).
  mutating func append(string raw: String) {
    raw.withByteView { append($0) }
  }

  mutating func append(byte: UInt8) { buffer.append(byte) }

  /// ` name="value"` with the attribute's value escaped.
  mutating func appendAttribute(_ name: ByteView, _ attribute: XMLReader.Attribute) {
    append(" ")
    append(name)
    append("=\"")
    // The punctuation bits cover bytes below 64 only: the others escaping looks at (DEL, the
    // lead bytes of C1 and bidirectional controls) are looked for apart.
    if !Markup.holdsSpecial(punctuation: attribute.punctuation, inAttribute: true),
      !attribute.value.contains(where: { $0 >= 64 && Markup.isSpecial($0, inAttribute: true) })
    {
      append(attribute.value)
    } else {
      appendEscaped(attribute.value, quotes: true)
    }
    append("\"")
  }

  /// Escapes `&`, `<` and `>`, and with `quotes` both kinds of quote too.
  mutating func appendEscaped(_ text: ByteView, quotes: Bool) {
    Markup.escape(text, inAttribute: quotes, into: &self)
  }

  /// Text as written in XML: entities are decoded, then the text is escaped again.
  mutating func appendText(_ text: ByteView) throws(XMLReader.Failure) {
    var run = 0
    var i = 0
    while i < text.count {
      guard text[i] == UInt8(ascii: "&") else {
        i += 1
        continue
      }
      Markup.escape(text.view(run..<i), inAttribute: false, into: &self)
      let (scalar, end) = try XMLReader.decodeEntity(in: text, at: i)
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        if let entity = Markup.entity(for: byte, inAttribute: false) {
          append(entity)
        } else {
          append(byte: byte)
        }
      } else if Markup.isReplaced(scalar) {
        Markup.appendReplacement(into: &self)
      } else {
        for byte in UTF8.encode(scalar)! { append(byte: byte) }
      }
      i = end
      run = end
    }
    Markup.escape(text.view(from: run), inAttribute: false, into: &self)
  }
}

extension MarkupBytes: MarkupSink {
  mutating func appendMarkup(_ bytes: ByteView) { append(bytes) }
}
