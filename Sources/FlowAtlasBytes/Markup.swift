/// Where escaped markup is written: an `[UInt8]`, or a writer's own buffer.
package protocol MarkupSink: ~Copyable {
  /// Bytes that are already markup (or need no escaping), copied as they are.
  mutating func appendMarkup(_ bytes: ByteView)
}

extension Array: MarkupSink where Element == UInt8 {
  @inlinable
  package mutating func appendMarkup(_ bytes: ByteView) {
    append(bytes)
  }
}

/// The one escaper and the one entity decoder of everything FlowAtlas writes as HTML, SVG or
/// XML: the site's pages, the SVG sanitizer's output, and the texts written into drawings. A
/// fix to what text from a trace may become lands here, once.
///
/// Escaping is byte by byte: every byte it looks at is ASCII or the lead byte of a C1 or a
/// bidirectional control (0xC2, 0xE2), and no byte of a multi-byte UTF-8 character is ASCII.
package enum Markup {
  /// What replaces `byte` in markup, nil when it stays as it is: `&`, `<` and `>` always, and
  /// both kinds of quote in an attribute value.
  ///
  /// A control character (C0 but HTML's whitespace, and DEL) becomes U+FFFD: the HTML spec makes
  /// it a parse error raw and as a character reference alike, and XML forbids it in SVG.
  @inlinable @inline(__always)
  package static func entity(for byte: UInt8, inAttribute: Bool) -> StaticString? {
    switch byte {
    case UInt8(ascii: "&"): "&amp;"
    case UInt8(ascii: "<"): "&lt;"
    case UInt8(ascii: ">"): "&gt;"
    case UInt8(ascii: "\"") where inAttribute: "&quot;"
    case UInt8(ascii: "'") where inAttribute: "&#39;"
    case 0x09, 0x0A, 0x0C, 0x0D: nil
    case 0x00..<0x20, 0x7F: "\u{FFFD}"
    default: nil
    }
  }

  /// Bytes below 64 that escaping changes, as bit masks: `&`, `<`, `>`, the control characters,
  /// and in attributes `"` and `'`. DEL and a C1 control's lead byte (0xC2), above 64, are
  /// tested apart.
  @usableFromInline static let controls: UInt64 =
    0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D)
  @usableFromInline static let textSpecials: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | controls
  @usableFromInline static let attributeSpecials: UInt64 = textSpecials | 1 << 0x22 | 1 << 0x27

  /// Whether escaping looks at `byte`: an entity's byte, or the lead byte of a C1 control (0xC2)
  /// or of a bidirectional control (0xE2).
  @inlinable @inline(__always)
  package static func isSpecial(_ byte: UInt8, inAttribute: Bool) -> Bool {
    byte < 64
      ? (inAttribute ? attributeSpecials : textSpecials) & (1 << UInt64(byte)) != 0
      : byte == 0x7F || byte == 0xC2 || byte == 0xE2
  }

  /// Whether a character (not ASCII) becomes U+FFFD in markup: a C1 control, or a bidirectional
  /// embedding, override or isolate (U+202A–U+202E, U+2066–U+2069). Those reorder the text around
  /// them up to the paragraph's end: a title `Pay\u{202E}eert` turned the page's own words after it
  /// about ("Pay tree · Bank · FlowAtlas" read backwards in the window's title).
  @inlinable
  package static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
    (0x80...0x9F).contains(scalar.value) || isBidirectionalControl(scalar.value)
  }

  /// Whether `value` is a bidirectional embedding, override or isolate.
  @inlinable
  package static func isBidirectionalControl(_ value: UInt32) -> Bool {
    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }

  /// Whether `text[index...]` begins with a bidirectional control's three bytes (E2 80 AA–AE,
  /// E2 81 A6–A9).
  @inlinable @inline(__always)
  package static func startsBidirectionalControl(_ text: ByteView, at index: Int) -> Bool {
    guard index + 2 < text.count, text[index] == 0xE2 else { return false }
    let (second, third) = (text[index + 1], text[index + 2])
    return (second == 0x80 && (0xAA...0xAE).contains(third))
      || (second == 0x81 && (0xA6...0xA9).contains(third))
  }

  /// Whether `punctuation` (the bytes below 64 a text holds, as bits) holds one escaping changes.
  @inlinable
  package static func holdsSpecial(punctuation: UInt64, inAttribute: Bool) -> Bool {
    punctuation & (inAttribute ? attributeSpecials : textSpecials) != 0
  }

  /// Appends `text` escaped: text content, or with `inAttribute` a double-quoted attribute's value.
  /// A C1 control (U+0080–U+009F, as U+0085 from a trace once reached a page) and a bidirectional
  /// control (``isReplaced(_:)``) become U+FFFD, as the C0 ones do. Runs that need nothing are
  /// copied whole.
  @inlinable
  package static func escape<Sink: MarkupSink & ~Copyable>(
    _ text: ByteView, inAttribute: Bool, into out: inout Sink
  ) {
    var run = 0  // the first byte not yet copied
    var i = 0
    while i < text.count {
      let byte = text[i]
      guard isSpecial(byte, inAttribute: inAttribute) else {
        i += 1
        continue
      }
      out.appendMarkup(text.view(run..<i))
      if byte == 0xC2 {
        // A C1 control's lead byte; the other characters it leads are copied with the run.
        if i + 1 < text.count, (0x80...0x9F).contains(text[i + 1]) {
          appendReplacement(into: &out)
          i += 2
          run = i
        } else {
          run = i
          i += 1
        }
        continue
      }
      if byte == 0xE2 {
        // A bidirectional control's lead byte; the other characters it leads are copied with the run.
        if startsBidirectionalControl(text, at: i) {
          appendReplacement(into: &out)
          i += 3
          run = i
        } else {
          run = i
          i += 1
        }
        continue
      }
      out.appendMarkup(ByteView(entity(for: byte, inAttribute: inAttribute)!))
      i += 1
      run = i
    }
    out.appendMarkup(text.view(from: run))
  }

  /// Appends `text` escaped (see ``escape(_:inAttribute:into:)``).
  @inlinable
  package static func escape<Sink: MarkupSink & ~Copyable>(
    _ text: String, inAttribute: Bool, into out: inout Sink
  ) {
    text.withByteView { escape($0, inAttribute: inAttribute, into: &out) }
  }

  /// Appends U+FFFD, what a control character becomes.
  @inlinable
  package static func appendReplacement<Sink: MarkupSink & ~Copyable>(into out: inout Sink) {
    out.appendMarkup(ByteView("\u{FFFD}"))
  }

  /// The character the entity or character reference at `text[start]` (an `&`) stands for, and
  /// the index after its `;`; nil when it is none this decoder knows: the five of XML (`lt`,
  /// `gt`, `amp`, `quot`, `apos`), or a decimal or hexadecimal reference (`&#65;`, `&#x41;`) to
  /// a character other than NUL, its `;` at most 10 bytes after the `&`.
  ///
  /// The SVG sanitizer refuses a drawing with any other `&`; a Graphviz label keeps it as text,
  /// as Graphviz does.
  @inlinable @inline(__always)
  package static func decodeEntity(in text: ByteView, at start: Int) -> (
    Unicode.Scalar, end: Int
  )? {
    // Graphviz writes every `-` as `&#45;` (and newlines as `&#10;`): millions on a big site.
    if start + 4 < text.count, text[start + 1] == UInt8(ascii: "#"), text[start + 4] == UInt8(ascii: ";") {
      let tens = text[start + 2] &- UInt8(ascii: "0")
      let ones = text[start + 3] &- UInt8(ascii: "0")
      if tens < 10 && ones < 10 && tens + ones > 0 { return (Unicode.Scalar(tens * 10 + ones), start + 5) }
    }
    return decodeAnyEntity(in: text, at: start)
  }

  /// The `;` that ends an entity starting at `text[start]`, if there is one close enough.
  package static func entityEnd(in text: ByteView, at start: Int) -> Int? {
    let limit = min(text.count, start + 11)  // the `;` at most 10 bytes after the `&`
    var semicolon = start + 1
    while semicolon < limit && text[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
    return semicolon < limit ? semicolon : nil
  }

  @usableFromInline
  static func decodeAnyEntity(in text: ByteView, at start: Int) -> (
    Unicode.Scalar, end: Int
  )? {
    guard let semicolon = entityEnd(in: text, at: start),
      let scalar = scalar(named: text.view((start + 1)..<semicolon)),
      scalar.value != 0
    else { return nil }
    return (scalar, semicolon + 1)
  }

  /// `lt`, `gt`, `amp`, `quot`, `apos`, `#65` or `#x41`.
  private static func scalar(named entity: ByteView) -> Unicode.Scalar? {
    guard entity.first == UInt8(ascii: "#") else {
      for (name, scalar) in [("lt", "<"), ("gt", ">"), ("amp", "&"), ("quot", "\""), ("apos", "'")]
        as [(StaticString, Unicode.Scalar)]
      where ByteView(name).elementsEqual(entity) {
        return scalar
      }
      return nil
    }
    let isHex = entity.count > 1 && entity[1] | 0x20 == UInt8(ascii: "x")
    let digits = entity.dropFirst(isHex ? 2 : 1)
    guard !digits.isEmpty else { return nil }
    var value: UInt32 = 0  // at most 8 digits fit before the `;`, so this cannot overflow
    for byte in digits {
      guard let digit = digitValue(byte, hex: isHex) else { return nil }
      value = value * (isHex ? 16 : 10) + digit
    }
    return Unicode.Scalar(value)
  }

  private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// `text` with its entities decoded, where a `&` that starts none stays as it is (as Graphviz
  /// decodes a label's, its `htmlEntityUTF8`, and reads the ids it escapes: 2.42 writes `-` as
  /// `&#45;`).
  package static func decodingEntities(_ text: ArraySlice<UInt8>) -> [UInt8] {
    text.withUnsafeBufferPointer { decodingEntities(ByteView($0)) }
  }

  /// ``decodingEntities(_:)-(ArraySlice<UInt8>)`` of bytes in place.
  package static func decodingEntities(_ text: ByteView) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var run = 0
    var index = 0
    while index < text.count {
      guard text[index] == UInt8(ascii: "&"), let (scalar, end) = decodeEntity(in: text, at: index) else {
        index += 1
        continue
      }
      out.append(contentsOf: text.view(run..<index))
      out.append(scalar: scalar)
      index = end
      run = end
    }
    out.append(contentsOf: text.view(from: run))
    return out
  }
}

extension Array where Element == UInt8 {
  /// Appends a character's UTF-8 bytes.
  @inlinable
  package mutating func append(scalar: Unicode.Scalar) {
    if scalar.isASCII {
      append(UInt8(scalar.value))
    } else {
      append(contentsOf: UTF8.encode(scalar)!)
    }
  }
}
