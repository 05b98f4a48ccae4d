import FlowAtlasBytes

/// Why a line is not JSON: the byte offset (0-based, within the line) and what was expected there.
package struct JSONSyntaxError: Error, Hashable {
  package var offset: Int
  package var problem: String

  package init(offset: Int, problem: String) {
    self.offset = offset
    self.problem = problem
  }
}

/// What kind of JSON value a ``JSONToken`` spans.
package enum JSONKind: UInt8 {
  case absent
  /// A string without escapes: its bytes are its UTF-8 text.
  case plainString
  /// A string with at least one escape: decode it with ``JSONScanner/string(_:)``.
  case escapedString
  case integer
  case number
  case trueValue
  case falseValue
  case null
  case object
  case array
}

/// A scanned value: its kind and byte range in the line. For strings the range is the
/// text between the quotes; for every other kind it is the whole value.
package struct JSONToken {
  package var kind: JSONKind
  // 32-bit offsets keep a line's sixteen key slots small (the decoder caps lines below 2 GiB).
  private var lower: Int32
  private var upper: Int32

  package init(kind: JSONKind, start: Int, end: Int) {
    self.kind = kind
    lower = Int32(truncatingIfNeeded: start)
    upper = Int32(truncatingIfNeeded: end)
  }

  @inline(__always) package var start: Int { Int(lower) }
  @inline(__always) package var end: Int { Int(upper) }

  package static let absent = JSONToken(kind: .absent, start: 0, end: 0)

  package var isString: Bool { kind == .plainString || kind == .escapedString }
}

/// A hand-written RFC 8259 scanner over the raw UTF-8 bytes of one line.
///
/// It validates as it goes (escapes, UTF-8, control characters, number grammar, nesting)
/// and hands out byte ranges instead of building values, so that the reader decodes only
/// the keys it needs. Foundation's JSON classes would allocate a dictionary per line.
package struct JSONScanner {
  /// Deeper nesting is rejected so that a hostile line cannot exhaust the stack.
  package static let maximumDepth = 256
  /// Longer lines are rejected: token offsets are 32-bit.
  package static let maximumLength = Int(Int32.max)

  /// The text scanned: one line of a trace, or a whole file.
  package let bytes: ByteView
  package var count: Int { bytes.count }
  package var index: Int = 0

  package init(_ bytes: ByteView) {
    self.bytes = bytes.count > Self.maximumLength ? bytes.view(0..<Self.maximumLength) : bytes
  }

  /// Runs `body` with a scanner over `bytes` where they are (nil for no bytes): the scanner is
  /// for that call only, and must not outlive it.
  package static func scanning<Result, Failure: Error>(
    _ bytes: [UInt8], _ body: (JSONScanner?) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try bytes.withByteView { view throws(Failure) in try body(view.isEmpty ? nil : JSONScanner(view)) }
  }

  /// The byte at `offset`, or nil past the end: for a reader that looks ahead at what a value
  /// starts with.
  package func byte(at offset: Int) -> UInt8? { offset >= 0 && offset < count ? bytes[offset] : nil }

  private func fail(_ problem: String, at offset: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(offset: offset ?? index, problem: problem)
  }

  @inline(__always)
  package mutating func skipWhitespace() {
    // Compact lines have none: one comparison decides the common case.
    while index < count, bytes[index] <= 0x20 {
      let b = bytes[index]
      guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { return }
      index += 1
    }
  }

  /// Scans one whole object and calls `member` with each key and value, in order.
  ///
  /// - Parameter member: Called with the key (a string token) and the scanned value.
  /// - Throws: ``JSONSyntaxError`` where the line stops being valid JSON.
  package mutating func object(
    depth: Int = 0, _ member: (JSONToken, JSONToken) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    try members { key, scanner throws(JSONSyntaxError) in
      try member(key, try scanner.value(depth: depth + 1))
    }
  }

  /// Scans an object, handing each key to `member`, which must scan the key's value (the
  /// event decoder scans the fields it knows in place).
  @inline(__always)
  package mutating func members(
    _ member: (JSONToken, inout JSONScanner) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    skipWhitespace()
    guard index < count, bytes[index] == UInt8(ascii: "{") else {
      throw fail(index < count ? "expected '{'" : "expected a value")
    }
    index += 1
    skipWhitespace()
    if index < count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      guard index < count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail(index < count ? "expected a key in double quotes" : "the object is not closed")
      }
      let key = try string()
      skipWhitespace()
      guard index < count, bytes[index] == UInt8(ascii: ":") else {
        throw fail(index < count ? "expected ':' after the key" : "the object is not closed")
      }
      index += 1
      try member(key, &self)
      skipWhitespace()
      guard index < count else { throw fail("the object is not closed") }
      let b = bytes[index]
      index += 1
      if b == UInt8(ascii: ",") { continue }
      if b == UInt8(ascii: "}") { return }
      throw fail("expected ',' or '}'", at: index - 1)
    }
  }

  /// Scans any value, validating nested objects and arrays.
  package mutating func value(depth: Int = 0) throws(JSONSyntaxError) -> JSONToken {
    skipWhitespace()
    guard index < count else { throw fail("expected a value") }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "\""):
      return try string()
    case UInt8(ascii: "{"):
      guard depth < Self.maximumDepth else { throw fail("nested too deeply") }
      try object(depth: depth) { (_, _) throws(JSONSyntaxError) in }
      return JSONToken(kind: .object, start: start, end: index)
    case UInt8(ascii: "["):
      guard depth < Self.maximumDepth else { throw fail("nested too deeply") }
      try array(depth: depth)
      return JSONToken(kind: .array, start: start, end: index)
    case UInt8(ascii: "t"):
      try literal("true")
      return JSONToken(kind: .trueValue, start: start, end: index)
    case UInt8(ascii: "f"):
      try literal("false")
      return JSONToken(kind: .falseValue, start: start, end: index)
    case UInt8(ascii: "n"):
      try literal("null")
      return JSONToken(kind: .null, start: start, end: index)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try number()
    default:
      throw fail("expected a value")
    }
  }

  /// Scans an array, handing the scanner to `element` at each element, which must scan it.
  /// - Throws: ``JSONSyntaxError`` where the text stops being valid JSON, or what `element` throws.
  package mutating func elements(
    _ element: (inout JSONScanner) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    skipWhitespace()
    guard index < count, bytes[index] == UInt8(ascii: "[") else {
      throw fail(index < count ? "expected '['" : "expected a value")
    }
    index += 1
    skipWhitespace()
    if index < count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      try element(&self)
      skipWhitespace()
      guard index < count else { throw fail("the array is not closed") }
      let b = bytes[index]
      index += 1
      if b == UInt8(ascii: ",") { continue }
      if b == UInt8(ascii: "]") { return }
      throw fail("expected ',' or ']'", at: index - 1)
    }
  }

  private mutating func array(depth: Int) throws(JSONSyntaxError) {
    try elements { scanner throws(JSONSyntaxError) in _ = try scanner.value(depth: depth + 1) }
  }

  private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let length = word.utf8CodeUnitCount
    guard count - index >= length else { throw fail("expected a value") }
    guard bytes.view(index..<index + length).elementsEqual(word) else { throw fail("expected a value") }
    index += length
  }

  /// Scans a string starting at its opening quote; the token spans the text between the quotes.
  @inline(__always)
  package mutating func string() throws(JSONSyntaxError) -> JSONToken {
    index += 1
    let start = index
    var escaped = false
    while true {
      // The common case: printable ASCII that needs no attention, a word at a time. A byte
      // is flagged when it is < 0x20, '"', '\\' or ≥ 0x80.
      while index + 8 <= count {
        let word = bytes.word(at: index)
        let flags =
          ByteWord.below(0x20, in: word) | ByteWord.equal(to: 0x22, in: word)
          | ByteWord.equal(to: 0x5C, in: word) | ByteWord.nonASCII(in: word)
        if flags != 0 {
          index += ByteWord.firstFlagged(flags)
          break
        }
        index += 8
      }
      while index < count {
        let b = bytes[index]
        if b < 0x20 || b >= 0x80 || b == 0x22 || b == 0x5C { break }
        index += 1
      }
      guard index < count else { throw fail("the string is not closed") }
      let b = bytes[index]
      if b == 0x22 {
        index += 1
        return JSONToken(kind: escaped ? .escapedString : .plainString, start: start, end: index - 1)
      } else if b == 0x5C {
        escaped = true
        try escape()
      } else if b < 0x20 {
        throw fail("a control character must be escaped in a string")
      } else {
        try utf8Sequence()
      }
    }
  }

  private mutating func escape() throws(JSONSyntaxError) {
    guard index + 1 < count else { throw fail("the string is not closed") }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 2
    case UInt8(ascii: "u"):
      guard index + 5 < count else { throw fail("incomplete \\u escape") }
      for i in 2...5 where Self.hexValue(bytes[index + i]) == nil {
        throw fail("\\u needs four hex digits", at: index + i)
      }
      index += 6
    default:
      throw fail("unknown escape in a string")
    }
  }

  /// Passes over one multi-byte UTF-8 sequence, which must be well formed.
  private mutating func utf8Sequence() throws(JSONSyntaxError) {
    guard let length = UTF8Validation.sequenceLength(bytes, at: index) else {
      throw fail("invalid UTF-8")
    }
    index += length
  }

  @inline(__always)
  private mutating func number() throws(JSONSyntaxError) -> JSONToken {
    let start = index
    var integer = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < count, isDigit(bytes[index]) else { throw fail("expected a digit") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < count, isDigit(bytes[index]) { index += 1 }
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      integer = false
      index += 1
      guard index < count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
      while index < count, isDigit(bytes[index]) { index += 1 }
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      integer = false
      index += 1
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < count, isDigit(bytes[index]) else { throw fail("expected a digit in the exponent") }
      while index < count, isDigit(bytes[index]) { index += 1 }
    }
    return JSONToken(kind: integer ? .integer : .number, start: start, end: index)
  }

  @inline(__always)
  private func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

  package static func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
