import FlowAtlasModel

extension ModelDigest {
  /// Adds `value` as its `Encodable` conformance writes it: every stored property of a type whose
  /// conformance the compiler synthesizes (the app's screens, coordinators, flows, transitions,
  /// containers), so a field added to one is digested with no other change.
  ///
  /// Each field is written as its key then its value, an element of a list after a mark, so that
  /// a value left out (`nil`) or a list ending cannot be read as the next field.
  package mutating func add(encoding value: some Encodable) {
    let encoder = DigestEncoder(self)
    // Nothing here throws: the digest takes any value.
    try? value.encode(to: encoder)
    self = encoder.digest
  }
}

/// Writes what an `Encodable` value encodes into a ``ModelDigest``.
private final class DigestEncoder: Encoder {
  var digest: ModelDigest
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ digest: ModelDigest) { self.digest = digest }

  /// What starts a container, and what comes before each element of a list.
  private static let (keyedMark, listMark, elementMark): (UInt8, UInt8, UInt8) = (10, 11, 12)

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    digest.byte(Self.keyedMark)
    return KeyedEncodingContainer(Keyed<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    digest.byte(Self.listMark)
    return List(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

  /// One value, by its kind.
  func write(_ value: some Encodable) throws {
    switch value {
    case let text as String: digest.add(text)
    case let number as Int: digest.add(number)
    case let flag as Bool: digest.byte(flag ? 1 : 0)
    case let number as Double: digest.add(Int(bitPattern: UInt(number.bitPattern)))
    default: try value.encode(to: self)
    }
  }

  func writeNil() { digest.optional(nil as String?) }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: DigestEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
      encoder.digest.add(key.stringValue)
      encoder.writeNil()
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      encoder.digest.add(key.stringValue)
      try encoder.write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      encoder.digest.add(key.stringValue)
      return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      encoder.digest.add(key.stringValue)
      return encoder.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
      encoder.digest.add(key.stringValue)
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
