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
    ("journey", .journey(run: "buy shoes"), DiagramOptions()),
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

  @Test func sameModelGivesSameDOT() throws {
    for subject in [DiagramSubject.appMap, .hierarchy, .flow(coordinator: "AppCoordinator")] {
      let first = try DiagramBuilder.diagram(for: subject, of: SampleApps.shop, links: .site).dot
      let second = try DiagramBuilder.diagram(for: subject, of: SampleApps.shop, links: .site).dot
      #expect(first == second)
    }
  }
}
