import Testing

@testable import FlowAtlasModel

/// A field whose value is nil is written, whatever its type: `model.json` says `null` (the
/// standard library's default for synthesized code would leave the key out).
@Suite("Fields that are nil")
struct NilWritingContainerTests {
  struct Fields: Encodable {
    var text: String?
    var flag: Bool?
    var int: Int?
    var int8: Int8?
    var int16: Int16?
    var int32: Int32?
    var int64: Int64?
    var uint: UInt?
    var uint8: UInt8?
    var uint16: UInt16?
    var uint32: UInt32?
    var uint64: UInt64?
    var double: Double?
    var float: Float?
    var list: [Int]?
  }

  @Test func everyStandardTypeLeftOutIsWrittenAsNull() {
    let written = String(decoding: ModelJSONEncoder.bytes(Fields()), as: UTF8.self)
    let keys = [
      "text", "flag", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
      "double", "float", "list",
    ]
    for key in keys {
      #expect(written.contains("\"\(key)\": null"), "\(key) in \(written)")
    }
  }
}
