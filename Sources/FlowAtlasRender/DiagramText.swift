import FlowAtlasModel

/// Text rules shared by the diagram builders: shortening and safe identifiers.
enum DiagramText {
  /// Labels longer than this are cut, with the full text in the tooltip.
  static let maxLabelLength = 40

  /// `text` cut to `limit` characters by an ellipsis in its middle, or nil when it fits. The end
  /// is kept as well as the start: long type names share their starts (a module, a feature's
  /// prefix) and ends (`ViewController`), and differ just before the end
  /// (`…OverviewViewController`, `…OverviewEditorViewController`), where a cut at the end made
  /// two screens one label.
  static func shortened(_ text: String, limit: Int = maxLabelLength) -> String? {
    guard text.count > limit else { return nil }
    let head = (limit - 1) * 2 / 5
    return String(text.prefix(head)) + "…" + String(text.suffix(limit - 1 - head))
  }

  /// The label to draw for `text`, and the tooltip to add when it was shortened.
  static func label(_ text: String, limit: Int = maxLabelLength) -> (label: String, full: String?) {
    if let short = shortened(text, limit: limit) { return (short, text) }
    return (text, nil)
  }

  /// A slug that is safe in an SVG id or class whatever the model holds: the
  /// model's slug when valid, else one made from it.
  static func safeSlug(_ slug: String) -> String {
    Slug.isValid(slug) ? slug : Slug.make(slug)
  }

  /// `link` when it passes ``DiagramLinks/isSafe(_:)``; anything else is dropped,
  /// because Graphviz copies links into SVG unescaped.
  static func safeLink(_ link: String?) -> String? {
    guard let link, DiagramLinks.isSafe(link) else { return nil }
    return link
  }

  /// A list of names as one line, at most `limit` names then `+N`.
  static func list(_ names: [String], limit: Int = 2, itemLength: Int = 24) -> String {
    let shown = names.prefix(limit).map { shortened($0, limit: itemLength) ?? $0 }
    let rest = names.count - shown.count
    return shown.joined(separator: ", ") + (rest > 0 ? " +\(rest)" : "")
  }
}

/// Hands out ids unique within one diagram, made only of slug characters.
struct DiagramIDs {
  let prefix: String
  private var used = Slugger()

  init(prefix: String) { self.prefix = prefix }

  /// `prefix-part1-part2…`, suffixed `-2`, `-3` … when already taken.
  mutating func make(_ parts: String...) -> String {
    // Sized once: a journey makes hundreds of ids on one long prefix.
    var id = String()
    id.reserveCapacity(parts.reduce(prefix.utf8.count) { $0 + 1 + $1.utf8.count })
    id += prefix
    for part in parts {
      id += "-"
      id += DiagramText.safeSlug(part)
    }
    return used.unique(id)
  }
}
