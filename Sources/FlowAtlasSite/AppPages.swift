import FlowAtlasBuild
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTrace

/// One app's pages: lookups shared by its index, flow, journey and problems pages.
struct AppPages: Sendable {
  let app: AppModel
  /// The app's folder under the site root (its slug, unless that is taken by `assets`).
  let folder: String
  let layout: PageLayout
  /// Raw SVG from the provider for the page being built, sanitized when it is written
  /// (see ``html(of:diagrams:)``).
  private(set) var diagrams: [DiagramSubject: [UInt8]] = [:]
  /// The page's diagrams as SVG files of their own, collected while it is built.
  private(set) var standalone = StandaloneDiagrams()
  /// Rendered notes HTML by coordinator type.
  let notes: [String: String]
  /// The other apps' folders and names, for the sidebar.
  let siblings: [(name: String, folder: String)]
  let sanitizer: SVGSanitizer

  private let flowSlugs: [String: String]
  private let screens: [String: ScreenType]
  private let runsByFile: [String: Run]
  /// The runs of each name more than one run has (a retried UI test), to link them together.
  let namesakes: [String: [Run]]
  /// ``screenRef(_:)`` and ``flowRef(_:)`` of every type the app knows, rendered once: a
  /// journey page shows them thousands of times.
  private let screenRefs: [String: [UInt8]]
  private let flowRefs: [String: [UInt8]]
  /// Every page of the app shows the same sidebar but for its own link: rendered once.
  private let renderedSidebar: RenderedSidebar
  /// The sidebar's markup, no link marked current.
  var sidebarBytes: [UInt8] { renderedSidebar.plain }
  /// What changed since the baseline (`build --baseline`), for the Changes page.
  let changes: AppChanges?
  /// Each flow's contract (`build --contract`), by coordinator type.
  let contracts: [String: NavigationContract]
  /// Which part of each long journey lists its problems' steps.
  private let problemParts = ProblemParts()
  /// Which runs showed each screen, for the screen pages.
  let screenVisits = ScreenVisits()
  /// Whether any screen of the app has a picture: then it has a gallery, and its journeys show them.
  let hasPictures: Bool

  init(
    app: AppModel, folder: String, layout: PageLayout, notes: [String: String],
    siblings: [(name: String, folder: String)], changes: AppChanges? = nil,
    contracts: [NavigationContract] = []
  ) {
    self.changes = changes
    self.contracts = Dictionary(
      contracts.map { $0.resolved(in: app) }.map { ($0.coordinator, $0) },
      uniquingKeysWith: { first, _ in first })
    self.app = app
    self.folder = folder
    self.layout = layout
    self.notes = notes
    self.siblings = siblings
    flowSlugs = Dictionary(
      app.flows.map { ($0.coordinator, $0.slug) }, uniquingKeysWith: { first, _ in first })
    screens = Dictionary(app.screens.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
    runsByFile = Dictionary(app.runs.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    namesakes = Dictionary(uniqueKeysWithValues: app.sharedRunNames.map { ($0.name, $0.runs) })
    var screenRefs: [String: [UInt8]] = [:]
    var flowRefs: [String: [UInt8]] = [:]
    screenRefs.reserveCapacity(app.screens.count)
    flowRefs.reserveCapacity(app.coordinators.count)
    for screen in app.screens {
      screenRefs[screen.type] =
        Self.reference(
          "screen-name", screen.type, href: PageScheme.screenPage(screen.slug)
        ).bytes
    }
    for coordinator in app.coordinators {
      flowRefs[coordinator.type] =
        Self.reference(
          "flow-name", coordinator.type, href: flowSlugs[coordinator.type].map(PageScheme.flowPage)
        ).bytes
    }
    self.screenRefs = screenRefs
    hasPictures = Self.hasGallery(app)
    self.flowRefs = flowRefs
    sanitizer = SVGSanitizer(
      allowedPages: Self.pageNames(of: app, hasChanges: changes != nil),
      allowedPictures: Set(
        app.screens.compactMap { screen in
          screen.picture.flatMap { $0.hasThumbnail ? DiagramLinks.site.thumbnail($0.hash) : nil }
        }))
    renderedSidebar = RenderedSidebar(
      plain: Self.sidebarTree(
        app: app, folder: folder, siblings: siblings, hasChanges: changes != nil, current: nil))
  }

  /// Every page file of the app folder.
  static func pageNames(of app: AppModel, hasChanges: Bool = false) -> Set<String> {
    Set(pageList(of: app, hasChanges: hasChanges).map(\.name))
  }

  /// How many pages list `run`'s steps (at least one, the journey page itself).
  static func journeyParts(_ run: Run) -> Int { PageScheme.journeyParts(stepCount: run.stepCount) }

  /// The files of `run`'s journey in its app's folder: its pages, then its diagram's SVG file.
  static func journeyFiles(_ run: Run) -> [String] {
    (0..<journeyParts(run)).map { PageScheme.journeyPage(run.slug, part: $0) }
      + [PageScheme.diagramFile(PageScheme.journeyStem(run.slug))]
  }

  /// Where the trace line `line` of `run` is shown: the page listing its first step, or the
  /// journey page (whose problem list anchors the lines of problems that have no step).
  func journeyHref(_ run: Run, line: Int) -> String {
    "\(PageScheme.journeyPage(run.slug, part: journeyPart(of: run, line: line)))#\(PageScheme.lineAnchor(line))"
  }

  /// The part of `run`'s journey that lists the first step of trace line `line`; 0 when no step has it.
  func journeyPart(of run: Run, line: Int) -> Int {
    // All on the journey page: no need to read a journey from its store.
    guard run.stepCount > PageScheme.stepsPerJourneyPage else { return 0 }
    return problemParts.part(of: run, line: line) {
      app.diagnostics.filter { $0.file == run.file }.map(\.line)
        + run.flaggedInstances.flatMap { [$0.startLine, $0.finishLine, $0.orphanedLine].compactMap { $0 } }
    }
  }

  /// The part of a journey of `steps` that lists the first step of trace line `line`; 0 when
  /// no step has it.
  static func journeyPart(in steps: [JourneyStep], line: Int) -> Int {
    // Steps come in trace order, so their lines never decrease: search by halves.
    let first = steps.partitionPoint { $0.line < line }
    return first < steps.count && steps[first].line == line ? first / PageScheme.stepsPerJourneyPage : 0
  }

  /// One page of the app.
  enum Page: Sendable {
    /// `journey(run, part: 0)` is the journey page; later parts list the rest of its steps.
    case index, flow(Flow), screen(ScreenType), journey(Run, part: Int), problems, changes, gallery

    /// The diagrams the page shows.
    func subjects() -> [DiagramSubject] {
      switch self {
      case .index: [.hierarchy, .appMap]
      case .flow(let flow): [.flow(coordinator: flow.coordinator)]
      case .screen(let screen): [.screen(type: screen.type)]
      case .journey(let run, let part): part == 0 ? [.journey(run: run.slug)] : []
      case .problems, .changes, .gallery: []
      }
    }
  }

  /// Every page of the app with its file name inside the folder, in a fixed order.
  func pageList() -> [(name: String, page: Page)] { Self.pageList(of: app, hasChanges: changes != nil) }

  /// Every page of `app` with its file name inside its folder, in a fixed order: the one list
  /// of them, which the build writes and the sanitizer lets diagrams link to.
  static func pageList(of app: AppModel, hasChanges: Bool) -> [(name: String, page: Page)] {
    var list: [(name: String, page: Page)] = [(PageScheme.index, .index)]
    if hasChanges { list.append((PageScheme.changes, .changes)) }
    if hasGallery(app) { list.append((PageScheme.gallery, .gallery)) }
    list += app.flows.map { (PageScheme.flowPage($0.slug), .flow($0)) }
    list += app.screens.map { (PageScheme.screenPage($0.slug), .screen($0)) }
    for run in app.runs {
      for part in 0..<journeyParts(run) {
        list.append((PageScheme.journeyPage(run.slug, part: part), .journey(run, part: part)))
      }
    }
    return list + [(PageScheme.problems, .problems)]
  }

  /// The page's document, showing `diagrams` (raw SVG from the provider; a missing one is
  /// shown as "no diagram").
  ///
  /// - Throws: ``SiteError/unsafeDiagram(name:reason:)`` when a diagram fails the sanitizer.
  /// - Returns: the page's pieces, and each diagram it shows as an SVG file of its own (name in
  ///   the app folder, pieces), which the page's "Open as SVG" links open.
  func html(of page: Page, diagrams: [DiagramSubject: [UInt8]]) throws(SiteError)
    -> (pieces: [[UInt8]], svgFiles: [(name: String, pieces: [[UInt8]])])
  {
    var pages = self
    pages.diagrams = diagrams
    pages.standalone = StandaloneDiagrams()
    let pieces: [[UInt8]]
    switch page {
    case .index: pieces = try pages.indexPage()
    case .flow(let flow): pieces = try pages.flowPage(flow)
    case .screen(let screen): pieces = try pages.screenPage(screen)
    case .journey(let run, let part): pieces = try pages.journeyPage(run, part: part)
    case .problems: pieces = pages.problemsPage()
    case .changes: pieces = try pages.changesPage()
    case .gallery: pieces = pages.galleryPage()
    }
    return (pieces, pages.standalone.files)
  }

  // MARK: Links

  func flowHref(_ coordinator: String) -> String? { flowSlugs[coordinator].map(PageScheme.flowPage) }

  /// A screen type's page; nil for a type the app does not know.
  func screenHref(_ type: String) -> String? { screens[type].map { PageScheme.screenPage($0.slug) } }

  func screen(_ type: String) -> ScreenType? { screens[type] }

  func run(forFile file: String) -> Run? { runsByFile[file] }

  /// A screen type's name, linking to its page.
  func screenRef(_ type: String) -> HTML {
    screenRefs[type].map(HTML.rendered) ?? Self.reference("screen-name", type, href: screenHref(type))
  }

  /// A coordinator type's name, linking to its flow page.
  func flowRef(_ coordinator: String) -> HTML {
    flowRefs[coordinator].map(HTML.rendered)
      ?? Self.reference("flow-name", coordinator, href: flowHref(coordinator))
  }

  /// ``screenRef(_:)`` appended as markup.
  func appendScreenRef(_ type: String, to out: inout [UInt8]) {
    if let markup = screenRefs[type] { out += markup } else { screenRef(type).render(into: &out) }
  }

  /// ``flowRef(_:)`` appended as markup.
  func appendFlowRef(_ coordinator: String, to out: inout [UInt8]) {
    if let markup = flowRefs[coordinator] { out += markup } else { flowRef(coordinator).render(into: &out) }
  }

  /// A type's name in `<code>`, in a link when there is somewhere to go.
  private static func reference(_ style: String, _ name: String, href: String?) -> HTML {
    let code = HTML.el("code", [.cls(style)], [.text(name)])
    return href.map { .a(href: $0, [code]) } ?? code
  }

  // MARK: Frame

  /// The page in the site frame, with this app's sidebar.
  func document(title: String, current: String, crumbs: [(label: String, href: String?)], main: [HTML])
    -> [[UInt8]]
  {
    layout.documentPieces(
      PageLayout.Page(
        root: "../", title: title.isEmpty ? app.name : "\(title) · \(app.name)",
        breadcrumbs: [
          ("All apps", "../" + PageScheme.index),
          (app.name, current == PageScheme.index ? nil : PageScheme.index),
        ]
          + crumbs,
        sidebar: sidebar(current: current), main: main))
  }

  /// The sidebar for the page `current`: the app's sidebar rendered once (``RenderedSidebar``)
  /// with `aria-current` added to that page's link.
  private func sidebar(current: String) -> HTML {
    renderedSidebar.html(current: current) {
      Self.sidebarTree(
        app: app, folder: folder, siblings: siblings, hasChanges: changes != nil, current: current)
    }
  }

  /// The app's navigation: its overview and problems, its flows, its journeys and the other
  /// apps; the link to `current` (nil for none) is marked as the current page.
  /// The sidebar: the app's overview, changes, problems and flows, its journeys (listed by the
  /// site's script), and the other apps; past ``maximumListed`` flows or apps, a link to where
  /// they are all listed instead.
  ///
  /// It holds nothing that a new run changes (no journey, no count), so that adding a run
  /// rewrites only the pages that show that run or its counts; the site's script lists the
  /// journeys from the search index, and without it "All journeys" leads to them.
  static func sidebarTree(
    app: AppModel, folder: String, siblings: [(name: String, folder: String)], hasChanges: Bool = false,
    current: String?
  ) -> HTML {
    func item(_ href: String, _ content: [HTML]) -> HTML {
      .el("li", [], [.a(href: href, content, [.aria("current", href == current ? "page" : nil)])])
    }
    var sections: [HTML] = [
      .el("p", [.cls("nav-app")], [.text(app.name)]),
      .el(
        "ul", [],
        [
          item(PageScheme.index, [.text("Overview")])
        ] + (hasChanges ? [item(PageScheme.changes, [.text("Changes")])] : [])
          + (hasGallery(app) ? [item(PageScheme.gallery, [.text("Gallery")])] : []) + [
            item(PageScheme.problems, [.text("Problems")])
          ]),
    ]
    if !app.flows.isEmpty {
      sections.append(.el("p", [.cls("nav-section")], [.text("Flows")]))
      sections.append(
        .el(
          "ul", [],
          app.flows.count <= maximumListed
            ? app.flows.map { item(PageScheme.flowPage($0.slug), [.text($0.coordinator)]) }
            : [item(PageScheme.index + "#flows", [.text("All \(app.flows.count) flows")])]))
    }
    if !app.runs.isEmpty {
      sections.append(.el("p", [.cls("nav-section")], [.text("Journeys")]))
      sections.append(
        .el(
          "ul",
          [.cls("nav-journeys"), .attr("data-app", folder), .attr("data-limit", String(maximumListed))],
          [item(PageScheme.index + "#journeys", [.text("All journeys")])]))
    }
    if !siblings.isEmpty {
      sections.append(.el("p", [.cls("nav-section")], [.text("Other apps")]))
      sections.append(
        .el(
          "ul", [],
          siblings.count <= maximumListed
            ? siblings.map { item("../" + PageScheme.inApp($0.folder, PageScheme.index), [.text($0.name)]) }
            : [item("../" + PageScheme.index, [.text("All \(siblings.count + 1) apps")])]))
    }
    return Self.sidebarFrame(label: "\(app.name) navigation", sections)
  }

  /// The most flows, journeys (listed by the site's script) and other apps the sidebar lists by
  /// name (and runs of one name a journey page links); past it, one link to the page that lists
  /// them all. Every page carries the sidebar, so listing all of them grew a site with the square
  /// of their number (2,000 one-run apps made 959 MB; 8,000 flows of one app, 2.7 GB).
  static let maximumListed = 40

  static func sidebarFrame(label: String, _ sections: [HTML]) -> HTML {
    .el(
      "nav", [.cls("sidebar"), .aria("label", label)],
      [
        // Shown on small screens only, where the navigation folds away above the page.
        .el(
          "button",
          [
            .cls("nav-toggle"), .attr("type", "button"), .aria("expanded", "false"),
            .aria("controls", "nav-body"),
          ],
          [.text("Menu")]),
        .el(
          "div", [.id("nav-body"), .cls("nav-body")],
          [
            .el(
              "label", [.attr("for", "nav-filter"), .cls("visually-hidden")], [.text("Filter the navigation")]
            ),
            .el(
              "input",
              [
                .id("nav-filter"), .cls("nav-filter"), .attr("type", "search"),
                .attr("placeholder", "Filter…"),
                .attr("autocomplete", "off"),
              ]),
            .el("div", [.cls("nav-lists")], sections),
          ]),
      ])
  }

  // MARK: Diagrams

  /// Whether this app's pages can show `svg`: what the sanitizer accepts (it refuses anything
  /// that could run or leave the site). A diagram read back from the cache is checked so
  /// before it is used.
  func accepts(_ svg: [UInt8]) -> Bool {
    var usedIDs: Set<String> = []
    return (try? sanitizer.sanitize(svg, name: "", rootAttributes: [], usedIDs: &usedIDs)) != nil
  }

  /// The subject's diagram in a figure, sanitized, or a note that there is none.
  func figure(_ subject: DiagramSubject, id: String, caption: String, usedIDs: inout Set<String>)
    throws(SiteError)
    -> HTML
  {
    try figure(
      svg: diagrams[subject], file: subject.stem(in: app), id: id, caption: caption,
      usedIDs: &usedIDs)
  }

  /// A diagram's SVG in a figure, sanitized, with its tools and, when `file` names one, an SVG
  /// file of its own beside the page; or a note that there is none.
  func figure(svg: [UInt8]?, file: String?, id: String, caption: String, usedIDs: inout Set<String>)
    throws(SiteError)
    -> HTML
  {
    let captionID = "\(id)-caption"
    usedIDs.insert(captionID)
    guard let svg else {
      return .el(
        "figure", [.cls("diagram diagram-missing"), .id(id)],
        [.p(text: "No diagram was drawn for this."), .el("figcaption", [.id(captionID)], [.text(caption)])])
    }
    let markup = try sanitizer.sanitize(
      svg, name: "\(caption) (app \(app.name))",
      rootAttributes: [.aria("labelledby", captionID), .cls("diagram-svg")],
      usedIDs: &usedIDs)
    var tools: [HTML] = [
      Self.button("zoom-out", "−", label: "Zoom out (−)"),
      Self.button("zoom-fit", "Fit", label: "Fit to the width (0)"),
      Self.button("zoom-in", "+", label: "Zoom in (+)"),
      Self.button("full-screen", "Full screen", label: "Full screen"),
    ]
    if let name = file {
      standalone.add(name: name + ".svg", pieces: [StandaloneDiagrams.prolog, markup])
      tools.append(.a(href: name + ".svg", text: "Open as SVG", [.cls("open-svg")]))
    }
    return .el(
      "figure", [.cls("diagram"), .id(id)],
      [
        // Shown by the site's script, which makes them work.
        .el(
          "div",
          [.cls("diagram-tools"), .attr("hidden", ""), .attr("role", "toolbar"), .aria("label", "Diagram")],
          tools),
        .el(
          "div",
          [.cls("diagram-scroll"), .attr("tabindex", "0"), .attr("role", "region"), .aria("label", caption)],
          [.rendered(markup)]),
        .el("figcaption", [.id(captionID)], [.text(caption)]),
      ])
  }

  /// A button the site's script gives its work: class `name`, its label also its tooltip.
  static func button(_ name: String, _ text: String, label: String) -> HTML {
    .el(
      "button", [.attr("type", "button"), .cls(name), .aria("label", label), .attr("title", label)],
      text: text)
  }
}

/// The diagrams a page showed, sanitized, as SVG files of their own: collected while the page
/// is built, written beside it. A file is kept as pieces (the XML prolog, then the markup the
/// page inlines), so that its megabyte of markup is not copied to be written.
final class StandaloneDiagrams: Sendable {
  static let prolog = Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8) + [0x0A]

  private let collected = Lock<[(name: String, pieces: [[UInt8]])]>([])

  /// Keeps `pieces` as the file `name`, replacing what a first drawing of the figure kept.
  func add(name: String, pieces: [[UInt8]]) {
    collected.withLock { files in
      files.removeAll { $0.name == name }
      files.append((name, pieces))
    }
  }

  var files: [(name: String, pieces: [[UInt8]])] { collected.withLock { $0 } }
}

/// A sidebar rendered once without a current page, and where each link's `aria-current`
/// attribute goes, so that a page copies bytes instead of building, writing and freeing a
/// tree of a few hundred links (an app with a hundred journeys has that many on every page).
///
/// The links are read back from the rendered bytes, so they cannot drift from the tree: every
/// `<a>` of the sidebar is one of its items, and `href` is an `<a>`'s first attribute.
struct RenderedSidebar: Sendable {
  let plain: [UInt8]
  /// Each link written once, as escaped in the markup: the offset just after its `href` value.
  let marks: [[UInt8]: Int]
  /// Links written more than once: marking one is left to the tree.
  let repeated: Set<[UInt8]>

  init(plain tree: HTML) {
    plain = tree.bytes
    let opening = Array(#"<a href=""#.utf8)
    var marks: [[UInt8]: Int] = [:]
    var repeated: Set<[UInt8]> = []
    var index = 0
    // An escaped attribute value holds no `"`: the next one closes it.
    while let start = Self.end(of: opening, in: plain, from: index),
      let close = plain[start...].firstIndex(of: UInt8(ascii: "\""))
    {
      let link = Array(plain[start..<close])
      if marks.updateValue(close + 1, forKey: link) != nil { repeated.insert(link) }
      index = close + 1
    }
    for link in repeated { marks[link] = nil }
    self.marks = marks
    self.repeated = repeated
  }

  /// Where the first `needle` at or after `start` ends, by comparing bytes (`firstRange(of:)`
  /// here is Foundation's generic search; the `site` case runs this for every page).
  static func end(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index] == first && bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return index + needle.count
      }
      index += 1
    }
    return nil
  }

  /// The sidebar with `current`'s link marked; `tree` builds it the slow way for a link
  /// written more than once (never, for names the app's slugs made).
  func html(current: String, tree: () -> HTML) -> HTML {
    var link: [UInt8] = []
    HTML.escapeAttribute(current, into: &link)
    if repeated.contains(link) { return tree() }
    guard let mark = marks[link] else { return .rendered(plain) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(plain.count + 24)
    bytes.append(contentsOf: plain[..<mark])
    bytes.append(contentsOf: #" aria-current="page""#.utf8)
    bytes.append(contentsOf: plain[mark...])
    return .rendered(bytes)
  }
}
