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

  /// What a run's archive holds is digested by the same description (ModelEncoding.swift): a
  /// change to any of it, those the digest once left out included (the header's line), is a
  /// change to the app.
  @Test func aChangeToAnythingARunHoldsChangesTheDigest() throws {
    let app = try #require(Self.examples.apps.first { $0.runs.contains { !$0.journey.steps.isEmpty } })
    let index = try #require(app.runs.firstIndex { !$0.journey.steps.isEmpty })
    func digest(_ change: (inout Run) -> Void) -> [UInt8] {
      var runs = app.runs
      change(&runs[index])
      var digest = ModelDigest()
      digest.add(
        AppModel(
          name: app.name, slug: app.slug, runs: runs, coordinators: app.coordinators, screens: app.screens,
          transitions: app.transitions, flows: app.flows, diagnostics: app.diagnostics))
      return digest.bytes
    }
    let unchanged = digest { _ in }
    #expect(digest { _ in } == unchanged)
    let changes: [(String, (inout Run) -> Void)] = [
      ("the header's line", { $0.headerLine += 1 }),
      ("the title", { $0.title = ($0.title ?? "") + "!" }),
      ("the metadata", { $0.metadata.append(MetadataEntry(key: "device", value: "iPhone")) }),
      (
        "a picture",
        { $0.pictures.append(ScreenPicture(screenType: "A", file: "a.png", line: 2, width: nil)) }
      ),
      (
        "a step's line",
        { run in
          var journey = run.journey
          journey.steps[0].line += 1
          run.journey = journey
        }
      ),
    ]
    for (what, change) in changes { #expect(digest(change) != unchanged, "\(what)") }
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
