import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
import Testing

@testable import FlowAtlasSite

@Suite struct ModelDigestTests {
  @Test func modelDigestSeesEveryChange() {
    let app = SampleModel.shop()
    var first = ModelDigest()
    first.add(app)
    var second = ModelDigest()
    second.add(
      AppModel(
        name: "Shop2", slug: app.slug, runs: app.runs, coordinators: app.coordinators, screens: app.screens,
        transitions: app.transitions, flows: app.flows, diagnostics: app.diagnostics))
    #expect(first.bytes != second.bytes)
  }

  @Test func streamingModelDigestHashesLikeTheWholeSerialization() {
    let app = SampleModel.model(hostile: true).apps[0]
    var whole = ModelDigest()
    var streaming = ModelDigest(streaming: true)
    for _ in 0..<200 {  // enough to pass several 64 KB chunks
      whole.add(app)
      streaming.add(app)
    }
    #expect(whole.bytes.count > 200_000)
    #expect(streaming.bytes.count < 70_000)
    #expect(streaming.fast128() == Fingerprint.fast128(whole.bytes))
  }
}
