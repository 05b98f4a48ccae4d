import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
import Testing

/// What decides whether an app's pages are made again (``ModelDigest``): any change to the app
/// changes it, and hashing as it goes gives the hash of the whole serialization.
@Suite struct ModelDigestTests {
  /// The bundled examples' model, its journeys held.
  static let examples = ModelBuilder(workers: 1).build(
    traces: ReplayCacheTests.examples.map { ($0.file, $0.bytes) })

  @Test func modelDigestSeesEveryChange() throws {
    let app = try #require(Self.examples.apps.first)
    var first = ModelDigest()
    first.add(app)
    var second = ModelDigest()
    second.add(
      AppModel(
        name: app.name + "2", slug: app.slug, runs: app.runs, coordinators: app.coordinators,
        screens: app.screens, transitions: app.transitions, flows: app.flows, diagnostics: app.diagnostics))
    #expect(first.bytes != second.bytes)
  }

  @Test func streamingModelDigestHashesLikeTheWholeSerialization() {
    var whole = ModelDigest()
    var streaming = ModelDigest(streaming: true)
    for _ in 0..<40 {  // enough to pass several 64 KB chunks
      for app in Self.examples.apps {
        whole.add(app)
        streaming.add(app)
      }
    }
    #expect(whole.bytes.count > 200_000)
    #expect(streaming.bytes.count < 70_000)
    #expect(streaming.fast128() == Fingerprint.fast128(whole.bytes))
  }
}
