/// A small typed HTML tree whose text and attribute values escape on output.
///
/// Pages are built from these values, never by concatenating strings with trace
/// text: a run called `<script>` can only ever become text. Element and attribute
/// names come from this module's code, not from traces.
indirect enum HTML: Sendable {
  /// An element with attributes in the order given (so output bytes are stable).
  case element(String, [Attribute], [HTML])
  /// Text, escaped on output.
  case text(String)
  /// Markup this module made safe itself: sanitized SVG and cmark's safe-mode output.
  case trusted(String)
  /// Several nodes without an element around them.
  case group([HTML])

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
  var rendered: String {
    var out = ""
    out.reserveCapacity(4096)
    render(into: &out)
    return out
  }

  func render(into out: inout String) {
    switch self {
    case .text(let text): HTML.escapeText(text, into: &out)
    case .trusted(let markup): out += markup
    case .group(let nodes): for node in nodes { node.render(into: &out) }
    case .element(let name, let attributes, let children):
      out += "<"
      out += name
      for attribute in attributes {
        guard let value = attribute.value else { continue }
        out += " "
        out += attribute.name
        out += "=\""
        HTML.escapeAttribute(value, into: &out)
        out += "\""
      }
      out += ">"
      if HTML.voidElements.contains(name) { return }
      for child in children { child.render(into: &out) }
      out += "</"
      out += name
      out += ">"
    }
  }

  /// Escapes `&`, `<` and `>` so text can never open a tag or an entity.
  static func escapeText(_ text: String, into out: inout String) {
    // Most text needs no escaping: append it whole (much cheaper than scalar by scalar).
    guard text.utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 }) else {
      out += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.unicodeScalars.append(scalar)
      }
    }
  }

  /// Escapes text for a double-quoted attribute value (quotes of both kinds too).
  static func escapeAttribute(_ text: String, into out: inout String) {
    guard text.utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }) else {
      out += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(scalar)
      }
    }
  }

  static func escapedText(_ text: String) -> String {
    var out = ""
    escapeText(text, into: &out)
    return out
  }

  static func escapedAttribute(_ text: String) -> String {
    var out = ""
    escapeAttribute(text, into: &out)
    return out
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
}
