import FlowAtlasModel

extension ModelDigest {
  /// Adds `value` as its `Encodable` conformance writes it: every stored property of a type whose
  /// conformance the compiler synthesizes (the app's screens, coordinators, flows, transitions,
  /// containers), so a field added to one is digested with no other change.
  ///
  /// Every token is tagged with its kind and every text with its length; a field is written as
  /// its key then its value (a `nil` one as its key and a mark), an element of a list after a
  /// mark, and each value that encodes itself (a structure, a list) is closed by a mark. So no two
  /// values of one type write the same bytes: not a title holding a NUL and the next field's key,
  /// not a field left out in one structure and set in the one around it, not one list of two and
  /// two lists of one. A `Set` or `Dictionary`, whose order changes from process to process, stops
  /// the program: a digest must be the same in every build, so such a field is a sorted array.
  package mutating func add(encoding value: some Encodable) {
    let encoder = DigestEncoder(self)
    do {
      try encoder.write(value)
    } catch {
      // The encoder throws nothing; a type's own `encode(to:)` that does is a programming error.
      preconditionFailure("\(type(of: value)) could not be digested: \(error)")
    }
    self = encoder.digest
  }
}

/// Writes what an `Encodable` value encodes into a ``ModelDigest``.
private final class DigestEncoder: Encoder {
  var digest: ModelDigest
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ digest: ModelDigest) { self.digest = digest }

  /// What starts a container, what comes before each element of a list, and what closes a value
  /// that encoded itself.
  private static let (keyedMark, listMark, elementMark, endMark): (UInt8, UInt8, UInt8, UInt8) = (
    10, 11, 12, 17
  )
  /// What comes before a value of each kind.
  private static let (textMark, numberMark, flagMark, nilMark): (UInt8, UInt8, UInt8, UInt8) = (
    13, 14, 15, 16
  )

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    digest.byte(Self.keyedMark)
    return KeyedEncodingContainer(Keyed<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    digest.byte(Self.listMark)
    return List(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

  /// One value, by its kind: every primitive `Encodable` is one of these (the containers'
  /// requirements for each primitive type come here through their generic `encode`).
  func write(_ value: some Encodable) throws {
    switch value {
    case let text as String: write(text: text)
    case let flag as Bool:
      digest.byte(Self.flagMark)
      digest.byte(flag ? 1 : 0)
    case let number as Int: write(number: number)
    case let number as Int8: write(number: Int(number))
    case let number as Int16: write(number: Int(number))
    case let number as Int32: write(number: Int(number))
    case let number as Int64: write(number: Int(number))
    case let number as UInt: write(number: Int(bitPattern: number))
    case let number as UInt8: write(number: Int(number))
    case let number as UInt16: write(number: Int(number))
    case let number as UInt32: write(number: Int(number))
    case let number as UInt64: write(number: Int(truncatingIfNeeded: number))
    case let number as Double: write(number: Int(truncatingIfNeeded: number.bitPattern))
    case let number as Float: write(number: Int(number.bitPattern))
    case is any UnorderedCollection:
      preconditionFailure("\(type(of: value)) is digested in hash order, which changes with the process")
    default:
      try value.encode(to: self)
      digest.byte(Self.endMark)
    }
  }

  /// A text, or a field's key: its length, then its bytes.
  func write(text: String) {
    digest.byte(Self.textMark)
    digest.add(text.utf8.count)
    digest.add(text)
  }

  private func write(number: Int) {
    digest.byte(Self.numberMark)
    digest.add(number)
  }

  func writeNil() { digest.byte(Self.nilMark) }

  struct Keyed<Key: CodingKey>: NilWritingContainer {
    let encoder: DigestEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
      encoder.write(text: key.stringValue)
      encoder.writeNil()
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      encoder.write(text: key.stringValue)
      try encoder.write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      encoder.write(text: key.stringValue)
      return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      encoder.write(text: key.stringValue)
      return encoder.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
      encoder.write(text: key.stringValue)
      return encoder
    }
  }

  struct List: UnkeyedEncodingContainer {
    let encoder: DigestEncoder
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(encoder: DigestEncoder) { self.encoder = encoder }

    mutating func encodeNil() throws {
      element()
      encoder.writeNil()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
      element()
      try encoder.write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      element()
      return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      element()
      return encoder.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      element()
      return encoder
    }

    private mutating func element() {
      count += 1
      encoder.digest.byte(DigestEncoder.elementMark)
    }
  }

  struct Single: SingleValueEncodingContainer {
    let encoder: DigestEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.writeNil() }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.write(value) }
  }
}

/// A collection whose order is its hash order, which differs from process to process.
private protocol UnorderedCollection {}
extension Set: UnorderedCollection {}
extension Dictionary: UnorderedCollection {}
