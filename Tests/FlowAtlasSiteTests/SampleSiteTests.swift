import FlowAtlasModel
import FlowAtlasSite
import Foundation
import Testing

/// Builds the sample site with real Graphviz SVG. With `FLOWATLAS_SITE_OUT=<dir>` it is
/// written there, for the browser tests (`FLOWATLAS_SITE_DIRS=<dir> pytest Tests/Browser`)
/// until the command line's `build` is wired.
@Suite struct SampleSiteTests {
  @Test func buildsTheSampleSiteWithGraphvizSVG() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let output =
      ProcessInfo.processInfo.environment["FLOWATLAS_SITE_OUT"].map { URL(fileURLWithPath: $0) }
      ?? temp.url.appendingPathComponent("site")
    let notes = temp.url.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try Data(
      """
      # Why a separate flow

      Checkout is presented modally so that **cancelling** returns to the product.

      | Output | Meaning |
      |:--|:-:|
      | `paid` | the order went through |

      <script>alert('notes')</script>

      """.utf8
    ).write(to: notes.appendingPathComponent("CheckoutCoordinator.md"))
    let summary = try SiteBuilder(
      model: SampleModel.model(hostile: true), diagrams: DotDiagramProvider(), notes: notes
    ).build(into: output)
    // 14, and a page per screen.
    #expect(
      summary.pages.count == 14 + SampleModel.model(hostile: true).apps.map(\.screens.count).reduce(0, +))
    let flow = try String(contentsOf: output.appendingPathComponent("shop/flow-main.html"), encoding: .utf8)
    #expect(flow.contains("class=\"edge kind-push\""))
    #expect(flow.contains("xlink:href=\"screen-product-view-controller.html\""))
    #expect(flow.contains("class=\"node screen\""))
  }
}
