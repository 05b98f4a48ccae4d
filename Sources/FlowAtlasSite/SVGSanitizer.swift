import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace

/// Checks a diagram's SVG before it is inlined into a page, and writes it again
/// from a whitelist.
///
/// It throws on what could run code or leave the site: `<script>`, `<foreignObject>`,
/// animation and `<use>` elements, an `<image>` of anything but the pictures it allows,
/// `on*` attributes, and links that are not relative links to this app's own pages. It silently drops what is merely unknown
/// (comments, `style` attributes, unlisted elements and attributes), so a newer
/// Graphviz cannot break a build by adding a harmless attribute. Entities are decoded
/// before any check (`&#106;avascript:` is `javascript:`) and everything is escaped
/// again on output, so the result is well-formed whatever the input was.
struct SVGSanitizer: Sendable {
  /// The page file names a link may point at, e.g. `flow-auth.html`.
  var allowedPages: Set<String>
  /// What an `<image>` may show, e.g. `../images/thumbnails/<sha256>.png`: the site's own files.
  var allowedPictures: Set<String> = []

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
    String(
      decoding: try sanitize(Array(svg.utf8), name: name, rootAttributes: rootAttributes, usedIDs: &usedIDs),
      as: UTF8.self)
  }

  /// ``sanitize(_:name:rootAttributes:usedIDs:)`` on UTF-8 bytes, as the site takes diagrams
  /// from the renderer: no `String` is made of a megabyte of SVG.
  func sanitize(
    _ svg: [UInt8], name: String, rootAttributes: [HTML.Attribute], usedIDs: inout Set<String>
  ) throws(SiteError) -> [UInt8] {
    try svg.withByteView { bytes in
      sanitize(bytes, name: name, rootAttributes: rootAttributes, usedIDs: &usedIDs)
    }.get()
  }

  /// ``sanitize(_:name:rootAttributes:usedIDs:)`` on the SVG's UTF-8 bytes, in one pass.
  private func sanitize(
    _ svg: XMLReader.Bytes, name: String, rootAttributes: [HTML.Attribute], usedIDs: inout Set<String>
  ) -> Result<[UInt8], SiteError> {
    var reader = XMLReader(bytes: svg)
    var out = MarkupBytes(capacity: svg.count)
    var open: [XMLReader.Bytes?] = []  // element names written; nil for a dropped element
    var dropDepth = 0
    var sawRoot = false
    func fail(_ reason: String) -> SiteError { .unsafeDiagram(name: name, reason: reason) }
    func string(_ bytes: XMLReader.Bytes) -> String { XMLReader.string(bytes) }
    // Bytes are copied through as they are: only UTF-8 may reach the page.
    guard UTF8Validation.isValid(svg) else { return .failure(fail("it is not UTF-8")) }
    // Graphviz writes about three ids per kilobyte (node, link, edge): make room once.
    usedIDs.reserveCapacity(usedIDs.count + svg.count / 256)

    do throws(SiteError) {
      while true {
        let token: XMLReader.Token?
        do { token = try reader.next() } catch { throw fail(error.reason) }
        guard let token else { break }
        switch token {
        case .text(let text):
          do throws(XMLReader.Failure) {
            if dropDepth == 0 && !open.isEmpty {
              try out.appendText(text)
            } else {
              try XMLReader.checkEntities(in: text)
            }
          } catch { throw fail(error.reason) }
        case .cdata(let text):
          if dropDepth == 0 && !open.isEmpty { out.appendEscaped(text, quotes: false) }
        case .end(let tag):
          guard let last = open.popLast() else { throw fail("unexpected </\(string(tag))>") }
          if let last {
            guard XMLReader.equal(last, tag) else { throw fail("</\(string(tag))> closes <\(string(last))>") }
            out.append("</")
            out.append(tag)
            out.append(">")
          } else {
            dropDepth -= 1
          }
        case .start(let tag, let selfClosing):
          let kind = Self.elements.kind(of: tag, lowercasing: true)
          if kind == .forbidden { throw fail("it contains a <\(string(tag))> element") }
          for attribute in reader.attributes where Self.isEventHandler(attribute.name) {
            throw fail("<\(string(tag))> has an event handler attribute \(string(attribute.name))")
          }
          if open.count > 256 { throw fail("elements are nested too deeply") }
          if !sawRoot {
            guard kind == .svg else { throw fail("it does not start with <svg>") }
            sawRoot = true
          } else if open.isEmpty {
            throw fail("there is content after the root </svg>")
          }
          guard dropDepth == 0, let kind else {
            if !selfClosing {
              open.append(nil)
              dropDepth += 1
            }
            continue
          }
          let isRoot = open.isEmpty
          out.append("<")
          out.append(tag)
          if isRoot {
            out.append(" xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"")
          }
          for attribute in reader.attributes {
            try write(attribute, of: tag, kind, isRoot: isRoot, usedIDs: &usedIDs, to: &out, fail: fail)
          }
          if isRoot {
            for attribute in rootAttributes {
              guard let value = attribute.value else { continue }
              out.append(" ")
              out.append(string: attribute.name)
              out.append("=\"")
              value.withByteView { out.appendEscaped($0, quotes: true) }
              out.append("\"")
            }
          }
          if selfClosing {
            out.append("/>")
          } else {
            out.append(">")
            open.append(tag)
          }
        }
      }
      guard sawRoot else { throw fail("it has no <svg> element") }
      guard open.isEmpty else { throw fail("it ends before its elements are closed") }
    } catch {
      return .failure(error)
    }
    return .success(out.bytes)
  }

  /// Writes the attribute as it goes to the page, or nothing to drop it.
  private func write(
    _ attribute: XMLReader.Attribute, of element: XMLReader.Bytes, _ kind: ElementKind, isRoot: Bool,
    usedIDs: inout Set<String>, to out: inout MarkupBytes, fail: (String) -> SiteError
  ) throws(SiteError) {
    let value = attribute.value
    switch Self.attributes.kind(of: attribute.name) {
    case .href:
      if kind == .picture {
        guard allowedPictures.contains(XMLReader.string(value)) else {
          throw fail("it shows \(quoted(value)), which is not a picture of this site")
        }
      } else if kind == .link {
        guard SafeLink.isSafe(value) else { throw fail("it links to \(quoted(value))") }
        let page = value.view(0..<(value.firstIndex(of: UInt8(ascii: "#")) ?? value.count))
        guard allowedPages.contains(XMLReader.string(page)) else {
          throw fail("it links to \(quoted(value)), which is not a page of this site")
        }
      } else {
        guard kind == .gradient, Self.isFragment(value) else {
          throw fail("<\(Self.asciiLowercased(XMLReader.string(element)))> refers to \(quoted(value))")
        }
      }
      out.appendAttribute(Self.xlinkHref, attribute)
    case .id:
      guard Self.isSafeID(value), usedIDs.insert(XMLReader.string(value)).inserted else { return }
      out.appendAttribute(attribute.name, attribute)
    case .presentationExceptOnRoot where isRoot, .namespace, nil:
      return
    case .text:
      out.appendAttribute(attribute.name, attribute)
    case .presentation, .presentationExceptOnRoot:
      if attribute.contains("("), Self.loadsSomething(value) {
        throw fail("\(XMLReader.string(attribute.name)) refers to \(quoted(value))")
      }
      // A CSS escape (`\75 rl(…)`) would spell `url(` past the check above.
      if value.contains(UInt8(ascii: "\\")) {
        throw fail("\(XMLReader.string(attribute.name)) has a CSS escape in \(quoted(value))")
      }
      out.appendAttribute(attribute.name, attribute)
    }
  }

  private static var xlinkHref: XMLReader.Bytes { ByteView("xlink:href") }

  private func quoted(_ value: XMLReader.Bytes) -> String {
    "“" + String(XMLReader.string(value).prefix(80)) + "”"
  }

  /// `url(…)` is the one way a presentation attribute loads something: only `url(#local-id)` is safe.
  static func loadsSomething(_ value: XMLReader.Bytes) -> Bool {
    // No `url` bytes means no `url` in any Unicode reading either: nothing decomposes to them.
    guard value.contains(UInt8(ascii: "(")), containsURL(value) else { return false }
    guard value.allSatisfy({ $0 < 0x80 }) else {
      // Beyond ASCII, keep the Character semantics of the String checks this replaced.
      let text = XMLReader.string(value)
      guard asciiLowercased(text).contains("url") else { return false }
      let isLocal =
        text.hasPrefix("url(#") && text.hasSuffix(")") && isSafeID(String(text.dropFirst(5).dropLast()))
      return !isLocal
    }
    guard value.count >= 6 else { return true }
    let prefix: StaticString = "url(#"
    let isLocal =
      XMLReader.equal(value.view(0..<5), prefix)
      && value[value.count - 1] == UInt8(ascii: ")")
      && isSafeID(value.view(5..<(value.count - 1)))
    return !isLocal
  }

  /// `url` in any case, anywhere in `value`.
  private static func containsURL(_ value: XMLReader.Bytes) -> Bool {
    guard value.count >= 3 else { return false }
    for i in 0...(value.count - 3)
    where value[i] | 0x20 == UInt8(ascii: "u") && value[i + 1] | 0x20 == UInt8(ascii: "r")
      && value[i + 2] | 0x20 == UInt8(ascii: "l")
    {
      return true
    }
    return false
  }

  /// Lowercases ASCII letters only; cheap when there are none to change.
  static func asciiLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return text }
    return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  static func isFragment(_ value: XMLReader.Bytes) -> Bool {
    value.first == UInt8(ascii: "#") && isSafeID(value.view(from: 1))
  }

  /// Ids made of letters, digits, `_`, `.`, `:` and `-` only.
  static func isSafeID(_ value: String) -> Bool {
    value.withByteView(isSafeID)
  }

  static func isSafeID(_ value: XMLReader.Bytes) -> Bool {
    !value.isEmpty
      && value.allSatisfy {
        ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 || $0 == 46
          || $0 == 58 || $0 == 45
      }
  }
}
