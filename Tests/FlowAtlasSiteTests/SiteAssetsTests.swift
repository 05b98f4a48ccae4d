import Foundation
import Testing

@testable import FlowAtlasSite

/// The stylesheet and scripts compiled in from `Sources/FlowAtlasSite/Assets`: put together as
/// `SiteAssets` says, and the bytes the files hold (CI lints those files).
@Suite struct SiteAssetsTests {
  static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/FlowAtlasSite/Assets")

  static func file(_ name: String) throws -> String {
    try String(contentsOf: assets.appendingPathComponent(name), encoding: .utf8)
  }

  /// The scripts are the files, byte for byte.
  @Test func theScriptsAreTheFilesAsTheyAre() throws {
    #expect(SiteAssets.siteScript == (try Self.file("site.js")))
    #expect(SiteAssets.themeScript == (try Self.file("theme.js")))
  }

  /// The stylesheet is `site.css` with the dark palette twice, each line at its place's indent,
  /// and the diagram rules once; no marker is left, and nothing else of the file is lost.
  @Test func theStylesheetTakesThePaletteAndTheDiagramRulesAtTheirMarkers() throws {
    let css = SiteAssets.css
    #expect(!css.contains("/* dark_palette.css */") && !css.contains("/* diagram.css */"))
    #expect(css.components(separatedBy: "--kind-back: #7d8590;").count == 3)
    #expect(css.contains("\n    color-scheme: dark;\n") && css.contains("\n  color-scheme: dark;\n"))
    #expect(css.contains(SiteAssets.diagramRules) && !SiteAssets.diagramRules.hasSuffix("\n"))
    let source = try Self.file("site.css")
    let kept = source.split(separator: "\n").filter {
      !$0.contains("/* dark_palette.css */") && !$0.contains("/* diagram.css */")
    }
    #expect(kept.allSatisfy { css.contains($0) })
    #expect(SiteAssets.darkPaletteLine.hasPrefix("color-scheme: dark; --bg: #0d1117;"))
    #expect(!SiteAssets.darkPaletteLine.contains("{") && !SiteAssets.darkPaletteLine.contains("}"))
  }
}
