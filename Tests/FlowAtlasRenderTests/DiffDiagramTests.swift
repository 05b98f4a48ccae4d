import FlowAtlasModel
import Testing

@testable import FlowAtlasRender

/// The diff diagram marks what the diff finds, and nothing more.
@Suite struct DiffDiagramTests {
  /// A screen both flows show in both versions, now more often by the other (its owner is who
  /// showed it most), has not moved: the diagram drew it moved while the tables said nothing.
  @Test(arguments: [(["Home", "Settings"], false), (["Settings"], true)])
  func aScreenIsDrawnMovedOnlyWhereTheDiffSaysItMoved(newShowers: [String], moved: Bool) {
    func app(_ showers: [String], owner: String) -> AppModel {
      AppModel(
        name: "Pocket", slug: "pocket", runs: [],
        coordinators: ["Home", "Settings"].map {
          CoordinatorType(
            type: $0, slug: Slug.make($0), starts: 1, children: [], parents: [], outputs: [], leaks: 0)
        },
        screens: [("Home", "Home"), ("Settings", "Settings"), ("Profile", owner)].map {
          ScreenType(type: $0.0, slug: Slug.make($0.0), titles: [], owner: $0.1, visits: 1)
        },
        transitions: showers.map {
          Transition(from: $0, to: "Profile", kind: .push, coordinator: $0, count: 2, triggers: ["Profile"])
        }, flows: [], diagnostics: [])
    }
    let (diagram, _) = DiagramBuilder.diff(
      old: app(["Home", "Settings"], owner: "Home"), new: app(newShowers, owner: "Settings"))
    let profile = diagram.graph.nodes.first { $0.label.hasSuffix("Profile") }
    #expect(profile?.classes.contains("diff-changed") == moved, "\(String(describing: profile))")
  }
}
