/// The element and attribute names the sanitizer knows, looked up from bytes without
/// making a `String`.
extension SVGSanitizer {
  enum ElementKind {
    /// Can run script, load resources or rewrite links: the diagram is rejected.
    case forbidden
    /// Copied to the page.
    case allowed
    /// The root element.
    case svg
    /// A link: its `href` must point at a page of the site.
    case link
    /// May refer to another gradient by `#id`.
    case gradient
    /// `<image>`: its `href` must be one of the pictures the sanitizer allows (the app map's
    /// thumbnails, `--thumbnails`); anywhere else it is rejected.
    case picture
  }

  enum AttributeKind {
    /// `href` or `xlink:href`: checked, written as `xlink:href`.
    case href
    /// Kept once per page.
    case id
    /// `xmlns` declarations: the root gets its own.
    case namespace
    /// Presentation and geometry, copied as it is (after escaping).
    case presentation
    /// Presentation that the root's `rootAttributes` replace (`class`, `aria-label`).
    case presentationExceptOnRoot
    /// Text a person reads (`xlink:title`, the tooltip): no CSS reads it, so it may say anything.
    case text
  }

  /// Elements by lowercased name; anything else is dropped with its content.
  static let elements = NameTable<ElementKind>(
    [
      "script", "foreignobject", "iframe", "object", "embed", "style", "use", "animate",
      "animatemotion", "animatetransform", "animatecolor", "set", "handler", "listener", "feimage",
      "discard", "audio", "video", "canvas",
    ].map { ($0, .forbidden) }
      + [
        "g", "title", "desc", "path", "polygon", "polyline", "ellipse", "circle", "rect", "line", "text",
        "tspan", "defs", "stop",
      ].map { ($0, .allowed) }
      + [
        ("svg", .svg), ("a", .link), ("lineargradient", .gradient), ("radialgradient", .gradient),
        ("image", .picture),
      ])

  /// Attributes by exact name; anything else is dropped.
  static let attributes = NameTable<AttributeKind>(
    [
      "width", "height", "viewBox", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy",
      "points", "d", "transform", "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width",
      "stroke-dasharray", "stroke-opacity", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
      "opacity", "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline",
      "preserveAspectRatio", "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform",
    ].map { ($0, .presentation) }
      + [
        ("xlink:title", .text),
        ("class", .presentationExceptOnRoot), ("aria-label", .presentationExceptOnRoot), ("href", .href),
        ("xlink:href", .href), ("id", .id), ("xmlns", .namespace), ("xmlns:xlink", .namespace),
      ])

  /// `on…` in any case: an event handler attribute.
  static func isEventHandler(_ name: XMLReader.Bytes) -> Bool {
    name.count >= 2 && name[0] | 0x20 == UInt8(ascii: "o") && name[1] | 0x20 == UInt8(ascii: "n")
  }
}

/// A fixed set of ASCII names up to 24 bytes, each packed into three words so that a
/// lookup compares a few integers instead of strings.
struct NameTable<Kind: Sendable>: Sendable {
  private typealias Words = (UInt64, UInt64, UInt64)
  private var entries: [(words: Words, kind: Kind)] = []
  /// The entries of each name length, as a range of `entries`.
  private var byLength: [Range<Int>] = []

  init(_ names: [(String, Kind)]) {
    let sorted = names.sorted { $0.0.utf8.count < $1.0.utf8.count }
    for (name, kind) in sorted {
      let count = name.utf8.count
      let words = name.withByteView { Self.pack($0, lowercasing: false) }!
      while byLength.count <= count { byLength.append(entries.count..<entries.count) }
      entries.append((words, kind))
      byLength[count] = byLength[count].lowerBound..<entries.count
    }
  }

  /// The kind of `name`, nil for a name not in the table.
  /// - Parameter lowercasing: compare as if `name`'s ASCII letters were lowercase.
  func kind(of name: XMLReader.Bytes, lowercasing: Bool = false) -> Kind? {
    guard name.count < byLength.count, let words = Self.pack(name, lowercasing: lowercasing) else {
      return nil
    }
    for entry in entries[byLength[name.count]]
    where entry.words.0 == words.0 && entry.words.1 == words.1 && entry.words.2 == words.2 {
      return entry.kind
    }
    return nil
  }

  private static func pack(_ name: XMLReader.Bytes, lowercasing: Bool) -> Words? {
    guard name.count <= 24 else { return nil }
    var words: Words = (0, 0, 0)
    for i in 0..<name.count {
      var byte = name[i]
      if lowercasing && byte >= 65 && byte <= 90 { byte |= 0x20 }
      let shifted = UInt64(byte) << UInt64((i & 7) * 8)
      switch i >> 3 {
      case 0: words.0 |= shifted
      case 1: words.1 |= shifted
      default: words.2 |= shifted
      }
    }
    return words
  }
}
