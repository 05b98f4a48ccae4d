import FlowAtlasBytes

/// A minimal XML tokenizer for the SVG a diagram provider returns, over its UTF-8 bytes.
///
/// It knows elements, attributes in quotes, text, comments, CDATA, processing
/// instructions and a DOCTYPE without an internal subset. It decodes the five
/// predefined entities and character references and rejects every other entity,
/// so no DTD can define one.
///
/// Tokens are byte ranges of the input, so reading allocates nothing: names stay
/// bytes, and the caller decodes text with ``decodeEntity(in:at:)`` as it copies it.
/// Attribute values are decoded while the tag is read (so their entity errors come
/// before any check of the tag) into a scratch buffer when they hold an entity.
struct XMLReader: ~Copyable {
  typealias Bytes = ByteView

  struct Attribute {
    var name: Bytes
    /// The value with entities decoded.
    var value: Bytes
    /// Which bytes below 64 (the ASCII punctuation) the value holds, as bits: a
    /// writer can copy a value without `&`, quotes or `<` and `>` as it is.
    var punctuation: UInt64

    /// Whether the value holds `byte`, which must be below 64 (`(`, `&`, quotes…).
    func contains(_ byte: Unicode.Scalar) -> Bool {
      punctuation & XMLReader.bit(UInt8(ascii: byte)) != 0
    }
  }

  enum Token {
    /// A start tag; its attributes are in ``attributes`` until the next call of ``next()``.
    case start(Bytes, selfClosing: Bool)
    case end(Bytes)
    /// Text as written: entities are still encoded.
    case text(Bytes)
    /// The content of a CDATA section: no entities.
    case cdata(Bytes)
  }

  struct Failure: Error {
    var reason: String
  }

  private let bytes: Bytes
  /// Decoded attribute values of the current tag, which views of it hold: fixed, so they stay
  /// where they are. Decoding never makes text longer (`&#1114111;` is 10 bytes for 4), so a
  /// buffer the size of the input always fits.
  private var scratch: ByteBuffer
  private var index = 0
  /// The attributes of the last start tag, in document order.
  private(set) var attributes: [Attribute] = []

  /// - Parameter bytes: the document, which must outlive the reader (its tokens are views of it).
  init(bytes: Bytes) {
    self.bytes = bytes
    scratch = ByteBuffer(capacity: bytes.count, fixed: true)
    attributes.reserveCapacity(16)
  }

  /// The next token, nil at the end.
  mutating func next() throws(Failure) -> Token? {
    while index < bytes.count {
      if bytes[index] != UInt8(ascii: "<") {
        let start = index
        var end = index
        while end < bytes.count && bytes[end] != UInt8(ascii: "<") { end += 1 }
        index = end
        return .text(slice(start, end))
      }
      if starts(with: "<!--") {
        try skip(past: "-->")
      } else if starts(with: "<![CDATA[") {
        index += 9
        let start = index
        try skip(past: "]]>")
        return .cdata(slice(start, index - 3))
      } else if starts(with: "<?") {
        try skip(past: "?>")
      } else if starts(with: "<!") {
        let start = index
        try skip(past: ">")
        if slice(start, index).contains(UInt8(ascii: "[")) {
          throw Failure(reason: "it declares a DTD internal subset")
        }
      } else if starts(with: "</") {
        index += 2
        let name = readName()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">"), !name.isEmpty else {
          throw Failure(reason: "an end tag is malformed")
        }
        index += 1
        return .end(name)
      } else {
        return try readStartTag()
      }
    }
    return nil
  }

  private mutating func readStartTag() throws(Failure) -> Token {
    index += 1
    let name = readName()
    guard !name.isEmpty else { throw Failure(reason: "a “<” does not start a tag") }
    attributes.removeAll(keepingCapacity: true)
    scratch.removeAll()
    while true {
      skipSpace()
      guard index < bytes.count else { throw Failure(reason: "<\(Self.string(name))> is not closed") }
      switch bytes[index] {
      case UInt8(ascii: ">"):
        index += 1
        return .start(name, selfClosing: false)
      case UInt8(ascii: "/"):
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
          throw Failure(reason: "<\(Self.string(name))> has a stray “/”")
        }
        index += 2
        return .start(name, selfClosing: true)
      default:
        try readAttribute(of: name)
      }
    }
  }

  private mutating func readAttribute(of element: Bytes) throws(Failure) {
    let name = readName()
    func failure(_ problem: String) -> Failure {
      Failure(reason: "attribute \(Self.string(name)) of <\(Self.string(element))> \(problem)")
    }
    guard !name.isEmpty else { throw Failure(reason: "<\(Self.string(element))> has a malformed attribute") }
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw failure("has no value") }
    index += 1
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
    else { throw failure("is not quoted") }
    let quote = bytes[index]
    index += 1
    let start = index
    // The hottest loop (path data is most of a diagram): a local index, and no branch on the byte's kind.
    var punctuation: UInt64 = 0
    var i = index
    while i < bytes.count {
      let byte = bytes[i]
      if byte == quote { break }
      punctuation |= byte < 64 ? Self.bit(byte) : 0
      i += 1
    }
    index = i
    // A `<` before the closing quote is the error even when that quote is missing.
    if punctuation & Self.bit(UInt8(ascii: "<")) != 0 { throw failure("contains “<”") }
    guard index < bytes.count else {
      throw Failure(reason: "attribute \(Self.string(name)) is not closed")
    }
    var value = slice(start, index)
    index += 1
    if punctuation & Self.bit(UInt8(ascii: "&")) != 0 {
      value = try decodeIntoScratch(value)
      punctuation = value.reduce(0) { $1 < 64 ? $0 | Self.bit($1) : $0 }
    }
    if attributes.contains(where: { Self.equal($0.name, name) }) {
      throw Failure(reason: "<\(Self.string(element))> repeats attribute \(Self.string(name))")
    }
    attributes.append(Attribute(name: name, value: value, punctuation: punctuation))
  }

  /// `raw` with entities decoded, in the scratch buffer after the tag's earlier values.
  private mutating func decodeIntoScratch(_ raw: Bytes) throws(Failure) -> Bytes {
    let start = scratch.count
    var i = 0
    while i < raw.count {
      guard raw[i] == UInt8(ascii: "&") else {
        scratch.append(raw[i])
        i += 1
        continue
      }
      let (scalar, end) = try Self.decodeEntity(in: raw, at: i)
      if scalar.isASCII {
        scratch.append(UInt8(scalar.value))
      } else {
        for byte in UTF8.encode(scalar)! { scratch.append(byte) }
      }
      i = end
    }
    return scratch.view.view(from: start)
  }

  /// The character the entity or character reference at `text[start]` (an `&`) stands
  /// for, and the index after its `;` (``Markup/decodeEntity(in:at:)``); any other is a failure.
  @inline(__always)
  static func decodeEntity(in text: Bytes, at start: Int) throws(Failure) -> (Unicode.Scalar, end: Int) {
    if let decoded = Markup.decodeEntity(in: text, at: start) { return decoded }
    guard let semicolon = Markup.entityEnd(in: text, at: start) else {
      throw Failure(reason: "a “&” does not start an entity")
    }
    throw Failure(reason: "it uses the entity &\(string(text.view((start + 1)..<semicolon)));")
  }

  /// Checks the entities of text that is not copied, so a dropped element cannot hide a bad one.
  static func checkEntities(in text: Bytes) throws(Failure) {
    var i = 0
    while i < text.count {
      if text[i] == UInt8(ascii: "&") {
        i = try decodeEntity(in: text, at: i).end
      } else {
        i += 1
      }
    }
  }

  /// The bit of a byte below 64 in ``Attribute/punctuation``.
  static func bit(_ byte: UInt8) -> UInt64 {
    1 << UInt64(byte & 63)
  }

  private func slice(_ start: Int, _ end: Int) -> Bytes {
    bytes.view(start..<end)
  }

  private func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    return Self.equal(slice(index, index + count), prefix)
  }

  private mutating func skip(past terminator: StaticString) throws(Failure) {
    let count = terminator.utf8CodeUnitCount
    let first = ByteView(terminator)[0]
    var i = index
    while i < bytes.count {
      if bytes[i] == first && i + count <= bytes.count && Self.equal(slice(i, i + count), terminator) {
        index = i + count
        return
      }
      i += 1
    }
    index = i
    throw Failure(reason: "it ends inside a comment or declaration")
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Letters, digits and `_ : . -` (XML names as SVG uses them).
  private mutating func readName() -> Bytes {
    let start = index
    var end = index
    loop: while end < bytes.count {
      switch bytes[end] {
      case 97...122, 65...90, 48...58, 95, 46, 45: end += 1
      default: break loop
      }
    }
    index = end
    return slice(start, end)
  }

  static func equal(_ a: Bytes, _ b: Bytes) -> Bool { a.elementsEqual(b) }

  static func equal(_ a: Bytes, _ b: StaticString) -> Bool { a.elementsEqual(b) }

  /// Bytes as text, for error messages.
  static func string(_ bytes: Bytes) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
