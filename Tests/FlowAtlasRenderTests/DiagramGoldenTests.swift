import FlowAtlasModel
import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasRender

/// The DOT of every diagram of the sample app, compared with golden files.
/// `FLOWATLAS_RECORD=1 swift test --filter DiagramGoldenTests` re-records them
/// (and fails, so a re-record is never silent).
@Suite struct DiagramGoldenTests {
  static let golden = Golden("Fixtures/golden")
  static let cases: [(String, DiagramSubject?, DiagramOptions)] = [
    ("app-map", .appMap, DiagramOptions()),
    ("app-map-back", .appMap, DiagramOptions(showBackTransitions: true)),
    ("app-map-coordinators", .appMap, DiagramOptions(appMapLevel: .coordinators)),
    ("hierarchy", .hierarchy, DiagramOptions()),
    ("flow-app", .flow(coordinator: "AppCoordinator"), DiagramOptions()),
    ("flow-auth-back", .flow(coordinator: "AuthCoordinator"), DiagramOptions(showBackTransitions: true)),
    ("flow-checkout-no-clusters", .flow(coordinator: "CheckoutCoordinator"), DiagramOptions(clusters: false)),
    ("journey", .journey(run: "buy-shoes"), DiagramOptions()),
    ("screen-cart", .screen(type: "CartScreen"), DiagramOptions()),
    ("screen-cart-depth-2", .screen(type: "CartScreen", depth: 2), DiagramOptions()),
    ("legend", nil, DiagramOptions()),
  ]

  @Test(arguments: 0..<cases.count)
  func dotMatchesGolden(index: Int) throws {
    let (name, subject, options) = Self.cases[index]
    let diagram =
      try subject.map {
        try DiagramBuilder.diagram(for: $0, of: SampleApps.shop, links: .site, options: options)
      }
      ?? DiagramBuilder.legend()
    try Self.golden.check(diagram.dot, name: "\(name).dot")
  }

  @Test func mermaidMatchesGolden() throws {
    let diagram = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop, links: .site)
    try Self.golden.check(diagram.mermaid, name: "app-map.mmd")
  }

  /// The same model gives the same DOT in any process, whatever order its parts were given
  /// in: the sample app rebuilt from shuffled parts draws the bytes of the golden files
  /// (recorded by another process, whose `Hasher` had another seed).
  @Test func sameModelGivesSameDOT() throws {
    let app = SampleApps.shop
    var random = SeededRandom(seed: 21)
    let shuffled = AppModel(
      name: app.name, slug: app.slug, runs: app.runs.shuffled(using: &random),
      coordinators: app.coordinators.shuffled(using: &random), screens: app.screens.shuffled(using: &random),
      transitions: app.transitions.shuffled(using: &random), flows: app.flows.shuffled(using: &random),
      diagnostics: app.diagnostics.shuffled(using: &random))
    let golden: [(DiagramSubject, String)] = [
      (.appMap, "app-map.dot"), (.hierarchy, "hierarchy.dot"),
      (.flow(coordinator: "AppCoordinator"), "flow-app.dot"),
    ]
    for (subject, name) in golden {
      let dot = try DiagramBuilder.diagram(for: subject, of: shuffled, links: .site).dot
      #expect(dot == Self.golden.recorded(name), "\(name), \(random)")
    }
  }
}
