import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasSite

/// Draws like ``FakeDiagramProvider`` through the streaming ``DiagramProvider/draw``, keys each
/// diagram by its drawing's bytes, as the Graphviz provider keys it by its DOT, and records
/// what the site asked of it.
final class KeyedDiagramProvider: DiagramProvider {
  /// The subjects keys were asked for, and each call of `draw`'s subjects, in order.
  let asked = Lock<(keyed: [DiagramSubject], drawn: [[DiagramSubject]])>(([], []))

  var cacheIdentity: String { "keyed-fake-1" }
  /// As the Graphviz provider: a journey's drawing is made from its run alone.
  var drawsJourneysFromTheirRunAlone: Bool { true }

  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]
  {
    Issue.record("the site should draw through draw(_:links:deliver:)")
    return [:]
  }

  static func drawing(_ request: DiagramRequest, links: DiagramLinks) -> (svg: [UInt8], key: String) {
    let svg = Array(FakeDiagramProvider.svg(for: request.subject, of: request.app, links: links).utf8)
    return (svg, "svg " + Fingerprint.fast128(svg))
  }

  func cacheKeys(
    for requests: [DiagramRequest], links: DiagramLinks, cached: @Sendable (Int, String) -> [UInt8]?
  ) -> [KeyedDiagram] {
    asked.withLock { $0.keyed += requests.map(\.subject) }
    return requests.enumerated().map { index, request in
      let (svg, key) = Self.drawing(request, links: links)
      return KeyedDiagram(key: key, kept: cached(index, key).map { _ in svg })
    }
  }

  func draw(
    _ requests: [DiagramRequest], links: DiagramLinks, deliver: @Sendable (Int, DrawnDiagram) -> Void
  ) throws {
    asked.withLock { $0.drawn.append(requests.map(\.subject)) }
    for (index, request) in requests.enumerated() {
      let (svg, key) = Self.drawing(request, links: links)
      deliver(index, DrawnDiagram(svg: svg, cacheKey: key))
    }
  }
}

/// What a rebuild asks its provider: keys for the diagrams a previous build may have drawn,
/// none for the journeys of new runs, which are drawn at once.
@Suite struct DiagramKeysTests {
  @Test func aNewRunsJourneyIsDrawnAtOnceAndTheRestAreKeptByKey() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let provider = KeyedDiagramProvider()
    let first = try SiteBuilder(model: SampleModel.model(replayed: true), diagrams: provider).build(
      into: site)
    // A first build has nothing to keep: no keys are asked for, everything is drawn at once.
    #expect(provider.asked.withLock { $0.keyed }.isEmpty)
    #expect(provider.asked.withLock { $0.drawn }.map(\.count) == [first.diagramsDrawn])

    provider.asked.withLock { $0 = ([], []) }
    let grown = SampleModel.model(moreRuns: 1, replayed: true)
    let second = try SiteBuilder(model: grown, diagrams: provider).build(into: site)
    let asked = provider.asked.withLock { $0 }
    let new = DiagramSubject.journey(run: "open-product-link-2")
    // The new journey was drawn first, alone, without a key; the other runs' journeys were kept
    // with their pages; the rest were asked for keys and kept, as their drawings did not change.
    #expect(asked.drawn == [[new]])
    #expect(!asked.keyed.contains(new) && !asked.keyed.isEmpty)
    #expect(!asked.keyed.contains { if case .journey = $0 { true } else { false } })
    #expect(
      second.diagramsDrawn == 1 && second.diagramsReused == DiagramSubject.all(of: grown.apps[0]).count - 1)

    let fresh = temp.url.appendingPathComponent("fresh")
    try SiteBuilder(model: grown, diagrams: KeyedDiagramProvider()).build(into: fresh)
    let ownFiles = { (path: String) in [".flowatlas-cache/identities"].contains(path) }
    #expect(
      try TemporaryFolder.contents(of: site).filter { !ownFiles($0.key) }
        == TemporaryFolder.contents(of: fresh).filter { !ownFiles($0.key) })
  }

  /// A cached drawing rewritten with a script, its hash in the index recomputed so that the cache
  /// trusts it, is refused where it is read and drawn again with the diagrams whose keys changed;
  /// the others are kept.
  @Test func aCachedDrawingTheSanitizerRefusesIsDrawnAgain() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let provider = KeyedDiagramProvider()
    try SiteBuilder(model: SampleModel.model(replayed: true), diagrams: provider).build(into: site)
    let intact = try TemporaryFolder.contents(of: site)
    let auth = try #require(
      intact.first { path, bytes in
        path.hasPrefix(".flowatlas-cache/diagrams/") && path.hasSuffix(".svg")
          && String(decoding: bytes, as: UTF8.self).contains("id=\"flow-auth_graph0\"")
      }?.key)
    let poisoned = Data(
      String(decoding: intact[auth]!, as: UTF8.self).replacingOccurrences(
        of: "</svg>", with: "<script>alert(1)</script></svg>"
      ).utf8)
    try poisoned.write(to: site.appendingPathComponent(auth))
    let index = site.appendingPathComponent(".flowatlas-cache/diagrams/index")
    try String(contentsOf: index, encoding: .utf8).replacingOccurrences(
      of: Fingerprint.fast128([UInt8](intact[auth]!)), with: Fingerprint.fast128([UInt8](poisoned))
    ).write(to: index, atomically: true, encoding: .utf8)

    provider.asked.withLock { $0 = ([], []) }
    let rebuilt = try SiteBuilder(
      model: SampleModel.model(replayed: true), diagrams: provider, options: SiteOptions(title: "Shop docs")
    ).build(into: site)
    #expect(provider.asked.withLock { $0.drawn } == [[.flow(coordinator: "AuthCoordinator")]])
    #expect(rebuilt.diagramsDrawn == 1 && rebuilt.diagramsReused > 1)
    #expect(try TemporaryFolder.contents(of: site)[auth] == intact[auth])
    let page = try String(contentsOf: site.appendingPathComponent("shop/flow-auth.html"), encoding: .utf8)
    #expect(!page.contains("alert(1)"))
  }
}
