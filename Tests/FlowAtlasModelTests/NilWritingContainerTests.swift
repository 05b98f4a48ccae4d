import FlowAtlasTestSupport
import Testing

@testable import FlowAtlasModel

/// A field whose value is nil is written, whatever its type: `model.json` says `null` (the
/// standard library's default for synthesized code would leave the key out).
@Suite("Fields that are nil")
struct NilWritingContainerTests {
  @Test func everyStandardTypeLeftOutIsWrittenAsNull() {
    let written = String(decoding: ModelJSONEncoder.bytes(NilFields()), as: UTF8.self)
    for key in NilFields.keys {
      #expect(written.contains("\"\(key)\": null"), "\(key) in \(written)")
    }
  }
}
