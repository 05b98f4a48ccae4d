/// A record of every standard type the synthesized `Encodable` asks `encodeIfPresent` for by name,
/// each left out: what the encoders that write a nil field (`NilWritingContainer`) are tested
/// with. Each key is numbered, so that none is found inside another (`int` in `uint8`).
package struct NilFields: Encodable {
  package var k01Text: String?
  package var k02Flag: Bool?
  package var k03Int: Int?
  package var k04Int8: Int8?
  package var k05Int16: Int16?
  package var k06Int32: Int32?
  package var k07Int64: Int64?
  package var k08UInt: UInt?
  package var k09UInt8: UInt8?
  package var k10UInt16: UInt16?
  package var k11UInt32: UInt32?
  package var k12UInt64: UInt64?
  package var k13Double: Double?
  package var k14Float: Float?
  package var k15List: [Int]?

  package init() {}

  /// The keys, in the order they are declared.
  package static let keys = [
    "k01Text", "k02Flag", "k03Int", "k04Int8", "k05Int16", "k06Int32", "k07Int64", "k08UInt", "k09UInt8",
    "k10UInt16", "k11UInt32", "k12UInt64", "k13Double", "k14Float", "k15List",
  ]
}
