import Foundation

/// The site's stylesheet, and its scripts (``themeScript``, ``siteScript``): the files in `Assets/`,
/// compiled into the binary as bytes (SwiftPM's `embedInCode`), so that a site never depends on
/// where the tool is installed, and linted as they are by `scripts/lint-site-assets` (eslint and
/// `tsc --checkJs`, in CI). No web fonts, no network.
///
/// `site.css` takes the dark palette (`dark_palette.css`) where a line holds only the comment
/// `/* dark_palette.css */`, at that line's indent, and the diagram rules (`diagram.css`) where
/// one holds `/* diagram.css */`.
enum SiteAssets {
  /// The dark theme's colours, one line of declarations each, for the system's dark mode, for
  /// the reader's own choice and for a dark diagram file: the body of `dark_palette.css`'s rule.
  private static let darkPalette: [String] = {
    let lines = text(PackageResources.dark_palette_css).split(
      separator: "\n", omittingEmptySubsequences: false)
    guard let open = lines.firstIndex(of: ":root {"), let close = lines[open...].firstIndex(of: "}") else {
      preconditionFailure("Assets/dark_palette.css holds no `:root {` rule")
    }
    return lines[(open + 1)..<close].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
  }()

  /// ``darkPalette`` on one line, for a diagram restyled as a file of its own.
  static var darkPaletteLine: String { darkPalette.joined(separator: " ") }

  /// How diagrams look on a page: the theme's colours for Graphviz's nodes, edges and clusters,
  /// by the classes the renderer gives them. Part of ``css``, and of a dark diagram file's own
  /// style (``StandaloneSVG``); without the file's last newline.
  static let diagramRules: String = {
    var rules = text(PackageResources.diagram_css)
    if rules.hasSuffix("\n") { rules.removeLast() }
    return rules
  }()

  /// `site.css` with the palette and the diagram rules in their places.
  static let css: String = text(PackageResources.site_css).split(
    separator: "\n", omittingEmptySubsequences: false
  )
  .map { line -> String in
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    let indent = String(line.prefix { $0 == " " })
    switch trimmed {
    case "/* dark_palette.css */": return darkPalette.map { indent + $0 }.joined(separator: "\n")
    case "/* diagram.css */": return diagramRules
    default: return String(line)
    }
  }.joined(separator: "\n")

  /// Loaded in `<head>` without `defer` so a chosen theme applies before the first paint.
  static let themeScript = text(PackageResources.theme_js)

  /// The theme toggle, the sidebar's filter and journeys, search and the journey player. Like
  /// ``themeScript``, an external file (the pages' Content-Security-Policy forbids inline script)
  /// that builds every element with `textContent`, never `innerHTML` (eslint refuses it), so that
  /// search results made from trace text cannot become markup.
  static let siteScript = text(PackageResources.site_js)

  /// The live preview's side of a page (``SitePreview``): in a site only while `flowatlas
  /// preview` runs, and loaded by ``siteScript`` only in a tab opened at the preview's address.
  static let previewScript = text(PackageResources.preview_js)

  /// An embedded file's text; they are UTF-8 (``SiteAssetsTests``).
  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
