import FlowAtlasRender
import Testing

@testable import FlowAtlasCLI

@Suite struct GraphvizDiagramsTests {
  /// The site's diagram cache is keyed by how the renderer draws: a changed style draws afresh.
  @Test func theCacheIdentityHoldsTheDiagramStyleFingerprint() {
    let identity = GraphvizDiagrams(executable: "/bin/true", workers: 1).cacheIdentity
    #expect(identity.contains(DiagramStyleFingerprint.value))
  }
}
