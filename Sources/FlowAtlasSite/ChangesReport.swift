import FlowAtlasModel
import Foundation

/// What changed between two versions of an app, in HTML: a summary, the diagram of both
/// versions with the changes marked, and the tables of what was added, removed and moved. The
/// site's Changes page and `flowatlas diff --format html` share it.
package enum ChangesReport {
  /// The report's body: its heading level starts at 2.
  /// - Parameters:
  ///   - diff: What changed.
  ///   - figure: The diagram, already sanitized and inlined (or nil when none was drawn).
  ///   - screenRef: How a screen's name is shown (a link on the site, code elsewhere).
  ///   - pictureSource: Where a picture's `img` finds it (a file of the site, a `data:` URL in a
  ///     page of its own), or nil to leave that picture out.
  static func content(
    diff: NavigationDiff, figure: HTML?, screenRef: (String) -> HTML,
    pictureSource: (CheckedPicture) -> String? = { _ in nil }
  ) -> [HTML] {
    var out: [HTML] = [
      .p(
        text: diff.isEmpty
          ? "No change: both versions show the same screens through the same transitions."
          : diff.summary)
    ]
    if let figure { out.append(figure) }
    for section in diff.sections {
      let heading = HTML.el("h2", [.id(section.id)], text: section.title)
      switch section.content {
      case .screens(let names, let present):
        out += [heading, list(names.map { [present ? screenRef($0) : HTML.code($0)] })]
      case .flows(let names), .containers(let names):
        out += [heading, list(names.map { [HTML.code($0)] })]
      case .transitions(let transitions):
        out += [heading, table(transitions, title: section.title, screenRef: screenRef)]
      case .triggers(let changes):
        out += [heading, triggerTable(changes, title: section.title, screenRef: screenRef)]
      case .moves(let moves):
        out += [
          heading,
          list(
            moves.map { change in
              [
                screenRef(change.screen), .text(": "), change.old.map(HTML.code) ?? .text("no flow"),
                .text(" → "), change.new.map(HTML.code) ?? .text("no flow"),
              ]
            }),
        ]
      case .pictures(let changes):
        let shown = changes.compactMap { change in
          pictureSource(change.old).flatMap { before in pictureSource(change.new).map { (change, before, $0) }
          }
        }
        guard !shown.isEmpty else { continue }
        out += [heading, beforeAndAfter(shown, diff: diff, screenRef: screenRef)]
      }
    }
    return out
  }

  /// A list of what changed, an item each.
  private static func list(_ items: [[HTML]]) -> HTML {
    .el("ul", [.cls("changes-list")], items.map { .el("li", [], $0) })
  }

  /// The transitions added or removed, a row each.
  private static func table(_ transitions: [Transition], title: String, screenRef: (String) -> HTML) -> HTML {
    let header = HTML.el(
      "tr", [],
      ["From", "To", "Kind", "Coordinator", "Triggers"].map { .el("th", [.attr("scope", "col")], text: $0) })
    let rows = transitions.map { transition in
      HTML.el(
        "tr", [],
        [
          .el("td", [], [transition.from.map(screenRef) ?? .el("em", [], text: "entry")]),
          .el("td", [], [screenRef(transition.to)]),
          .el("td", [], text: transition.kind.rawValue),
          .el("td", [], [transition.coordinator.map(HTML.code) ?? .text("—")]),
          .el(
            "td", [],
            transition.triggers.isEmpty
              ? [.text("automatic")]
              : Wording.orList(transition.triggers.map(HTML.code), conjunction: "and")),
        ])
    }
    return .el(
      "div", HTML.Attribute.tableScroll(label: title),
      [.el("table", [], [.el("thead", [], [header]), .el("tbody", [], rows)])])
  }

  /// The transitions taken on other triggers, a row each: the triggers before and after.
  private static func triggerTable(
    _ changes: [NavigationDiff.TriggerChange], title: String, screenRef: (String) -> HTML
  ) -> HTML {
    func actions(_ triggers: [String], _ automatic: Bool) -> [HTML] {
      Wording.orList(triggers.map(HTML.code) + (automatic ? [.text("automatic")] : []), conjunction: "and")
    }
    let header = HTML.el(
      "tr", [],
      ["From", "To", "Kind", "Coordinator", "Triggers before", "Triggers after"].map {
        .el("th", [.attr("scope", "col")], text: $0)
      })
    let rows = changes.map { change in
      HTML.el(
        "tr", [],
        [
          .el("td", [], [change.transition.from.map(screenRef) ?? .el("em", [], text: "entry")]),
          .el("td", [], [screenRef(change.transition.to)]),
          .el("td", [], text: change.transition.kind.rawValue),
          .el("td", [], [change.transition.coordinator.map(HTML.code) ?? .text("—")]),
          .el("td", [], actions(change.old, change.oldAutomatic)),
          .el("td", [], actions(change.new, change.newAutomatic)),
        ])
    }
    return .el(
      "div", HTML.Attribute.tableScroll(label: title),
      [.el("table", [], [.el("thead", [], [header]), .el("tbody", [], rows)])])
  }

  /// Each screen that looks different, its picture before and after side by side.
  private static func beforeAndAfter(
    _ changes: [(NavigationDiff.PictureChange, before: String, after: String)], diff: NavigationDiff,
    screenRef: (String) -> HTML
  ) -> HTML {
    .el(
      "ul", [.cls("picture-changes")],
      changes.map { change, before, after in
        func side(_ picture: CheckedPicture, _ source: String, _ caption: String) -> HTML {
          .el(
            "figure", [],
            [
              .el(
                "img",
                [
                  .attr("src", source), .attr("width", String(picture.width)),
                  .attr("height", String(picture.height)), .attr("alt", "\(change.screen), \(caption)"),
                  .attr("loading", "lazy"),
                ]),
              .el("figcaption", [], text: caption),
            ])
        }
        return .el(
          "li", [],
          [
            .p([screenRef(change.screen)]),
            .el(
              "div", [.cls("before-after")],
              [
                side(change.old, before, "before (\(diff.oldApp))"),
                side(change.new, after, "after (\(diff.newApp))"),
              ]),
          ])
      })
  }

  /// A page of its own for `flowatlas diff --format html`: one file that opens from disk in any
  /// browser, with its styles inline, no script and no network.
  /// - Parameters:
  ///   - diff: What changed.
  ///   - svg: The diff diagram as the renderer drew it; it is sanitized before it is inlined.
  /// - Returns: The page, UTF-8.
  /// - Throws: ``SiteError/unsafeDiagram(name:reason:)`` when the SVG holds anything that could run.
  ///   - pictures: Each changed screen's pictures, as their bytes (`flowatlas diff` reads them);
  ///     they are inlined as `data:` URLs, so the page stays one file.
  package static func standalonePage(
    diff: NavigationDiff, svg: [UInt8], pictures: [String: [UInt8]] = [:]
  ) throws(SiteError) -> [UInt8] {
    var ids: Set<String> = NavigationDiff.sectionIDs.union(["changes"])
    let caption = "Navigation of \(diff.oldApp) and \(diff.newApp), with the changes marked"
    let markup = try SVGSanitizer(allowedPages: []).sanitize(
      svg, name: "the diff diagram",
      rootAttributes: [.attr("role", "img"), .aria("label", caption), .cls("diagram-svg")], usedIDs: &ids)
    let figure = HTML.el(
      "figure", [.cls("diagram")],
      [
        .el("div", [.cls("diagram-scroll")], [.rendered(markup)]),
        .el(
          "figcaption", [],
          text: caption + ": + added (green, bold), − removed (red, dashed), ~ changed (amber)."),
      ])
    let body = content(diff: diff, figure: figure, screenRef: HTML.code) { picture in
      pictures[picture.hash].map { bytes in
        "data:image/\(picture.fileExtension == "png" ? "png" : "jpeg");base64,"
          + Data(bytes).base64EncodedString()
      }
    }
    let document = HTML.group([
      .trusted("<!DOCTYPE html>\n"),
      .el(
        "html", [.attr("lang", "en")],
        [
          .el(
            "head", [],
            [
              .el("meta", [.attr("charset", "utf-8")]),
              .el(
                "meta",
                [
                  .attr("http-equiv", "Content-Security-Policy"),
                  .attr(
                    "content", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'"
                  ),
                ]),
              .el(
                "meta", [.attr("name", "viewport"), .attr("content", "width=device-width, initial-scale=1")]),
              .el("meta", [.attr("name", "color-scheme"), .attr("content", "light dark")]),
              .el("title", [], text: "Navigation changes: \(diff.oldApp) → \(diff.newApp)"),
              .el("style", [], [.trusted(standaloneStyle)]),
            ]),
          .el(
            "body", [],
            [
              .el(
                "main", [.id("changes")],
                [.el("h1", [], text: "Navigation changes: \(diff.oldApp) → \(diff.newApp)")] + body)
            ]),
        ]),
    ])
    var out: [UInt8] = []
    document.render(into: &out)
    out.append(UInt8(ascii: "\n"))
    return out
  }

  /// The standalone page's styles: readable in light and dark mode and in print (the diagram
  /// keeps its white background; marks are signs as well as colours).
  static let standaloneStyle = """
    body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1f2328;background:#fff}
    code{font-family:ui-monospace,monospace;font-size:.9em;background:#f6f8fa;padding:0 .2em;border-radius:3px}
    table{border-collapse:collapse;width:100%}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
    .diagram-scroll{overflow:auto;border:1px solid #d0d7de;border-radius:6px;background:#fff}
    .diagram-svg{max-width:none;height:auto}figcaption{font-size:.9em;color:#59636e}
    .picture-changes{list-style:none;padding:0}.before-after{display:flex;flex-wrap:wrap;gap:1rem}
    .before-after figure{margin:0}.before-after img{display:block;width:auto;height:auto;max-width:16rem;max-height:32rem;border:1px solid #d0d7de;border-radius:6px}
    @media (prefers-color-scheme: dark){body{color:#e6edf3;background:#0d1117}code{background:#161b22}
    th,td{border-color:#30363d}figcaption{color:#9198a1}}
    @media print{body{margin:0;max-width:none;color:#000;background:#fff}.diagram-scroll{overflow:visible;border:0}
    .diagram-svg{max-width:100%}}
    """
}
