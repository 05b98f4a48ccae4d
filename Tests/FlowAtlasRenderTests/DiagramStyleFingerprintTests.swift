import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import Testing

@testable import FlowAtlasRender

@Suite struct DiagramStyleFingerprintTests {
  /// The fingerprint only protects the cache if its sample reaches every way of drawing.
  @Test func sampleUsesEveryTransitionKindAndDiagram() throws {
    let app = DiagramStyleFingerprint.sample
    #expect(Set(app.transitions.map(\.kind)) == Set(TransitionKind.allCases))
    for subject in [DiagramSubject.appMap, .hierarchy, .journey(run: "run")]
      + app.flows.map({ .flow(coordinator: $0.coordinator) })
    {
      let diagram = try DiagramBuilder.diagram(for: subject, of: app, links: .site)
      #expect(!diagram.dot.isEmpty)
    }
    #expect(app.coordinators.contains { $0.leaks > 0 })
  }

  @Test func fingerprintIsStableHex() {
    let value = DiagramStyleFingerprint.value
    #expect(!value.isEmpty && value.allSatisfy(\.isHexDigit))
  }
}
