/// The text between a DOT quoted string's quotes, written the one way FlowAtlas writes it:
/// `"` and `\` escaped, `&` as `&amp;` (Graphviz decodes entities in what it reads), a line break
/// as Graphviz's centred `\n`, a carriage return dropped, other control characters (invalid in
/// SVG's XML), bidirectional controls (which would reorder the text after them) and U+FFFE/U+FFFF
/// as spaces.
///
/// Graphviz 2.42 expands `\N`, `\G`, `\E` … in tooltips even after an escaped backslash (`\\N`
/// shows the node's name), so in a tooltip a backslash is written as the look-alike `⧵` (U+29F5).
package enum DOTString {
  /// What Graphviz draws for a scalar of a text FlowAtlas wrote: the one table of the rules
  /// above, which ``appendEscaped(_:tooltip:to:)`` writes in DOT and the renderer's
  /// `LayoutTexts` in SVG, when it writes a text into a drawing after the layout.
  package enum Drawn: Equatable, Sendable {
    /// The scalar itself.
    case same
    /// Another scalar in its place.
    case replaced(by: Unicode.Scalar)
    /// Nothing.
    case dropped
    /// A line break: a new line of a label, `&#10;` in a tooltip.
    case lineBreak
  }

  /// What Graphviz draws for `scalar` of a text FlowAtlas wrote, in a tooltip or in a label.
  package static func drawn(_ scalar: Unicode.Scalar, tooltip: Bool) -> Drawn {
    switch scalar {
    case "\\" where tooltip: .replaced(by: "\u{29F5}")
    case "\n": .lineBreak
    case "\r": .dropped
    // Controls, DEL, C1 controls, U+FFFE and U+FFFF: XML has no place for them. Bidirectional
    // controls would reorder the drawing's text after them (the page writes them as U+FFFD).
    case "\u{FFFE}", "\u{FFFF}",
      _ where Printable.isControl(scalar):
      .replaced(by: " ")
    default: .same
    }
  }

  /// Appends what goes between a DOT quoted string's quotes for `text`.
  package static func appendEscaped(_ text: String, tooltip: Bool, to out: inout [UInt8]) {
    text.withUTF8Bytes { appendEscaped(bytes: $0, tooltip: tooltip, into: &out) }
  }

  /// Copies the runs of bytes that need no care whole (most text: ids, classes, colours,
  /// type names) and replaces the rest. `bytes` is valid UTF-8, so a C1 control or
  /// U+FFFE/U+FFFF is recognised by its lead byte and the bytes that follow it.
  private static func appendEscaped(bytes: UnsafeBufferPointer<UInt8>, tooltip: Bool, into out: inout [UInt8])
  {
    var copied = 0
    var index = 0
    func flush(to end: Int) {
      if end > copied { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<end])) }
    }
    while index < bytes.count {
      // A word at a time while none of its bytes needs care.
      while index + 8 <= bytes.count, !mayNeedCare(ByteWord.load(bytes.baseAddress!, at: index)) {
        index += 8
      }
      guard index < bytes.count else { break }
      let byte = bytes[index]
      guard needsCare(byte) else {
        index += 1
        continue
      }
      let scalar: Unicode.Scalar
      var length = 1
      switch byte {
      case 0xC2:
        // U+0080–U+009F are C2 80 – C2 9F.
        guard index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) else {
          index += 1
          continue
        }
        scalar = Unicode.Scalar(bytes[index + 1])
        length = 2
      case 0xE2:
        // Bidirectional controls are E2 80 AA – E2 80 AE and E2 81 A6 – E2 81 A9.
        guard Markup.startsBidirectionalControl(ByteView(bytes), at: index) else {
          index += 1
          continue
        }
        scalar = Unicode.Scalar(
          0x2000 | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F))!
        length = 3
      case 0xEF:
        // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
        guard index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE else {
          index += 1
          continue
        }
        scalar = bytes[index + 2] == 0xBE ? "\u{FFFE}" : "\u{FFFF}"
        length = 3
      default:
        scalar = Unicode.Scalar(byte)
      }
      flush(to: index)
      switch drawn(scalar, tooltip: tooltip) {
      case .same:
        // DOT's own syntax. Graphviz decodes entities in what it reads (`&#x41;dmin` was drawn
        // "Admin"); `&amp;` reads as the `&` it is, on 2.42 and on 14 alike.
        switch scalar {
        case "\"": out.append(contentsOf: #"\""#.utf8)
        case "\\": out.append(contentsOf: #"\\"#.utf8)
        case "&": out.append(contentsOf: "&amp;".utf8)
        default: out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
        }
      case .replaced(let other): out.append(scalar: other)
      case .dropped: break
      case .lineBreak: out.append(contentsOf: #"\n"#.utf8)
      }
      index += length
      copied = index
    }
    flush(to: bytes.count)
  }

  /// True for a UTF-8 byte that may need changing: `"`, `&`, `\`, controls, DEL, and the lead
  /// bytes of C1 controls (U+0080–U+009F start with 0xC2), of bidirectional controls (0xE2) and
  /// of U+FFFE/U+FFFF (0xEF).
  private static func needsCare(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x26 || byte == 0x5C || byte == 0x7F || byte == 0xC2
      || byte == 0xE2 || byte == 0xEF
  }

  /// ``needsCare(_:)`` for any of the eight bytes of `word`, tested at once (``ByteWord``).
  package static func mayNeedCare(_ word: UInt64) -> Bool {
    ByteWord.below(0x20, in: word) | ByteWord.equal(to: 0x22, in: word) | ByteWord.equal(to: 0x26, in: word)
      | ByteWord.equal(to: 0x5C, in: word)
      | ByteWord.equal(to: 0x7F, in: word) | ByteWord.equal(to: 0xC2, in: word)
      | ByteWord.equal(to: 0xE2, in: word) | ByteWord.equal(to: 0xEF, in: word) != 0
  }
}
