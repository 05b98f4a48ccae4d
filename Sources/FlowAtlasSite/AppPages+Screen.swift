import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTrace

/// The screen page: one screen type on its own, for a screen of a big app to be studied without
/// its flow: its titles and flow, its neighbourhood drawn, every way in and out, the journeys
/// that showed it and the problems at their steps.
extension AppPages {
  func screenPage(_ screen: ScreenType) throws(SiteError) -> [[UInt8]] {
    var ids: Set<String> = [
      "main", "search-input", "search-status", "search-results", "theme-toggle", "nav-filter",
      "ways-in", "ways-out", "journeys", "problems",
    ]
    let type = screen.type
    var lead: [HTML] = [.text("Shown \(Wording.times(screen.visits))")]
    if !screen.titles.isEmpty {
      lead += [.text(", titled ")] + Wording.orList(screen.titles.map(Wording.quoted))
    }
    if let owner = screen.owner {
      lead += [.text(", by the "), flowRef(owner), .text(" flow")]
      if let href = flowHref(owner) {
        lead += [
          .text(" ("),
          .a(href: "\(href)#\(PageScheme.screenAnchor(screen.slug))", text: "what it leads to there"),
          .text(")"),
        ]
      }
    } else {
      lead.append(.text(", by no flow the traces name"))
    }
    lead.append(.text("."))
    var main: [HTML] = [
      .el("h1", [], [.el("span", [.cls("kicker")], [.text("Screen")]), .text(type)]),
      .el("p", [.cls("lead")], lead),
    ]
    if let picture = screen.picture { main.append(Self.screenshot(picture, of: type)) }
    main += [
      try figure(
        .screen(type: type), id: "diagram", caption: "What leads to \(type), and what it leads to",
        usedIDs: &ids)
    ]
    let (into, outOf) = screenVisits.ways(of: type, in: app)
    main += section(
      "ways-in", "Ways in",
      into.isEmpty
        ? [.p(text: "No recorded run reached this screen.")]
        : [
          .el("ul", [.cls("sentences")], into.map { .el("li", [], transitionSentence($0, showSource: true)) })
        ])
    main += section(
      "ways-out", "Ways out",
      outOf.isEmpty
        ? [.p(text: "Nothing leads on from this screen in the recorded runs.")]
        : [
          .el(
            "ul", [.cls("sentences")],
            outOf.map { .el("li", [], transitionSentence($0, showSource: false, fromHere: true)) })
        ])
    let visits = screenVisits.visits(of: type, in: app)
    main += section("journeys", "Journeys that show it", journeysShowing(visits))
    main += section("problems", "Problems", problems(of: screen, at: visits))
    return document(
      title: type, current: PageScheme.screenPage(screen.slug), crumbs: [(type, nil)], main: main)
  }

  /// A screen's picture as the app recorded it, at the size it was taken (the stylesheet fits it).
  static func screenshot(_ picture: CheckedPicture, of type: String) -> HTML {
    .el(
      "figure", [.cls("screenshot")],
      [
        .el(
          "img",
          [
            .attr(
              "src", "../" + PageScheme.picture(hash: picture.hash, fileExtension: picture.fileExtension)),
            .attr("width", String(picture.width)), .attr("height", String(picture.height)),
            .attr("alt", "\(type) as a run showed it"),
          ]),
        .el(
          "figcaption", [],
          [.text("As a recorded run showed it (\(picture.width) × \(picture.height) pixels)")]),
      ])
  }

  /// Each run that showed the screen, linking to the first step that did.
  private func journeysShowing(_ visits: ScreenVisits.Visits) -> [HTML] {
    guard !visits.firstSteps.isEmpty else { return [.p(text: "No recorded journey shows it.")] }
    return [
      .el(
        "ul", [],
        visits.firstSteps.map { run, step in
          let part = (step - 1) / PageScheme.stepsPerJourneyPage
          return .el(
            "li", [],
            [
              .a(
                href: "\(PageScheme.journeyPage(run.slug, part: part))#step-\(step)",
                text: run.title ?? run.name),
              .el("span", [.cls("meta")], [.text(" — from step \(step)")]),
            ])
        })
    ]
  }

  /// The problems recorded while the screen was shown, and those with its screenshots; and where
  /// its flow's problems are.
  private func problems(of screen: ScreenType, at visits: ScreenVisits.Visits) -> [HTML] {
    var indices = screenVisits.problemsWhileShown(of: screen.type, in: self)
    for line in visits.lines { indices.formUnion(screenVisits.problems(at: line, in: app)) }
    let found = indices.sorted().map { app.diagnostics[$0] }
    var flow: [HTML] = []
    if let owner = screen.owner, let href = flowHref(owner) {
      flow = [
        .p([
          .text("The problems of its flow are on "), .a(href: href + "#problems", text: owner),
          .text("'s page."),
        ])
      ]
    }
    guard !found.isEmpty else {
      return [.p(text: "No problem was recorded while it was shown, nor with its screenshots.")] + flow
    }
    return flow + [
      .el(
        "ul", [],
        found.map { diagnostic in
          let place: HTML =
            run(forFile: diagnostic.file).map {
              .a(href: journeyHref($0, line: diagnostic.line), text: $0.title ?? $0.name)
            }
            ?? .code(diagnostic.file)
          return .el(
            "li", [],
            [
              place, .text(", line \(diagnostic.line): \(diagnostic.message) "),
              .code(diagnostic.code.rawValue),
            ])
        })
    ]
  }
}

/// Which runs showed each screen (from each run's first showings), where its screenshots are, the
/// transitions into it and out of it, and the problems at each trace line: made once per app, the
/// first time a screen page asks, then shared by every screen page of it (a page per screen reading
/// every run, transition or problem of the app made a big app's pages quadratic).
final class ScreenVisits: Sendable {
  struct Line: Hashable, Sendable {
    var file: String
    var line: Int
  }

  struct Visits: Sendable {
    /// Each run that showed the screen, in the app's order, with the first step (from 1) that did.
    var firstSteps: [(run: Run, step: Int)] = []
    /// The trace lines of the screen's screenshots (`screen.image`).
    var lines: Set<Line> = []
  }

  private let table = Lock<[String: Visits]?>(nil)
  /// By screen type, the indices (in the app's diagnostics) of the problems recorded while it was
  /// the screen shown.
  private let shown = Lock<[String: Set<Int>]?>(nil)
  /// By screen type, the transitions that reach it and those that leave it, in the app's order.
  private let transitions = Lock<[String: (into: [Transition], outOf: [Transition])]?>(nil)
  /// By trace line, the indices (in the app's diagnostics) of the problems reported there.
  private let problemLines = Lock<[Line: [Int]]?>(nil)

  /// The transitions that reach `type` and those that leave it, in the order `model.json` lists
  /// them (``Transition/exportOrder``).
  func ways(of type: String, in app: AppModel) -> (into: [Transition], outOf: [Transition]) {
    let ways: (into: [Transition], outOf: [Transition])
    if let known = transitions.withLock({ $0 }) {
      ways = known[type] ?? ([], [])
    } else {
      // Two pages may make the table at once: both find the same transitions.
      var found: [String: (into: [Transition], outOf: [Transition])] = [:]
      for transition in app.transitions {
        found[transition.to, default: ([], [])].into.append(transition)
        if let from = transition.from { found[from, default: ([], [])].outOf.append(transition) }
      }
      transitions.withLock { if $0 == nil { $0 = found } }
      ways = found[type] ?? ([], [])
    }
    return (ways.into.sorted(by: Transition.exportOrder), ways.outOf.sorted(by: Transition.exportOrder))
  }

  /// The indices, in `app`'s diagnostics, of the problems reported at `line`.
  func problems(at line: Line, in app: AppModel) -> [Int] {
    if let known = problemLines.withLock({ $0 }) { return known[line] ?? [] }
    var found: [Line: [Int]] = [:]
    for (index, diagnostic) in app.diagnostics.enumerated() {
      found[Line(file: diagnostic.file, line: diagnostic.line), default: []].append(index)
    }
    problemLines.withLock { if $0 == nil { $0 = found } }
    return found[line] ?? []
  }

  /// The indices, in `pages`' app's diagnostics, of the problems at a trace line read while `type`
  /// was the screen shown (``Run/screensAtProblems``, which the replay noted: no journey is read).
  /// Made once per app.
  func problemsWhileShown(of type: String, in pages: AppPages) -> Set<Int> {
    if let known = shown.withLock({ $0 }) { return known[type] ?? [] }
    var found: [String: Set<Int>] = [:]
    var screens: [String: [Int: String]] = [:]
    for run in pages.app.runs where !run.screensAtProblems.isEmpty {
      screens[run.file] = Dictionary(
        run.screensAtProblems.map { ($0.line, $0.screenType) }, uniquingKeysWith: { first, _ in first })
    }
    for (index, diagnostic) in pages.app.diagnostics.enumerated() where diagnostic.isOnItsLinesScreen {
      if let screen = screens[diagnostic.file]?[diagnostic.line] { found[screen, default: []].insert(index) }
    }
    shown.withLock { if $0 == nil { $0 = found } }
    return found[type] ?? []
  }

  func visits(of type: String, in app: AppModel) -> Visits {
    if let known = table.withLock({ $0 }) { return known[type] ?? Visits() }
    // Two pages may make the table at once: both find the same visits.
    var found: [String: Visits] = [:]
    for run in app.runs {
      for showing in run.firstShown {
        found[showing.screenType, default: Visits()].firstSteps.append((run, showing.step))
      }
    }
    // The lines of the screenshots of each screen: where a picture it could not show is reported.
    // No journey is read: a site reads each once, for its pages.
    for run in app.runs {
      for picture in run.pictures {
        found[picture.screenType, default: Visits()].lines.insert(Line(file: run.file, line: picture.line))
      }
    }
    table.withLock { if $0 == nil { $0 = found } }
    return found[type] ?? Visits()
  }
}
