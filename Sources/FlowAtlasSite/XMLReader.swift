/// A minimal XML tokenizer for the SVG a diagram provider returns.
///
/// It knows elements, attributes in quotes, text, comments, CDATA, processing
/// instructions and a DOCTYPE without an internal subset. It decodes the five
/// predefined entities and character references and rejects every other entity,
/// so no DTD can define one.
struct XMLReader {
  struct Attribute: Equatable {
    var name: String
    var value: String
  }

  enum Token: Equatable {
    case start(String, [Attribute], selfClosing: Bool)
    case end(String)
    case text(String)
  }

  struct Failure: Error {
    var reason: String
  }

  private let bytes: [UInt8]
  private var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The next token, nil at the end.
  mutating func next() throws(Failure) -> Token? {
    while index < bytes.count {
      if bytes[index] != UInt8(ascii: "<") {
        let start = index
        while index < bytes.count && bytes[index] != UInt8(ascii: "<") { index += 1 }
        return .text(try decode(start, index))
      }
      if starts(with: "<!--") {
        try skip(past: "-->")
      } else if starts(with: "<![CDATA[") {
        index += 9
        let start = index
        try skip(past: "]]>")
        return .text(String(decoding: bytes[start..<(index - 3)], as: UTF8.self))
      } else if starts(with: "<?") {
        try skip(past: "?>")
      } else if starts(with: "<!") {
        let start = index
        try skip(past: ">")
        if bytes[start..<index].contains(UInt8(ascii: "[")) {
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
    var attributes: [Attribute] = []
    while true {
      skipSpace()
      guard index < bytes.count else { throw Failure(reason: "<\(name)> is not closed") }
      switch bytes[index] {
      case UInt8(ascii: ">"):
        index += 1
        return .start(name, attributes, selfClosing: false)
      case UInt8(ascii: "/"):
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
          throw Failure(reason: "<\(name)> has a stray “/”")
        }
        index += 2
        return .start(name, attributes, selfClosing: true)
      default:
        let attribute = readName()
        guard !attribute.isEmpty else { throw Failure(reason: "<\(name)> has a malformed attribute") }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
          throw Failure(reason: "attribute \(attribute) of <\(name)> has no value")
        }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
        else { throw Failure(reason: "attribute \(attribute) of <\(name)> is not quoted") }
        let quote = bytes[index]
        index += 1
        let start = index
        while index < bytes.count && bytes[index] != quote {
          if bytes[index] == UInt8(ascii: "<") {
            throw Failure(reason: "attribute \(attribute) of <\(name)> contains “<”")
          }
          index += 1
        }
        guard index < bytes.count else { throw Failure(reason: "attribute \(attribute) is not closed") }
        let value = try decode(start, index)
        index += 1
        if attributes.contains(where: { $0.name == attribute }) {
          throw Failure(reason: "<\(name)> repeats attribute \(attribute)")
        }
        attributes.append(Attribute(name: attribute, value: value))
      }
    }
  }

  private func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    return prefix.withUTF8Buffer { buffer in
      for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
      return true
    }
  }

  private mutating func skip(past terminator: StaticString) throws(Failure) {
    let count = terminator.utf8CodeUnitCount
    let first = terminator.withUTF8Buffer { $0[0] }
    while index < bytes.count {
      if bytes[index] == first && starts(with: terminator) {
        index += count
        return
      }
      index += 1
    }
    throw Failure(reason: "it ends inside a comment or declaration")
  }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  /// Letters, digits and `_ : . -` (XML names as SVG uses them).
  private mutating func readName() -> String {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let isName =
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57)
        || byte == 95 || byte == 58 || byte == 46 || byte == 45
      guard isName else { break }
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// The text of `bytes[start..<end]` with entities decoded.
  private func decode(_ start: Int, _ end: Int) throws(Failure) -> String {
    let slice = bytes[start..<end]
    guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(slice.count)
    var i = start
    while i < end {
      guard bytes[i] == UInt8(ascii: "&") else {
        out.append(bytes[i])
        i += 1
        continue
      }
      guard let semicolon = bytes[i..<end].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 10 else {
        throw Failure(reason: "a “&” does not start an entity")
      }
      let entity = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
      let scalar: Unicode.Scalar?
      switch entity {
      case "lt": scalar = "<"
      case "gt": scalar = ">"
      case "amp": scalar = "&"
      case "quot": scalar = "\""
      case "apos": scalar = "'"
      default:
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
          scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if entity.hasPrefix("#") {
          scalar = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        } else {
          scalar = nil
        }
      }
      guard let scalar, scalar.value != 0 else { throw Failure(reason: "it uses the entity &\(entity);") }
      out.append(contentsOf: Array(String(scalar).utf8))
      i = semicolon + 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}
