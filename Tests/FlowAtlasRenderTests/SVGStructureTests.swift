import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasRender

/// What the site relies on in the SVG: ids, classes, links, and hostile text
/// coming out as text. Structure, not bytes.
@Suite struct SVGStructureTests {
  static let renderer = DiagramRenderer()

  static func svg(_ subject: DiagramSubject, of app: AppModel = SampleApps.shop, links: DiagramLinks = .site)
    throws -> String
  {
    try renderer.svgs(for: [subject], of: app, links: links)[subject]!
  }

  static func attributeValues(_ name: String, in svg: String) -> [String] {
    svg.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
  }

  @Test func appMapHasStableIDsClassesAndLinks() throws {
    let svg = try Self.svg(.appMap)
    #expect(svg.hasPrefix("<svg"))
    #expect(svg.contains(#"<g id="shop&#45;app&#45;map" class="graph flowatlas app&#45;map""#))
    #expect(
      svg.contains(
        #"id="shop&#45;app&#45;map&#45;cluster&#45;auth&#45;coordinator" class="cluster coordinator&#45;cluster owner&#45;auth&#45;coordinator""#
      ))
    #expect(
      svg.contains(
        #"id="shop&#45;app&#45;map&#45;screen&#45;login&#45;screen" class="node screen owner&#45;auth&#45;coordinator""#
      ))
    #expect(svg.contains(#"class="edge transition kind&#45;present forward""#))
    #expect(
      svg.contains(#"xlink:href="screen&#45;login&#45;screen.html""#)
        || svg.contains(#"xlink:href="screen-login-screen.html""#))
    #expect(svg.contains(">signIn ×2</text>"))
    // Back transitions are hidden by default.
    #expect(!svg.contains("kind&#45;dismiss"))
  }

  @Test(arguments: [
    DiagramSubject.appMap, .hierarchy, .flow(coordinator: "AppCoordinator"),
    .flow(coordinator: "AuthCoordinator"),
    .journey(run: "buy-shoes"),
  ])
  func idsAreUniqueAndPrefixed(subject: DiagramSubject) throws {
    let svg = try Self.svg(subject)
    let prefix = DiagramBuilder.diagramID(for: subject, of: SampleApps.shop).replacingOccurrences(
      of: "-", with: "&#45;")
    let ids = Self.attributeValues("id", in: svg)
    #expect(!ids.isEmpty)
    #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
    for id in ids { #expect(id.hasPrefix(prefix) || id.hasPrefix("a_" + prefix), "\(id) lacks \(prefix)") }
    #expect(!svg.contains("<title>%3</title>"))
  }

  @Test func leakedCoordinatorIsHighlighted() throws {
    let svg = try Self.svg(.hierarchy)
    #expect(svg.contains(#"class="node coordinator owner&#45;checkout&#45;coordinator leaked""#))
    #expect(svg.contains("leaked 1×"))
    #expect(svg.contains(#"class="node coordinator owner&#45;app&#45;coordinator root""#))
  }

  @Test(arguments: [
    DiagramSubject.appMap, .hierarchy, .flow(coordinator: "Coord" + SampleApps.hostile),
    .journey(run: SampleApps.hostileApp.runs[0].slug),
  ])
  func hostileTextStaysText(subject: DiagramSubject) throws {
    let svg = try Self.svg(subject, of: SampleApps.hostileApp)
    #expect(!svg.contains("<script"))
    #expect(!svg.contains("href=\"javascript"))
    #expect(!svg.contains("onload=\"x\""))
    // The hostile slug `a" onclick="1` became the slug `a-onclick-1`: text, not an attribute.
    #expect(!svg.contains("onclick="))
    #expect(!svg.contains("\u{1}"))
    // Every id and class is made of slug characters (Graphviz writes `-` as `&#45;`).
    for value in Self.attributeValues("id", in: svg) + Self.attributeValues("class", in: svg) {
      let plain = value.replacingOccurrences(of: "&#45;", with: "-")
      #expect(
        plain.allSatisfy { $0.isLetter && $0.isASCII || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " },
        "\(value)")
    }
    // Links only from slugs.
    for href in Self.attributeValues("xlink:href", in: svg) {
      #expect(DiagramLinks.isSafe(href.replacingOccurrences(of: "&#45;", with: "-")), "\(href)")
    }
    #expect(svg.contains("&lt;script&gt;") || svg.contains("…"))
  }

  @Test func hostileLabelComesOutEscapedInTextAndTooltip() throws {
    let svg = try Self.svg(.hierarchy, of: SampleApps.hostileApp)
    // The coordinator's name is long: shortened on the box, whole in the tooltip.
    // Cut in its middle: its start, an ellipsis, its end.
    #expect(svg.contains("Coord&quot;&gt;&lt;script&gt;…"))
    #expect(svg.contains(#"xlink:title="Coord&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"#))
  }

  @Test func unsafeLinksAreDropped() throws {
    let hostileLinks = DiagramLinks(
      flow: { _ in "javascript:alert(1)" }, screen: { _, _ in "x.html\" onmouseover=\"alert(1)" },
      run: { _ in "https://evil.example" })
    let svg = try Self.svg(.appMap, links: hostileLinks)
    #expect(!svg.contains("javascript:"))
    #expect(!svg.contains("onmouseover"))
    #expect(Self.attributeValues("xlink:href", in: svg).isEmpty)
  }

  @Test func legendExplainsEveryKind() throws {
    let svg = try DiagramRenderer().legend(format: .svg).text
    for kind in TransitionKind.allCases {
      #expect(
        svg.contains("kind&#45;" + Slug.make(kind.rawValue).replacingOccurrences(of: "-", with: "&#45;")))
    }
    #expect(svg.contains(">present (modal)</text>"))
    #expect(svg.contains(">Leaked coordinator</text>"))
  }
}
