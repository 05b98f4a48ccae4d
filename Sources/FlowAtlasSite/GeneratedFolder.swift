import FlowAtlasBytes
import FlowAtlasModel
import Foundation

/// A folder of generated files other than the site (the DocC catalog), written the way the site
/// is: staged beside `output` and exchanged with it in one step, refused if another tool made
/// it, the person's own files in it carried over, and only what FlowAtlas wrote ever deleted.
package enum GeneratedFolder {
  /// Replaces what a previous run wrote in `output` with `files`.
  ///
  /// - Parameters:
  ///   - files: each file's path relative to `output` (plain names, no `..`) and its bytes.
  ///   - output: the folder; it must be new, empty, or one FlowAtlas wrote (it has a manifest).
  ///   - fingerprint: what the files were made from, recorded in the manifest.
  /// - Throws: ``SiteError``; `output` is then as it was.
  package static func write(
    _ files: [(path: String, bytes: [UInt8])], to output: URL, fingerprint: String
  ) throws(SiteError) {
    SiteBuilder.tidy(output)
    let previous = try OutputFolder.check(output)
    for file in files where !SiteManifest.isSitePath(file.path) {
      throw .invalidModel(reason: "“\(file.path)” is not a path inside the folder")
    }
    let staging = try OutputFolder.Staging(replacing: output)
    do {
      for file in files { try staging.write(file.path, file.bytes) }
      if let previous { try staging.carry(from: staging.output, manifest: previous) }
      try staging.commit(fingerprint: fingerprint)
    } catch {
      staging.discard()
      throw error
    }
  }

  /// Each app's folder name in the site, which other outputs use too: its slug, made unique.
  package static func appSlugs(_ apps: [AppModel]) throws(SiteError) -> [String] {
    try SiteBuilder.folders(for: apps)
  }
}

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
