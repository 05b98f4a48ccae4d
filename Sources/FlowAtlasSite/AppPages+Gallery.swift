import FlowAtlasModel

/// The gallery: every screen's picture, grouped by flow, in the order a person meets them. Only
/// an app whose runs took screenshots has one.
extension AppPages {
  /// Whether `app` has a gallery: at least one screen has a picture.
  static func hasGallery(_ app: AppModel) -> Bool { app.screens.contains { $0.picture != nil } }

  func galleryPage() -> [[UInt8]] {
    var main: [HTML] = [
      .el("h1", [], [.el("span", [.cls("kicker")], [.text(app.name)]), .text("Gallery")]),
      .p(
        text:
          "Every screen as a recorded run showed it, flow by flow, in the order the runs first showed them."),
    ]
    // What the runs say their pictures are (a header's `pictures`: wireframes of a headless run).
    let said = Set(app.runs.flatMap { $0.metadata.filter { $0.key == "pictures" }.map(\.value) })
    if !said.isEmpty {
      main.append(.p(text: "The pictures are " + said.sorted().joined(separator: "; ") + "."))
    }
    let order = firstShown()
    func ordered(_ types: [String]) -> [String] {
      types.sorted { (order[$0] ?? .max, $0) < (order[$1] ?? .max, $1) }
    }
    var listed: Set<String> = []
    for flow in app.flows where !flow.screens.isEmpty {
      listed.formUnion(flow.screens)
      main.append(
        .el(
          "section", [.cls("gallery-flow")],
          [.el("h2", [], [flowRef(flow.coordinator)]), tiles(ordered(flow.screens))]))
    }
    let others = ordered(app.screens.map(\.type).filter { !listed.contains($0) })
    if !others.isEmpty {
      main.append(
        .el("section", [.cls("gallery-flow")], [.el("h2", [], [.text("In no flow")]), tiles(others)]))
    }
    return document(title: "Gallery", current: PageScheme.gallery, crumbs: [("Gallery", nil)], main: main)
  }

  /// A tile per screen: its picture (or a note that there is none) and its name, linking to its page.
  private func tiles(_ types: [String]) -> HTML {
    .el(
      "ul", [.cls("gallery")],
      types.map { type in
        let picture = screen(type)?.picture
        return .el(
          "li", [],
          [
            picture.map { Self.thumbnail($0, of: type) }
              ?? .el("div", [.cls("no-picture")], [.text("No picture")]),
            screenRef(type),
          ])
      })
  }

  /// A screen's picture, small: its thumbnail, else the file itself, which the stylesheet shrinks
  /// (the size given is the picture's: the thumbnail has its proportions).
  static func thumbnail(_ picture: CheckedPicture, of type: String) -> HTML {
    .el(
      "img",
      [
        .cls("thumbnail"),
        .attr(
          "src",
          "../"
            + (picture.hasThumbnail
              ? PageScheme.thumbnail(hash: picture.hash)
              : PageScheme.picture(hash: picture.hash, fileExtension: picture.fileExtension))),
        .attr("width", String(picture.width)), .attr("height", String(picture.height)),
        .attr("alt", type), .attr("loading", "lazy"),
      ])
  }

  /// Each screen type's first showing: (run's place in the app, step), packed into one number.
  private func firstShown() -> [String: Int] {
    var order: [String: Int] = [:]
    let runIndex = Dictionary(
      app.runs.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { first, _ in first })
    for type in app.screens.map(\.type) {
      let visits = screenVisits.visits(of: type, in: app)
      if let first = visits.firstSteps.min(by: {
        (runIndex[$0.run.slug]!, $0.step) < (runIndex[$1.run.slug]!, $1.step)
      }) {
        order[type] = runIndex[first.run.slug]! << 32 | first.step
      }
    }
    return order
  }
}
