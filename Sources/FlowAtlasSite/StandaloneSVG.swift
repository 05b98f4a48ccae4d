import FlowAtlasBytes

/// A diagram as an SVG file of its own, sanitized as the site's diagrams are, for outputs that
/// show it as an image (the DocC catalog).
package enum StandaloneSVG {
  /// The file's bytes: an XML prolog, then the sanitized SVG, which links nowhere.
  /// - Parameters:
  ///   - svg: the provider's SVG.
  ///   - name: the diagram's name in error messages.
  ///   - dark: whether to restyle it with the site's dark theme (a `<style>` of FlowAtlas's own,
  ///     first in the root element), for a viewer in dark mode.
  /// - Throws: ``SiteError/unsafeDiagram(name:reason:)`` for anything that could run or load.
  package static func file(_ svg: [UInt8], name: String, dark: Bool) throws(SiteError) -> [UInt8] {
    var ids: Set<String> = []
    let markup = try SVGSanitizer(allowedPages: []).sanitize(
      svg, name: name, rootAttributes: [.cls("diagram-svg")], usedIDs: &ids)
    guard dark, let rootEnd = endOfRootTag(markup), markup[rootEnd - 2] != UInt8(ascii: "/") else {
      return StandaloneDiagrams.prolog + markup
    }
    let style = "<style>.diagram-svg { \(SiteAssets.darkPaletteLine) }\n\(SiteAssets.diagramRules)</style>"
    return StandaloneDiagrams.prolog + markup[..<rootEnd] + Array(style.utf8) + markup[rootEnd...]
  }

  /// Just after the `>` that ends the root element's start tag: the sanitizer writes every
  /// attribute value in double quotes, with `"` escaped inside.
  static func endOfRootTag(_ markup: [UInt8]) -> Int? {
    var quoted = false
    for (index, byte) in markup.enumerated() {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if byte == UInt8(ascii: ">"), !quoted { return index + 1 }
    }
    return nil
  }
}
