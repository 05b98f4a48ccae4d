import FlowAtlasModel
import FlowAtlasTrace
import Testing

@testable import FlowAtlasRender

/// An app of 100 flows and 500 screens: its map shows one box per flow, and Graphviz lays
/// those out in a strip many times wider than tall. The map is laid out again until it reads at
/// a sensible aspect ratio.
struct BigAppMapTests {
  /// The app's root starts 3 sections (its tabs); each section starts 32 features, and every
  /// fourth feature presents a feature of the next section (links across the tree, as real apps
  /// have). Every flow shows 5 screens.
  static let trace: String = {
    var lines = [#"{"flowatlas":"trace","version":1,"app":"Big","run":"visit-everything"}"#]
    func add(_ body: String) { lines.append(#"{"seq":\#(lines.count),"# + body + "}") }
    var screen = 0
    func flow(_ id: String, _ type: String, parent: String?, presented: Bool) {
      let parentKey = parent.map { #","parent":"\#($0)""# } ?? ""
      if let parent {
        add(#""event":"coordinator.attach","coordinator":"\#(id)","type":"\#(type)","parent":"\#(parent)""#)
      }
      add(#""event":"coordinator.start","coordinator":"\#(id)","type":"\#(type)"\#(parentKey)"#)
      for index in 0..<5 {
        screen += 1
        let kind = index == 0 ? (presented ? "present" : "setRoot") : "push"
        let name = type.replacingOccurrences(of: "Coordinator", with: "Step\(index)ViewController")
        add(
          #""event":"router.\#(kind)","coordinator":"\#(id)","router":"main","screen":{"id":"s\#(screen)","type":"\#(name)"}"#
        )
      }
    }
    func end(_ id: String, parent: String) {
      add(#""event":"coordinator.finish","coordinator":"\#(id)""#)
      add(#""event":"router.dismiss","coordinator":"\#(parent)","router":"main""#)
      add(#""event":"coordinator.detach","coordinator":"\#(id)","parent":"\#(parent)""#)
    }
    flow("app", "AppCoordinator", parent: nil, presented: false)
    for section in 1...3 {
      flow("s\(section)", "Section\(section)Coordinator", parent: "app", presented: true)
      for feature in 1...32 {
        let id = "f\(section)-\(feature)"
        flow(id, "Section\(section)Feature\(feature)Coordinator", parent: "s\(section)", presented: true)
        if feature % 4 == 0 {
          let next = section % 3 + 1
          flow(
            "x\(section)-\(feature)", "Section\(next)Feature\(feature)Coordinator", parent: id,
            presented: true)
          end("x\(section)-\(feature)", parent: id)
        }
        end(id, parent: "s\(section)")
      }
      end("s\(section)", parent: "app")
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  @Test func aBigAppsMapReadsAtASensibleAspectRatio() throws {
    let app = try #require(
      ModelBuilder(workers: 1).build(traces: [("big.jsonl", Array(Self.trace.utf8))]).apps.first)
    #expect(app.coordinators.count == 100)
    #expect(app.screens.count == 500)
    let diagram = try DiagramBuilder.diagram(for: .appMap, of: app)
    #expect(diagram.isCoordinatorLevel)
    // As built: a strip.
    let plain = try #require(
      SVGText.size(
        of: try RenderEngine.inProcess.render([RenderJob(dotBytes: diagram.dotBytes, format: .svg)])[0].get())
    )
    #expect(plain.width / plain.height > 5, "\(plain)")
    let drawn = try DiagramRenderer().render([.appMap], of: app, format: .svg)[0]
    let size = try #require(SVGText.size(of: drawn.bytes))
    let lopsided = max(size.width / size.height, size.height / size.width)
    #expect(lopsided <= DiagramRenderer.wideAspect, "\(size)")
    #expect(size.width < plain.width / 3, "\(size)")
    #expect(try DiagramRenderer().render([.appMap], of: app, format: .svg)[0].bytes == drawn.bytes)
  }

  @Test(arguments: [(40, 7), (7, 4), (100, 10), (200, 10)])
  func aWideFanIsStaggeredOverAboutItsSquareRoot(fan: Int, ranks: Int) {
    #expect(DiagramRenderer.staggerRanks(forFan: fan) == ranks)
  }

  @Test func scoresPreferWhatFitsThenWhatIsNotAStrip() {
    typealias Score = DiagramRenderer.WrapScore
    // Fits the column: the shorter wins.
    #expect(Score(width: 900, height: 400) < Score(width: 500, height: 800))
    // Pages scroll down: a tall diagram that fits the column wins, up to 4 times taller than wide.
    #expect(Score(width: 500, height: 1_800) < Score(width: 1_000, height: 1_000))
    #expect(Score(width: 1_500, height: 1_500) < Score(width: 900, height: 4_000))
    // Among sensible ones, the smaller.
    #expect(Score(width: 1_200, height: 1_200) < Score(width: 2_000, height: 1_500))
    // Among strips, the less lopsided.
    #expect(Score(width: 4_000, height: 1_000) < Score(width: 9_000, height: 300))
  }
}
