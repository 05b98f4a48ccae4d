import FlowAtlasBytes
import FlowAtlasTrace

/// A small typed HTML tree whose text and attribute values escape on output.
///
/// Pages are built from these values, never by concatenating strings with trace
/// text: a run called `<script>` can only ever become text. Element and attribute
/// names come from this module's code, not from traces.
enum HTML: Sendable {
  /// An element with attributes in the order given (so output bytes are stable).
  case element(String, [Attribute], [HTML])
  /// Text, escaped on output.
  case text(String)
  /// Markup this module made safe itself: sanitized SVG and cmark's safe-mode output.
  case trusted(String)
  /// Several nodes without an element around them.
  case group([HTML])
  /// Markup this module rendered itself from nodes (its text already escaped), as UTF-8.
  case rendered([UInt8])

  /// One attribute; a nil value is left out, so optional attributes read naturally.
  struct Attribute: Sendable {
    var name: String
    var value: String?
  }

  /// Elements without an end tag.
  private static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
  ]

  /// The node as markup.
  var rendered: String { String(decoding: bytes, as: UTF8.self) }

  /// The node as markup, in UTF-8.
  var bytes: [UInt8] {
    var out: [UInt8] = []
    render(into: &out)
    return out
  }

  /// `.rendered` parts this large are kept as pieces of their own by ``render(into:pieces:)``.
  static let pieceSize = 16 * 1024

  /// Appends the node's markup as UTF-8: byte appends, no `String` growth per piece.
  func render(into out: inout [UInt8]) {
    var pieces: [[UInt8]] = []
    render(into: &out, pieces: &pieces, keepingApart: .max)
  }

  /// Renders like ``render(into:)``, but keeps each large `.rendered` part (a sanitized diagram,
  /// a journey's steps) as a piece of its own instead of copying it into `out`: the page is then
  /// written from its pieces. `out` holds what follows the last piece.
  func render(into out: inout [UInt8], pieces: inout [[UInt8]]) {
    render(into: &out, pieces: &pieces, keepingApart: HTML.pieceSize)
  }

  /// The one walk of the tree: `.rendered` parts of at least `large` bytes become pieces.
  private func render(into out: inout [UInt8], pieces: inout [[UInt8]], keepingApart large: Int) {
    switch self {
    case .text(let text): HTML.escapeText(text, into: &out)
    case .trusted(let markup): out.append(utf8: markup)
    case .rendered(let markup) where markup.count >= large:
      if !out.isEmpty {
        pieces.append(out)
        out = []
        out.reserveCapacity(large)
      }
      pieces.append(markup)
    case .rendered(let markup): out.append(contentsOf: markup)
    case .group(let nodes):
      for node in nodes { node.render(into: &out, pieces: &pieces, keepingApart: large) }
    case .element(let name, let attributes, let children):
      HTML.openTag(name, attributes, into: &out)
      if HTML.voidElements.contains(name) { return }
      for child in children { child.render(into: &out, pieces: &pieces, keepingApart: large) }
      HTML.closeTag(name, into: &out)
    }
  }

  /// An element's start tag, its attribute values escaped; ``closeTag(_:into:)`` ends it.
  private static func openTag(_ name: String, _ attributes: [Attribute], into out: inout [UInt8]) {
    out.append(UInt8(ascii: "<"))
    out.append(utf8: name)
    self.attributes(attributes, into: &out)
    out.append(UInt8(ascii: ">"))
  }

  /// ` name="value"` for each attribute with a value, values escaped.
  private static func attributes(_ attributes: [Attribute], into out: inout [UInt8]) {
    for attribute in attributes {
      guard let value = attribute.value else { continue }
      out.append(UInt8(ascii: " "))
      out.append(utf8: attribute.name)
      out.append(contentsOf: #"=""#.utf8)
      escapeAttribute(value, into: &out)
      out.append(UInt8(ascii: "\""))
    }
  }

  private static func closeTag(_ name: String, into out: inout [UInt8]) {
    out.append(contentsOf: "</".utf8)
    out.append(utf8: name)
    out.append(UInt8(ascii: ">"))
  }

  /// Escapes `&`, `<` and `>` so text can never open a tag or an entity, and replaces control
  /// characters (``Markup``, the one escaper of pages, SVG and drawings).
  static func escapeText(_ text: String, into out: inout [UInt8]) {
    Markup.escape(text, inAttribute: false, into: &out)
  }

  /// Escapes text for a double-quoted attribute value (quotes of both kinds too).
  static func escapeAttribute(_ text: String, into out: inout [UInt8]) {
    Markup.escape(text, inAttribute: true, into: &out)
  }
}

/// Short constructors so page code reads like the page.
extension HTML {
  static func el(_ name: String, _ attributes: [Attribute] = [], _ children: [HTML] = []) -> HTML {
    .element(name, attributes, children)
  }

  static func el(_ name: String, _ attributes: [Attribute] = [], text: String) -> HTML {
    .element(name, attributes, [.text(text)])
  }

  static func a(href: String, _ children: [HTML], _ attributes: [Attribute] = []) -> HTML {
    .element("a", [.init(name: "href", value: href)] + attributes, children)
  }

  static func a(href: String, text: String, _ attributes: [Attribute] = []) -> HTML {
    a(href: href, [.text(text)], attributes)
  }

  static func p(_ children: [HTML]) -> HTML { .element("p", [], children) }
  static func p(text: String) -> HTML { .element("p", [], [.text(text)]) }
  static func code(_ text: String) -> HTML { .element("code", [], [.text(text)]) }
  static func strong(_ text: String) -> HTML { .element("strong", [], [.text(text)]) }
  static var empty: HTML { .group([]) }
}

extension HTML.Attribute {
  static func cls(_ value: String?) -> Self { .init(name: "class", value: value) }
  static func id(_ value: String?) -> Self { .init(name: "id", value: value) }
  static func aria(_ name: String, _ value: String?) -> Self { .init(name: "aria-\(name)", value: value) }
  static func data(_ name: String, _ value: String?) -> Self { .init(name: "data-\(name)", value: value) }
  static func attr(_ name: String, _ value: String?) -> Self { .init(name: name, value: value) }

  /// A wide table's scrolling box: focusable and named, so keyboard users can scroll it
  /// (axe's `scrollable-region-focusable`).
  static func tableScroll(label: String) -> [Self] {
    [.cls("table-scroll"), .attr("tabindex", "0"), .attr("role", "region"), .aria("label", label)]
  }
}
