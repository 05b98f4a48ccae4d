import FlowAtlasModel

/// Checks a diagram's SVG before it is inlined into a page, and writes it again
/// from a whitelist.
///
/// It throws on what could run code or leave the site: `<script>`, `<foreignObject>`,
/// animation and `<use>`/`<image>` elements, `on*` attributes, and links that are not
/// relative links to this app's own pages. It silently drops what is merely unknown
/// (comments, `style` attributes, unlisted elements and attributes), so a newer
/// Graphviz cannot break a build by adding a harmless attribute. Entities are decoded
/// before any check (`&#106;avascript:` is `javascript:`) and everything is escaped
/// again on output, so the result is well-formed whatever the input was.
struct SVGSanitizer: Sendable {
  /// The page file names a link may point at, e.g. `flow-auth.html`.
  var allowedPages: Set<String>

  /// Elements that can run script, load resources or rewrite links: the diagram is rejected.
  static let forbiddenElements: Set<String> = [
    "script", "foreignobject", "iframe", "object", "embed", "style", "use", "image", "animate",
    "animatemotion", "animatetransform", "animatecolor", "set", "handler", "listener", "feimage",
    "discard", "audio", "video", "canvas",
  ]

  /// Elements copied to the page; anything else is dropped with its content.
  static let allowedElements: Set<String> = [
    "svg", "g", "title", "desc", "path", "polygon", "polyline", "ellipse", "circle", "rect", "line",
    "text", "tspan", "a", "defs", "lineargradient", "radialgradient", "stop",
  ]

  /// Presentation and geometry attributes copied as they are (after escaping).
  static let allowedAttributes: Set<String> = [
    "class", "width", "height", "viewBox", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry",
    "fx", "fy", "points", "d", "transform", "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width",
    "stroke-dasharray", "stroke-opacity", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
    "opacity", "font-family", "font-size", "font-weight", "font-style", "text-anchor",
    "dominant-baseline", "preserveAspectRatio", "offset", "stop-color", "stop-opacity", "gradientUnits",
    "gradientTransform", "xlink:title", "aria-label",
  ]

  /// The sanitized SVG markup, ready to inline.
  ///
  /// - Parameters:
  ///   - svg: the provider's SVG (an XML prolog or DOCTYPE without an internal subset is skipped).
  ///   - name: the diagram's name in error messages.
  ///   - rootAttributes: attributes for the root `<svg>` (role, labels), added after its geometry.
  ///   - usedIDs: ids already on the page; a repeated id is dropped, new ids are added.
  /// - Returns: the markup.
  /// - Throws: ``SiteError/unsafeDiagram(name:reason:)`` for anything that could run or leave the site.
  func sanitize(
    _ svg: String, name: String, rootAttributes: [HTML.Attribute], usedIDs: inout Set<String>
  ) throws(SiteError) -> String {
    var reader = XMLReader(bytes: Array(svg.utf8))
    var out = ""
    out.reserveCapacity(svg.utf8.count)
    var open: [String?] = []  // element names written; nil for a dropped element
    var dropDepth = 0
    var sawRoot = false
    func fail(_ reason: String) -> SiteError { .unsafeDiagram(name: name, reason: reason) }

    while true {
      let token: XMLReader.Token?
      do { token = try reader.next() } catch { throw fail(error.reason) }
      guard let token else { break }
      switch token {
      case .text(let text):
        if dropDepth == 0 && !open.isEmpty { HTML.escapeText(text, into: &out) }
      case .end(let tag):
        guard let last = open.popLast() else { throw fail("unexpected </\(tag)>") }
        if let last {
          guard last == tag else { throw fail("</\(tag)> closes <\(last)>") }
          out += "</\(tag)>"
        } else {
          dropDepth -= 1
        }
      case .start(let tag, let attributes, let selfClosing):
        let lower = Self.asciiLowercased(tag)
        if Self.forbiddenElements.contains(lower) { throw fail("it contains a <\(tag)> element") }
        for attribute in attributes where Self.isEventHandler(attribute.name) {
          throw fail("<\(tag)> has an event handler attribute \(attribute.name)")
        }
        if open.count > 256 { throw fail("elements are nested too deeply") }
        if !sawRoot {
          guard lower == "svg" else { throw fail("it does not start with <svg>") }
          sawRoot = true
        } else if open.isEmpty {
          throw fail("there is content after the root </svg>")
        }
        if dropDepth > 0 || !Self.allowedElements.contains(lower) {
          if !selfClosing {
            open.append(nil)
            dropDepth += 1
          }
          continue
        }
        out += "<\(tag)"
        if open.isEmpty {
          out += " xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
        }
        for attribute in attributes {
          guard
            let kept = try keep(attribute, of: lower, isRoot: open.isEmpty, usedIDs: &usedIDs, fail: fail)
          else { continue }
          out += " \(kept.name)=\""
          HTML.escapeAttribute(kept.value, into: &out)
          out += "\""
        }
        if open.isEmpty {
          for attribute in rootAttributes {
            guard let value = attribute.value else { continue }
            out += " \(attribute.name)=\""
            HTML.escapeAttribute(value, into: &out)
            out += "\""
          }
        }
        if selfClosing {
          out += "/>"
        } else {
          out += ">"
          open.append(tag)
        }
      }
    }
    guard sawRoot else { throw fail("it has no <svg> element") }
    guard open.isEmpty else { throw fail("it ends before its elements are closed") }
    return out
  }

  /// The attribute as written to the page, nil to drop it.
  private func keep(
    _ attribute: XMLReader.Attribute, of element: String, isRoot: Bool, usedIDs: inout Set<String>,
    fail: (String) -> SiteError
  ) throws(SiteError) -> (name: String, value: String)? {
    let name = attribute.name
    let value = attribute.value
    switch name {
    case "href", "xlink:href":
      if element == "a" {
        guard DiagramLinks.isSafe(value) else { throw fail("it links to \(quoted(value))") }
        let page = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard allowedPages.contains(String(page)) else {
          throw fail("it links to \(quoted(value)), which is not a page of this site")
        }
        return ("xlink:href", value)
      }
      guard element == "lineargradient" || element == "radialgradient", Self.isFragment(value) else {
        throw fail("<\(element)> refers to \(quoted(value))")
      }
      return ("xlink:href", value)
    case "id":
      guard Self.isSafeID(value), !usedIDs.contains(value) else { return nil }
      usedIDs.insert(value)
      return (name, value)
    case "xmlns", "xmlns:xlink":
      return nil
    default:
      guard Self.allowedAttributes.contains(name) else { return nil }
      if isRoot && (name == "class" || name == "aria-label") { return nil }
      // `url(…)` is the one way a presentation attribute loads something: only `url(#local-id)`.
      if value.utf8.contains(UInt8(ascii: "(")), Self.asciiLowercased(value).contains("url") {
        guard value.hasPrefix("url(#"), value.hasSuffix(")"),
          Self.isSafeID(String(value.dropFirst(5).dropLast()))
        else { throw fail("\(name) refers to \(quoted(value))") }
      }
      return (name, value)
    }
  }

  private func quoted(_ text: String) -> String {
    "“" + String(text.prefix(80)) + "”"
  }

  /// `on…` in any case: an event handler attribute.
  static func isEventHandler(_ name: String) -> Bool {
    var bytes = name.utf8.makeIterator()
    guard let first = bytes.next(), let second = bytes.next() else { return false }
    return first | 0x20 == UInt8(ascii: "o") && second | 0x20 == UInt8(ascii: "n")
  }

  /// Lowercases ASCII letters only; cheap when there are none to change.
  static func asciiLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return text }
    return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  static func isFragment(_ value: String) -> Bool {
    value.hasPrefix("#") && isSafeID(String(value.dropFirst()))
  }

  /// Ids made of letters, digits, `_`, `.`, `:` and `-` only.
  static func isSafeID(_ value: String) -> Bool {
    !value.isEmpty
      && value.utf8.allSatisfy {
        ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 || $0 == 46
          || $0 == 58 || $0 == 45
      }
  }
}
