import FlowAtlasModel
import FlowAtlasTrace
import Foundation
import Testing

@testable import FlowAtlasRender

/// The app map with `--thumbnails`: each screen with a screenshot is drawn as its thumbnail in
/// a box, like a navigation editor; the picture is written in after the layout, by the filling
/// that writes tooltips, so the same model gives the same bytes on any machine.
struct AppMapThumbnailsTests {
  static let home = String(repeating: "a", count: 64)
  static let detail = String(repeating: "b", count: 64)

  /// Home (a phone's portrait picture) leads to Detail (a landscape one) and Settings (none).
  static func app(detailHash: String = detail) throws -> AppModel {
    let trace = """
      {"flowatlas":"trace","version":1,"app":"Pictures","run":"look"}
      {"seq":1,"event":"coordinator.start","coordinator":"c1","type":"AppCoordinator"}
      {"seq":2,"event":"router.setRoot","coordinator":"c1","screen":{"id":"s1","type":"HomeViewController"}}
      {"seq":3,"event":"router.push","coordinator":"c1","screen":{"id":"s2","type":"DetailViewController"}}
      {"seq":4,"event":"router.pop","coordinator":"c1","screen":"s2"}
      {"seq":5,"event":"router.push","coordinator":"c1","screen":{"id":"s3","type":"SettingsViewController"}}

      """
    let model = ModelBuilder(workers: 1).build(traces: [("look.jsonl", Array(trace.utf8))])
    let pictures = [
      "HomeViewController": CheckedPicture(
        hash: home, fileExtension: "png", width: 1170, height: 2532, path: "home.png", hasThumbnail: true),
      "DetailViewController": CheckedPicture(
        hash: detailHash, fileExtension: "png", width: 800, height: 400, path: "detail.png",
        hasThumbnail: true),
    ]
    return try #require(model.withPictures(["Pictures": pictures], ofRuns: [:], problems: []).apps.first)
  }

  static var options: DiagramOptions {
    var options = DiagramOptions()
    options.screenThumbnails = true
    return options
  }

  /// Each `<image>` of `svg` with the id of the node group it is in and the outline drawn
  /// before it in that group.
  static func images(in svg: String) -> [(node: String, tag: String, outline: String)] {
    var found: [(String, String, String)] = []
    var node = ""
    var outline = ""
    for line in svg.replacingOccurrences(of: "&#45;", with: "-").split(separator: "\n") {
      if line.hasPrefix("<g id=\""), line.contains("class=\"node") {
        node = String(line.dropFirst(7).prefix { $0 != "\"" })
        outline = ""
      }
      if outline.isEmpty, line.hasPrefix("<path ") || line.hasPrefix("<polygon ") { outline = String(line) }
      if line.hasPrefix("<image ") { found.append((node, String(line), outline)) }
    }
    return found
  }

  /// The number in `attribute="…"` of `tag`.
  static func number(_ attribute: String, of tag: String) -> Double? {
    guard let start = tag.range(of: " \(attribute)=\"")?.upperBound else { return nil }
    return Double(tag[start...].prefix { $0 != "\"" })
  }

  @Test func eachScreenWithAThumbnailIsDrawnAsIt() throws {
    let drawn = try DiagramRenderer(options: Self.options).render(
      [.appMap], of: try Self.app(), links: .site, format: .svg)
    let svg = String(decoding: drawn[0].bytes, as: UTF8.self)
    let images = Self.images(in: svg)
    #expect(images.count == 2, "\(images)")
    let home = try #require(images.first { $0.node.hasSuffix("screen-home-view-controller") })
    #expect(home.tag.contains(#"xlink:href="../images/thumbnails/\#(Self.home).png""#))
    // A portrait phone's picture: 72 points wide, as tall as its shape (at most 160).
    #expect(home.tag.contains(#"width="72" height="156""#), "\(home.tag)")
    let detail = try #require(images.first { $0.node.hasSuffix("screen-detail-view-controller") })
    #expect(detail.tag.contains(#"width="72" height="36""#), "\(detail.tag)")
    // Inside its box: the box's outline comes first in the group, the picture within it, above
    // the label.
    for image in images {
      let box = try #require(LayoutTexts.box(ofOutline: image.outline), "\(image.node)")
      let (x, y) = (
        try #require(Self.number("x", of: image.tag)), try #require(Self.number("y", of: image.tag))
      )
      let (width, height) = (
        try #require(Self.number("width", of: image.tag)), try #require(Self.number("height", of: image.tag))
      )
      #expect(x >= box.minX && x + width <= box.maxX, "\(image.node): \(image.tag) in \(box)")
      #expect(
        y >= box.minY && y + height + Double(LayoutTexts.pictureLabelRoom) <= box.maxY + 0.01, "\(image.node)"
      )
    }
    #expect(svg.components(separatedBy: "<image ").count == 3)
    // The same model, the same bytes.
    #expect(
      try DiagramRenderer(options: Self.options).render(
        [.appMap], of: try Self.app(), links: .site, format: .svg)[0].bytes
        == drawn[0].bytes)
  }

  @Test func aDrawingFilledAgainHasEachPictureOnce() throws {
    let diagram = try DiagramBuilder.diagram(
      for: .appMap, of: try Self.app(), links: .site, options: Self.options)
    let laidOut = try RenderEngine.inProcess.render([
      RenderJob(dotBytes: diagram.layoutDOTBytes, format: .svg)
    ])[0]
    .get()
    let once = diagram.filling(laidOut)
    // A picture changed to another of the same size: the layout is kept, the picture rewritten.
    let changed = try DiagramBuilder.diagram(
      for: .appMap, of: try Self.app(detailHash: String(repeating: "c", count: 64)), links: .site,
      options: Self.options)
    #expect(changed.layoutDOTBytes == diagram.layoutDOTBytes)
    let again = String(decoding: changed.filling(once), as: UTF8.self)
    #expect(Self.images(in: again).count == 2)
    #expect(again.contains(String(repeating: "c", count: 64)) && !again.contains(Self.detail))
    #expect(
      changed.filling(laidOut) == Array(again.utf8), "the same bytes as filling the fresh layout (not shown)")
  }

  @Test func withoutTheOptionOrWhereThumbnailsAreNotTheMapIsAsBefore() throws {
    let app = try Self.app()
    let plain = try DiagramRenderer().render([.appMap], of: app, links: .site, format: .svg)[0].bytes
    #expect(Self.images(in: String(decoding: plain, as: UTF8.self)).isEmpty)
    // The command line's standalone diagrams know of no thumbnails.
    let standalone = try DiagramRenderer(options: Self.options).render(
      [.appMap], of: app, links: .none, format: .svg)[0]
    #expect(Self.images(in: String(decoding: standalone.bytes, as: UTF8.self)).isEmpty)
    #expect(
      standalone.bytes
        == (try DiagramRenderer().render([.appMap], of: app, links: .none, format: .svg)[0].bytes))
  }

  @Test(arguments: [
    ("<polygon fill=\"none\" points=\"10,-20 30.5,-20 30.5,-5 10,-5 10,-20\"/>", (10.0, -20.0, 30.5, -5.0)),
    (
      "<path fill=\"x\" d=\"M185.83,-52C185.83,-52 60.17,-52 60.17,-16 191.83,-16\"/>",
      (60.17, -52.0, 191.83, -16.0)
    ),
  ])
  func anOutlinesBoxIsReadFromItsPoints(outline: String, box: (Double, Double, Double, Double)) throws {
    let read = try #require(LayoutTexts.box(ofOutline: outline))
    #expect(read.minX == box.0 && read.minY == box.1 && read.maxX == box.2 && read.maxY == box.3)
  }
}
