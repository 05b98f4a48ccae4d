/// A keyed container that writes a field whose value is `nil` (with `encodeNil(forKey:)`), where
/// the standard library's default for synthesized code leaves the key out: `model.json` says
/// `null`, and a cache key's digest must tell a field that is nil from one that is not there.
///
/// The synthesized code asks for `encodeIfPresent` by each standard type's name, so each has its
/// overload here (a protocol's extension is preferred to the standard library's defaults), but for
/// `Int128` and `UInt128`, which no record of ours holds (on Apple platforms they need macOS 15).
package protocol NilWritingContainer: KeyedEncodingContainerProtocol {}

extension NilWritingContainer {
  package mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
  }
  package mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
  package mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }

  private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
    try encodeIfPresent(value, forKey: key)
  }
}
