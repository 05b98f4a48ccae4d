import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasRender

@Suite struct DiagramRendererTests {
  @Test func bigAppMapFallsBackToCoordinatorsAndSaysSo() throws {
    let app = SampleApps.generated(coordinators: 16, screensPer: 10)
    let diagram = try DiagramBuilder.diagram(for: .appMap, of: app)
    #expect(diagram.isCoordinatorLevel)
    #expect(diagram.isSimplified)
    #expect(diagram.caption?.contains("Coordinator-level map: 160 screens") == true)
    #expect(!diagram.dot.contains("cluster_"))
    let svg = try DiagramRenderer().svgs(for: [.appMap], of: app)[.appMap]!
    #expect(svg.contains("Coordinator&#45;level map") || svg.contains("Coordinator-level map"))
    #expect(svg.contains(#"class="node coordinator owner&#45;flow0&#45;coordinator""#))
  }

  @Test func aFlowAsBigAsAnUnreadableAppMapIsDrawnCheaply() throws {
    let app = SampleApps.generated(coordinators: 1, screensPer: 160)
    let diagram = try DiagramBuilder.diagram(for: .flow(coordinator: "Flow0Coordinator"), of: app)
    #expect(diagram.isSimplified && !diagram.isCoordinatorLevel)
    #expect(diagram.caption?.hasPrefix("Large flow: 160 screens") == true)
    #expect(!diagram.dot.contains("subgraph"))
    #expect(!diagram.dot.contains("xlabel="))
  }

  /// Hardening round 2, item 4: a flow past the layout limits is never given to Graphviz
  /// (6,352 screens once cost a worker 60 s and 3.8 GB before it was given up): the engine is
  /// asked only for the placeholder, which says why.
  @Test func aFlowPastTheLayoutLimitsIsNotLaidOut() throws {
    let asked = Lock<[String]>([])
    let engine = RenderEngine.custom { jobs in
      jobs.map { job in
        asked.withLock { $0.append(job.dot) }
        return Result { () throws(RenderError) in try Graphviz.render(dot: job.dot, format: job.format) }
      }
    }
    let app = SampleApps.generated(coordinators: 1, screensPer: DiagramRenderer.maximumLayoutNodes + 1)
    let subject = DiagramSubject.flow(coordinator: "Flow0Coordinator")
    let rendered = try DiagramRenderer(engine: engine).render([subject], of: app, format: .svg)[0]
    #expect(asked.withLock { $0.count } == 1)
    #expect(asked.withLock { $0.allSatisfy { $0.contains("placeholder") } })
    guard case .tooLarge(let size) = rendered.fallbackReason else {
      Issue.record("not refused as too large: \(String(describing: rendered.fallbackReason))")
      return
    }
    #expect(size.boxes > DiagramRenderer.maximumLayoutNodes)
    #expect(rendered.caption?.contains("more than Graphviz lays out in bounded time") == true)
  }

  @Test func appMapWithinTheLimitShowsScreens() throws {
    let app = SampleApps.generated(coordinators: 10, screensPer: 10)
    let diagram = try DiagramBuilder.diagram(for: .appMap, of: app)
    #expect(!diagram.isCoordinatorLevel)
    #expect(diagram.caption == nil)
  }

  @Test func failedLayoutFallsBackToACheaperDrawing() throws {
    // An engine that fails every clustered layout, as `trouble in init_rank` does.
    let engine = RenderEngine.failing("subgraph", with: .layoutFailed(message: "Error: trouble in init_rank"))
    let renderer = DiagramRenderer(engine: engine)
    let rendered = try renderer.render(
      [.appMap, .flow(coordinator: "AppCoordinator"), .hierarchy], of: SampleApps.shop, format: .svg)
    #expect(rendered.map(\.subject) == [.appMap, .flow(coordinator: "AppCoordinator"), .hierarchy])
    #expect(rendered[0].isCoordinatorLevel)
    #expect(rendered[0].fallbackReason == .layoutFailed(message: "Error: trouble in init_rank"))
    #expect(rendered[0].caption?.hasPrefix("Simplified coordinator-level map") == true)
    #expect(rendered[1].isSimplified && !rendered[1].isCoordinatorLevel)
    #expect(rendered[1].text.contains("Simplified drawing without groups"))
    #expect(rendered[2].fallbackReason == nil && !rendered[2].isSimplified)
  }

  @Test func whenTheFallbackFailsTooAPlaceholderSaysSo() throws {
    let refusal = RenderError.layoutFailed(message: "Error: trouble in init_rank")
    let engine = RenderEngine.custom { jobs in
      jobs.map { job in
        job.dot.contains("placeholder")
          ? Result { () throws(RenderError) in try Graphviz.render(dot: job.dot, format: job.format) }
          : .failure(refusal)
      }
    }
    let rendered = try DiagramRenderer(engine: engine).render([.appMap], of: SampleApps.shop, format: .svg)[0]
    #expect(rendered.isSimplified)
    #expect(rendered.fallbackReason == refusal)
    #expect(rendered.caption?.contains("Graphviz could not lay it out") == true)
    #expect(rendered.text.contains("Diagram not drawn"))
    #expect(rendered.text.contains(#"id="shop&#45;app&#45;map""#))
  }

  @Test func whenEvenThePlaceholderFailsTheErrorIsThrown() {
    let refusal = RenderError.layoutFailed(message: "Error: out of memory")
    let renderer = DiagramRenderer(engine: .custom { jobs in jobs.map { _ in .failure(refusal) } })
    #expect(throws: refusal) {
      try renderer.render([.appMap], of: SampleApps.shop, format: .svg)
    }
  }

  @Test func unknownSubjectsAreErrors() {
    #expect(throws: RenderError.unknownCoordinator("Nope")) {
      try DiagramBuilder.diagram(for: .flow(coordinator: "Nope"), of: SampleApps.shop)
    }
    #expect(throws: RenderError.unknownRun("nope")) {
      try DiagramBuilder.diagram(for: .journey(run: "nope"), of: SampleApps.shop)
    }
  }

  @Test(arguments: [OutputFormat.dot, .mermaid])
  func textFormatsNeedNoGraphviz(format: OutputFormat) throws {
    let renderer = DiagramRenderer(
      engine: .custom { _ in
        Issue.record("Graphviz was called"); return []
      })
    let rendered = try renderer.render([.hierarchy], of: SampleApps.shop, format: format)
    #expect(rendered[0].text.hasPrefix(format == .dot ? "digraph" : "flowchart"))
  }

  @Test func pngThroughTheRenderer() throws {
    let rendered = try DiagramRenderer().render([.hierarchy], of: SampleApps.shop, format: .png)
    #expect(rendered[0].bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func backTransitionsShownOnRequest() throws {
    let shown = try DiagramBuilder.diagram(
      for: .appMap, of: SampleApps.shop, options: DiagramOptions(showBackTransitions: true))
    #expect(shown.dot.contains("kind-dismiss"))
    #expect(shown.dot.contains("kind-pop"))
    let hidden = try DiagramBuilder.diagram(for: .appMap, of: SampleApps.shop)
    #expect(!hidden.dot.contains("kind-dismiss"))
  }

  @Test func longJourneysAreCut() throws {
    let diagram = try DiagramBuilder.diagram(
      for: .journey(run: "buy-shoes"), of: SampleApps.shop, options: DiagramOptions(maxJourneySteps: 2))
    #expect(diagram.isSimplified)
    #expect(diagram.caption == "Showing the first 2 of 4 screen transitions.")
    #expect(!diagram.dot.contains("step-3"))
  }
}

@Suite struct EscapingTests {
  @Test(arguments: [
    ("a\"b", #""a\"b""#), ("a\\b", #""a\\b""#), ("a\nb", #""a\nb""#), ("\\\"", #""\\\"""#),
    ("x\u{1}y\r", #""x y""#), ("<b>", #""<b>""#),
    // Non-ASCII passes unchanged; C1 controls and U+FFFE/U+FFFF become spaces (both paths).
    ("café ⧵ 🙂", "\"café ⧵ 🙂\""), ("a\u{85}b", #""a b""#), ("x\u{FFFF}", #""x ""#),
    ("\u{FFFD}", "\"\u{FFFD}\""),
    ("\u{A0}", "\"\u{A0}\""), ("plain-id_1", #""plain-id_1""#),
  ])
  func dotQuoting(text: String, quoted: String) {
    #expect(DOTWriter.quote(text) == quoted)
  }

  /// The byte-level escaper against the rule it implements, written scalar by scalar, on
  /// random strings of the characters it treats specially and their neighbours.
  @Test func quotingMatchesTheScalarRuleOnRandomText() {
    func reference(_ text: String, tooltip: Bool) -> String {
      var out = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += #"\""#
        case "\\": out += tooltip ? "\u{29F5}" : #"\\"#
        case "\n": out += #"\n"#
        case "\r": continue
        default:
          let value = scalar.value
          let isControl = value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF
          out.unicodeScalars.append(isControl ? " " : scalar)
        }
      }
      return out + "\""
    }
    let alphabet: [Unicode.Scalar] = [
      "a", "Z", "-", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}",
      "\u{9F}", "\u{A0}", "\u{C2}", "é", "\u{FEFF}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{EFBF}", "→", "🙂",
    ]
    var generator = SeededRandom(seed: 4)
    for _ in 0..<2_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        text.append(alphabet.randomElement(using: &generator)!)
      }
      let string = String(text)
      #expect(
        DOTWriter.quote(string) == reference(string, tooltip: false),
        "\(Array(string.unicodeScalars)), \(generator)")
      #expect(DOTWriter.quote(string, tooltip: true) == reference(string, tooltip: true))
    }
  }

  /// Graphviz expands `\N` (the node's name) in tooltips even after `\\`.
  @Test func backslashesStayTextInLabelsAndTooltips() throws {
    #expect(DOTWriter.quote("a\\N", tooltip: true) == "\"a\u{29F5}N\"")
    let dot =
      #"digraph g { "n" [label="x\\N\\G" tooltip="\#(DOTWriter.quote("t\\N", tooltip: true).dropFirst().dropLast())"] }"#
    let svg = String(decoding: try Graphviz.render(dot: dot, format: .svg), as: UTF8.self)
    #expect(svg.contains(#">x\N\G</text>"#))
    #expect(svg.contains("xlink:title=\"t\u{29F5}N\""))
  }

  @Test(arguments: [
    ("a\"b", "a#quot;b"), ("<script>", "#lt;script#gt;"), ("a|b", "a#124;b"), ("x;y", "x#59;y"),
    ("#quot;", "#35;quot#59;"), ("a\nb", "a<br/>b"), ("`md`", "#96;md#96;"), ("a&b", "a#amp;b"),
    ("Pay\u{202E}eert\u{2066}", "Pay eert "), ("\u{1}\u{85}", "  "),
  ])
  func mermaidEscaping(text: String, escaped: String) {
    #expect(MermaidWriter.escape(text) == escaped)
  }

  /// Two long screen names that differ just before their shared end stay two labels: a label is
  /// cut in its middle, keeping its start and its end.
  @Test func longNamesThatDifferNearTheirEndStayApart() throws {
    let overview = "Wander.TravelDocumentsAndPassportVerificationStatusOverviewViewController"
    let editor = "Wander.TravelDocumentsAndPassportVerificationStatusOverviewEditorViewController"
    let (a, b) = (DiagramText.label(overview), DiagramText.label(editor))
    #expect(a.label == "Wander.TravelDo…usOverviewViewController" && a.full == overview)
    #expect(b.label != a.label && b.label.count == DiagramText.maxLabelLength)
    #expect(DiagramText.label("ShortViewController").full == nil)
  }

  /// Mermaid refuses an empty quoted label (`""`): the legend's unlabelled nodes and a screen
  /// type recorded as `""` are written as a space.
  @Test func noMermaidLabelIsEmpty() throws {
    let text = DiagramBuilder.legend(idPrefix: "flowatlas").mermaid
    #expect(text.contains("((\" \"))"), "\(text)")
    #expect(!text.contains("\"\""), "\(text)")
    #expect(MermaidWriter.quoted("") == " " && MermaidWriter.quoted("a|b") == "a#124;b")
  }

  @Test func hostileMermaidStaysInItsQuotes() throws {
    for subject in [DiagramSubject.appMap, .hierarchy, .journey(run: SampleApps.hostileApp.runs[0].slug)] {
      let text = try DiagramBuilder.diagram(for: subject, of: SampleApps.hostileApp).mermaid
      #expect(!text.contains("<script"))
      for line in text.split(separator: "\n") {
        // Quotes only open and close labels: an even count per line.
        #expect(line.filter { $0 == "\"" }.count % 2 == 0, "\(line)")
      }
    }
  }
}
