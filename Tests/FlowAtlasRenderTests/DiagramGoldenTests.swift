import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasRender

/// The DOT of every diagram of the sample app, compared with golden files.
/// `FLOWATLAS_RECORD=1 swift test --filter DiagramGoldenTests` re-records them
/// (and fails, so a re-record is never silent).
@Suite struct DiagramGoldenTests {
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
    try Golden.check(diagram.dot, name: "\(name).dot")
  }

  @Test func mermaidMatchesGolden() throws {
    let diagram = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop, links: .site)
    try Golden.check(diagram.mermaid, name: "app-map.mmd")
  }

  @Test func sameModelGivesSameDOT() throws {
    for subject in [DiagramSubject.appMap, .hierarchy, .flow(coordinator: "AppCoordinator")] {
      let first = try DiagramBuilder.diagram(for: subject, of: SampleApps.shop, links: .site).dot
      let second = try DiagramBuilder.diagram(for: subject, of: SampleApps.shop, links: .site).dot
      #expect(first == second)
    }
  }
}

/// Golden files in `Fixtures/golden`, read from the source tree so a re-record
/// is seen by the next run without a rebuild.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/golden")

  static func check(_ actual: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    let url = directory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["FLOWATLAS_RECORD"] == "1" {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("Recorded \(name); unset FLOWATLAS_RECORD and run again", sourceLocation: sourceLocation)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("No golden file \(name): run with FLOWATLAS_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == expected, "\(name) differs from its golden file", sourceLocation: sourceLocation)
  }
}
