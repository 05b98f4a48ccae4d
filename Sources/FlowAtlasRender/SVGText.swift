/// Graphviz SVG made fit for inlining in an HTML page.
package enum SVGText {
  /// `svg` without everything before `<svg` (XML prolog, doctype, generator
  /// comments), which is invalid or noise inside HTML.
  ///
  /// - Parameter svg: Graphviz's SVG bytes.
  /// - Returns: The bytes from `<svg` on (unchanged when there is no `<svg`).
  package static func inlineReady(_ svg: consuming [UInt8]) -> [UInt8] {
    let marker: [UInt8] = Array("<svg".utf8)
    guard svg.count >= marker.count else { return svg }
    for start in 0...(svg.count - marker.count) where svg[start] == marker[0] {
      guard svg[start + 1] == marker[1], svg[start + 2] == marker[2], svg[start + 3] == marker[3] else {
        continue
      }
      svg.removeSubrange(0..<start)  // in place, not a copy of most of a megabyte
      return svg
    }
    return svg
  }

  /// The `width` and `height` (in points) that Graphviz gives the root `<svg>`, or nil.
  static func size(of svg: [UInt8]) -> (width: Double, height: Double)? {
    let head = String(decoding: svg.prefix(2_048), as: UTF8.self)
    guard let root = head.range(of: "<svg") else { return nil }
    func value(_ name: String) -> Double? {
      guard let start = head.range(of: " \(name)=\"", range: root.upperBound..<head.endIndex),
        let end = head[start.upperBound...].firstIndex(of: "\"")
      else { return nil }
      return Double(head[start.upperBound..<end].replacing("pt", with: ""))
    }
    guard let width = value("width"), let height = value("height") else { return nil }
    return (width, height)
  }
}
