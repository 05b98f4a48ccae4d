import FlowAtlasBytes

/// The line grammar of contracts, read by one forward pass over each line's bytes: no regular
/// expression, no backtracking, so a line of any length (up to the file's 1 MiB) costs time in
/// proportion to its length. (The regular expressions this replaces took cubic time on an
/// unclosed `-->|` followed by spaces.)
///
/// Lines end at `\n`, with a `\r` before it dropped, and a byte-order mark before the first is
/// passed over: a file saved with Windows line endings, or as Windows editors save UTF-8, reads as
/// the same contract.
enum ContractSyntax {
  /// One edge as written: names and the action's text, still quoted where the file quoted it.
  struct EdgeText: Equatable {
    var from: String
    var to: String
    var action: String?
  }

  /// The file's lines, each trimmed of spaces and tabs at both ends (and of a `\r` before its
  /// `\n`), with their 1-based numbers.
  static func lines(_ bytes: [UInt8]) -> [(number: Int, text: ArraySlice<UInt8>)] {
    var result: [(Int, ArraySlice<UInt8>)] = []
    // A byte-order mark, as Windows editors save UTF-8, is not part of the first line.
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.startIndex + 3 : bytes.startIndex
    var number = 1
    while start <= bytes.endIndex {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
      result.append((number, trimmed(asciiSpaced(bytes[start..<end]))))
      number += 1
      start = end + 1
    }
    return result
  }

  /// `line` with every Unicode space (a no-break space pasted from a wiki, U+3000 …) as an ASCII
  /// space, as the regular expressions this replaced took them; a line of ASCII is as it was.
  private static func asciiSpaced(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard line.contains(where: { $0 >= 0x80 }) else { return line }
    var out: [UInt8] = []
    out.reserveCapacity(line.count)
    for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
      if scalar.value >= 0x80, scalar.properties.isWhitespace {
        out.append(0x20)
      } else {
        out.append(contentsOf: String(scalar).utf8)
      }
    }
    return out[...]
  }

  // MARK: Mermaid

  /// `flowchart TD` (or `graph`, and TB, LR, RL, BT).
  static func isMermaidHeader(_ line: ArraySlice<UInt8>) -> Bool {
    var cursor = Cursor(line)
    guard cursor.take("flowchart") || cursor.take("graph"), cursor.skipSpaces() > 0 else { return false }
    guard ["TD", "TB", "LR", "RL", "BT"].contains(where: { cursor.take($0) }) else { return false }
    return cursor.isAtEnd
  }

  /// A Mermaid node as written: its id, and the label of a shape after it (`id["Settings.Root"]`,
  /// `id(["…"])`, `id[Settings.Root]` …), which names a type an id cannot: a module's
  /// (`Module.Type`), a nested or a generic one. Entities in the label (`#lt;`, `#quot;`, `#60;` …),
  /// as `flowatlas render --format mermaid` writes them, are read as their characters.
  struct NodeText: Equatable {
    var id: String
    var label: String?
  }

  /// A line of a Mermaid contract: an edge, or a node declared on its own.
  enum MermaidLine: Equatable {
    case edge(from: NodeText, to: NodeText, action: String?)
    case node(NodeText)
  }

  /// `A --> B` or `A -->|action| B` (`-.->` and `==>` read as `-->`), each node optionally with a
  /// shape and label, or a node alone. The action may be quoted (`|"Pay now"|`), and then holds no
  /// `"`; unquoted it holds no `"` either. Neither form holds a `|`.
  static func mermaidLine(_ line: ArraySlice<UInt8>) -> MermaidLine? {
    var cursor = Cursor(line)
    guard let from = cursor.mermaidNode() else { return nil }
    cursor.skipSpaces()
    if cursor.isAtEnd { return .node(from) }
    guard cursor.take("-->") || cursor.take("-.->") || cursor.take("==>") else { return nil }
    cursor.skipSpaces()
    var action: String?
    if cursor.take("|") {
      guard let text = cursor.upTo(UInt8(ascii: "|")) else { return nil }
      let inner = trimmed(text)
      if inner.contains(UInt8(ascii: "\"")) {
        // Quoted: one pair of quotes around the whole action, none inside.
        guard inner.count >= 2, inner.first == UInt8(ascii: "\""), inner.last == UInt8(ascii: "\""),
          !inner.dropFirst().dropLast().contains(UInt8(ascii: "\""))
        else { return nil }
      }
      action = String(decoding: inner, as: UTF8.self)
      cursor.skipSpaces()
    }
    guard let to = cursor.mermaidNode() else { return nil }
    cursor.skipSpaces()
    return cursor.isAtEnd ? .edge(from: from, to: to, action: action) : nil
  }

  /// `text` with Mermaid's entities (`#name;`, `#decimal;`) as their characters; a `#` that
  /// begins none stays.
  static func decodingEntities(_ text: String) -> String {
    guard text.contains("#") else { return text }
    let named: [Substring: String] = ["quot": "\"", "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}"]
    var out = ""
    var rest = text[...]
    while let hash = rest.firstIndex(of: "#") {
      out += rest[..<hash]
      let after = rest[rest.index(after: hash)...]
      if let semicolon = after.prefix(9).firstIndex(of: ";") {
        let name = after[..<semicolon]
        let character =
          named[name]
          ?? UInt32(name).flatMap { code in
            name.allSatisfy { ("0"..."9").contains($0) } && code > 0 ? Unicode.Scalar(code) : nil
          }.map { String($0) }
        if let character {
          out += character
          rest = after[after.index(after: semicolon)...]
          continue
        }
      }
      out += "#"
      rest = after
    }
    return out + rest
  }

  // MARK: DOT

  /// `digraph {`, `digraph Name {`, `digraph "Name" {`, each optionally after `strict`.
  static func isDOTHeader(_ line: ArraySlice<UInt8>) -> Bool {
    var cursor = Cursor(line)
    if cursor.take("strict") {
      guard cursor.skipSpaces() > 0 else { return false }
    }
    guard cursor.take("digraph") else { return false }
    if cursor.skipSpaces() > 0, !cursor.peek(UInt8(ascii: "{")) {
      guard cursor.quoted(allowsEmpty: true) != nil || cursor.identifier() != nil else { return false }
      cursor.skipSpaces()
    }
    return cursor.take("{") && cursor.isAtEnd
  }

  /// `A -> B;` or `A -> B [label="action"];` (names plain or quoted, the `;` optional).
  static func dotEdge(_ line: ArraySlice<UInt8>) -> EdgeText? {
    var cursor = Cursor(line)
    guard let from = cursor.quoted(allowsEmpty: false) ?? cursor.identifier() else { return nil }
    cursor.skipSpaces()
    guard cursor.take("->") else { return nil }
    cursor.skipSpaces()
    guard let to = cursor.quoted(allowsEmpty: false) ?? cursor.identifier() else { return nil }
    cursor.skipSpaces()
    var action: String?
    if cursor.take("[") {
      cursor.skipSpaces()
      guard cursor.take("label") else { return nil }
      cursor.skipSpaces()
      guard cursor.take("=") else { return nil }
      cursor.skipSpaces()
      guard let label = cursor.quoted(allowsEmpty: true) else { return nil }
      cursor.skipSpaces()
      guard cursor.take("]") else { return nil }
      cursor.skipSpaces()
      action = label
    }
    _ = cursor.take(";")
    return cursor.isAtEnd ? EdgeText(from: from, to: to, action: action) : nil
  }

  // MARK: Reading

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C || byte == 0x0D
  }

  static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, isSpace(first) { slice.removeFirst() }
    while let last = slice.last, isSpace(last) { slice.removeLast() }
    return slice
  }

  /// A position in one line; every method moves forward only.
  private struct Cursor {
    private let bytes: ArraySlice<UInt8>
    private var index: Int

    init(_ bytes: ArraySlice<UInt8>) {
      self.bytes = bytes
      index = bytes.startIndex
    }

    var isAtEnd: Bool { index == bytes.endIndex }

    func peek(_ byte: UInt8) -> Bool { index < bytes.endIndex && bytes[index] == byte }

    /// Moves past `word` when the line continues with it.
    mutating func take(_ word: StaticString) -> Bool {
      let count = word.utf8CodeUnitCount
      guard bytes.endIndex - index >= count else { return false }
      let word = ByteView(word)
      let matches = word.indices.allSatisfy { bytes[index + $0] == word[$0] }
      if matches { index += count }
      return matches
    }

    /// Moves past spaces and tabs. - Returns: how many.
    @discardableResult
    mutating func skipSpaces() -> Int {
      let start = index
      while index < bytes.endIndex, ContractSyntax.isSpace(bytes[index]) { index += 1 }
      return index - start
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`.
    mutating func identifier() -> String? {
      func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
      }
      guard index < bytes.endIndex, isLetter(bytes[index]) else { return nil }
      let start = index
      while index < bytes.endIndex,
        isLetter(bytes[index]) || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
      {
        index += 1
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// An id, then a shape's label when one follows (``NodeText``).
    mutating func mermaidNode() -> NodeText? {
      guard let id = identifier() else { return nil }
      let shapes: [(open: [UInt8], close: [UInt8])] = [
        (Array("([".utf8), Array("])".utf8)), (Array("[[".utf8), Array("]]".utf8)),
        (Array("((".utf8), Array("))".utf8)), (Array("[".utf8), Array("]".utf8)),
        (Array("(".utf8), Array(")".utf8)),
      ]
      guard let shape = shapes.first(where: { take($0.open) }) else { return NodeText(id: id, label: nil) }
      var label: String
      if let text = quoted(allowsEmpty: false) {
        label = text
      } else {
        guard let text = upTo(shape.close[0]) else { return nil }
        let inner = ContractSyntax.trimmed(text)
        guard !inner.isEmpty, !inner.contains(where: { "\"[]()|".utf8.contains($0) }) else { return nil }
        label = String(decoding: inner, as: UTF8.self)
        index -= 1
      }
      guard take(shape.close) else { return nil }
      label = ContractSyntax.decodingEntities(label)
      return label.isEmpty ? nil : NodeText(id: id, label: label)
    }

    /// Moves past `word` when the line continues with it.
    mutating func take(_ word: [UInt8]) -> Bool {
      guard bytes.endIndex - index >= word.count,
        word.indices.allSatisfy({ bytes[index + $0] == word[$0] })
      else { return false }
      index += word.count
      return true
    }

    /// `"text"` with no `"` inside: the text. Leaves the cursor where it was when there is none.
    mutating func quoted(allowsEmpty: Bool) -> String? {
      guard peek(UInt8(ascii: "\"")) else { return nil }
      let start = index + 1
      guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")), allowsEmpty || end > start else {
        return nil
      }
      index = end + 1
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The bytes up to the next `byte`, moving past it; nil (and no move) when there is none.
    mutating func upTo(_ byte: UInt8) -> ArraySlice<UInt8>? {
      guard let end = bytes[index...].firstIndex(of: byte) else { return nil }
      defer { index = end + 1 }
      return bytes[index..<end]
    }
  }
}
