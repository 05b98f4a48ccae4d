import FlowAtlasBuild
import FlowAtlasModel
import Testing

@testable import FlowAtlasSite

/// What keeps a run's journey pages on a rebuild (``JourneyKeys``): each input they are made
/// from changes the key; a run no replay names is never kept.
@Suite struct JourneyKeysTests {
  static func pages(_ app: AppModel, title: String = "Site") -> AppPages {
    AppPages(app: app, folder: app.slug, layout: PageLayout(siteTitle: title), notes: [:], siblings: [])
  }

  static func keys(_ app: AppModel, title: String = "Site", appDigest: String? = nil) -> JourneyKeys {
    pages(app, title: title).journeyKeys(title: title, identity: "provider 1", appDigest: appDigest)
  }

  @Test func aRunIsKeptOnlyWhenAReplayNamesIt() throws {
    let app = SampleModel.shop()
    var run = try #require(app.runs.first)
    #expect(Self.keys(app).key(run) == nil, "no replay: nothing proves the journey unchanged")
    run.replayKey = "replay-1"
    let key = try #require(Self.keys(app).key(run))
    #expect(Self.keys(app).key(run) == key, "the same inputs, the same key")
    var other = run
    other.replayKey = "replay-2"
    #expect(Self.keys(app).key(other) != key, "other trace bytes")
    #expect(Self.keys(app, title: "Other").key(run) != key, "another site title")
    #expect(Self.keys(app, appDigest: "model-1").key(run) != key, "a provider that reads the app")
    #expect(Self.keys(app, appDigest: "model-1").key(run) != Self.keys(app, appDigest: "model-2").key(run))
  }
}
