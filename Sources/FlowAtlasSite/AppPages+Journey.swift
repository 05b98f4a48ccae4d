import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace

/// The journey page: one recorded run as numbered steps a person can read. A long run's steps
/// go on over further pages (``PageScheme/stepsPerJourneyPage`` each), linked from every one of them.
extension AppPages {
  func journeyPage(_ run: Run, part: Int = 0) throws(SiteError) -> [[UInt8]] {
    let title = run.title ?? run.name
    // Read once: a store may read it from disk on every use.
    let journey = run.journey
    let allSteps = journey.steps
    let parts = Self.journeyParts(run)
    let perPage = PageScheme.stepsPerJourneyPage
    let shown = min(part * perPage, allSteps.count)..<min((part + 1) * perPage, allSteps.count)
    let steps = allSteps[shown]
    let problems = part == 0 ? app.diagnostics.filter { $0.file == run.file } : []
    var main: [HTML] = [.el("h1", [], [.el("span", [.cls("kicker")], [.text("Journey")]), .text(title)])]
    if part == 0 {
      let pageIDs: Set<String> = [
        "main", "search-input", "search-status", "search-results", "theme-toggle", "nav-filter", "details",
        "steps", "coordinators", "problems",
      ]
      let caption = "Diagram of the journey “\(title)”"
      var ids = pageIDs
      var diagram = try figure(.journey(run: run.slug), id: "diagram", caption: caption, usedIDs: &ids)
      // Steps are anchored `step-K`, their lines and problems `line-N`. Thousands of those ids
      // are not worth telling the sanitizer about for a diagram whose ids never look like them;
      // if one does, draw the figure again with them all, so that the diagram's id is dropped.
      if ids.contains(where: { Self.anchoredLine($0) != nil || Self.anchoredStep($0) != nil }) {
        let anchored = Set(steps.map(\.line) + problems.map(\.line))
        if ids.contains(where: {
          Self.anchoredLine($0).map(anchored.contains) == true
            || Self.anchoredStep($0).map(shown.contains) == true
        }) {
          ids = pageIDs.union(anchored.map(PageScheme.lineAnchor)).union(shown.map { "step-\($0 + 1)" })
          diagram = try figure(.journey(run: run.slug), id: "diagram", caption: caption, usedIDs: &ids)
        }
      }
      main += [details(run, problems: problems.count)]
      if !steps.isEmpty { main += player(steps: allSteps.count) }
      main.append(diagram)
    }

    // The first step or problem of a trace line carries its anchor `line-N` (a flag per line
    // of the trace: fewer bytes than the trace itself).
    let firstLine = part == 0 ? 0 : steps.first?.line ?? 0
    let lastLine = max(steps.last?.line ?? 0, problems.lazy.map(\.line).max() ?? 0, firstLine)
    var isAnchored = [Bool](repeating: false, count: lastLine - firstLine + 1)
    func anchor(_ line: Int) -> Bool {
      let index = line - firstLine
      guard isAnchored.indices.contains(index), !isAnchored[index] else { return false }
      isAnchored[index] = true
      return true
    }

    var stepList: [HTML] = []
    if allSteps.isEmpty {
      stepList.append(.p(text: "This run recorded no steps."))
    } else {
      // A long run has thousands of steps: each item is written straight as bytes, without a
      // node per item or per word.
      var list: [UInt8] = []
      list.reserveCapacity(steps.count * 320)
      // Transitions are numbered as the diagram numbers its nodes, from the run's start.
      var transitions = allSteps[..<shown.lowerBound].count {
        if case .transition = $0.kind { true } else { false }
      }
      let pictures = hasPictures ? StepPictures(run, steps: allSteps) : nil
      list += #"<ol class="steps""#.utf8
      if shown.lowerBound > 0 {
        list += #" start=""#.utf8
        Self.appendDecimal(shown.lowerBound + 1, to: &list)
        list += #"" data-transitions-before=""#.utf8
        Self.appendDecimal(transitions, to: &list)
        list.append(UInt8(ascii: "\""))
        // The picture the player shows until this page's first transition: that of the screen
        // the last transition before it showed (empty for a screen without one), and the step it
        // pictured when the run took it.
        let lastTransition = allSteps[..<shown.lowerBound].lastIndex {
          if case .transition = $0.kind { true } else { false }
        }
        if let pictures, let last = lastTransition, case .transition(_, let to, _, _, _) = allSteps[last].kind
        {
          let before = pictures.picture(at: last, showing: to, fallback: screen(to)?.picture)
          list += #" data-picture-before=""#.utf8
          if let before { Self.appendPicturePath(before.picture, to: &list) }
          list.append(UInt8(ascii: "\""))
          if let step = before?.step {
            list += #" data-picture-step-before=""#.utf8
            Self.appendDecimal(step + 1, to: &list)
            list.append(UInt8(ascii: "\""))
          }
        }
      }
      list.append(UInt8(ascii: ">"))
      for (offset, step) in steps.enumerated() {
        var transition: Int?
        if case .transition = step.kind {
          transitions += 1
          transition = transitions
        }
        write(
          step, number: shown.lowerBound + offset + 1, transition: transition, anchored: anchor(step.line),
          pictures: pictures, into: &list)
      }
      list += "</ol>".utf8
      if part > 0 { stepList += player(steps: allSteps.count) }
      if parts > 1 {
        stepList.append(.p(text: "Steps \(shown.lowerBound + 1)–\(shown.upperBound) of \(allSteps.count)."))
        stepList.append(pager(run, part: part, label: "Pages of steps"))
      }
      stepList.append(.rendered(list))
      if parts > 1 { stepList.append(pager(run, part: part, label: "Pages of steps, again")) }
    }
    main.append(
      .el("section", [.aria("labelledby", "steps")], [PageLayout.heading(2, id: "steps", "Steps")] + stepList)
    )
    guard part == 0 else {
      return document(
        title: "\(title), steps \(shown.lowerBound + 1)–\(shown.upperBound)",
        current: PageScheme.journeyPage(run.slug, part: part),
        crumbs: [
          (title, PageScheme.journeyPage(run.slug)),
          ("Steps \(shown.lowerBound + 1)–\(shown.upperBound)", nil),
        ],
        main: main)
    }
    main.append(
      .el(
        "section", [.aria("labelledby", "coordinators")],
        [PageLayout.heading(2, id: "coordinators", "Coordinators"), instances(journey.instances)]))
    let problemList: HTML =
      problems.isEmpty
      ? .p(text: "No problems in this run.")
      : .el(
        "ul", [.cls("problems")],
        problems.map { problem in
          // A problem whose step is listed on a later page links there.
          let onLaterPage = journeyPart(of: run, line: problem.line) > 0
          return .el(
            "li",
            [
              .id(anchor(problem.line) ? PageScheme.lineAnchor(problem.line) : nil),
              .cls("problem \(problem.severity.rawValue)"),
            ],
            [
              .el("span", [.cls("badge \(problem.severity.rawValue)")], [.text(problem.severity.rawValue)]),
              .text(" Line \(problem.line): "), .text(problem.message), .text(" "),
              .code(problem.code.rawValue),
            ]
              + (onLaterPage
                ? [.text(" "), .a(href: journeyHref(run, line: problem.line), text: "See the step")] : []))
        })
    main.append(
      .el(
        "section", [.aria("labelledby", "problems")],
        [PageLayout.heading(2, id: "problems", "Problems"), problemList]))
    return document(
      title: title, current: PageScheme.journeyPage(run.slug), crumbs: [(title, nil)], main: main)
  }

  /// Links to every page of `run`'s steps, the current one marked.
  private func pager(_ run: Run, part current: Int, label: String) -> HTML {
    let count = run.stepCount
    return .el(
      "nav", [.cls("pager"), .aria("label", label)],
      [
        .el(
          "ul", [],
          (0..<Self.journeyParts(run)).map { part in
            let perPage = PageScheme.stepsPerJourneyPage
            let text = "\(part * perPage + 1)–\(min((part + 1) * perPage, count))"
            return .el(
              "li", [],
              [
                part == current
                  ? .el("span", [.aria("current", "page")], text: text)
                  : .a(href: PageScheme.journeyPage(run.slug, part: part), text: text)
              ])
          })
      ])
  }

  /// The journey player's controls, shown and run by the site's script: previous, play or
  /// pause, next, a position slider, and where it is, read out as it moves.
  static func player(steps: Int) -> HTML {
    .el(
      "div",
      [.cls("player"), .attr("hidden", ""), .attr("role", "group"), .aria("label", "Play the journey")],
      [
        button("player-previous", "‹ Previous", label: "Previous step (←)"),
        button("player-play", "Play", label: "Play the journey step by step"),
        button("player-next", "Next ›", label: "Next step (→)"),
        .el(
          "input",
          [
            .attr("type", "range"), .cls("player-slider"), .attr("min", "0"), .attr("max", "0"),
            .attr("value", "0"), .aria("label", "Step"),
          ]),
        .el(
          "output", [.cls("player-status"), .aria("live", "polite")], text: "\(steps) steps: press Play or →."
        ),
      ])
  }

  /// K for an id `step-K`, else nil.
  static func anchoredStep(_ id: String) -> Int? {
    guard id.hasPrefix("step-") else { return nil }
    return Int(id.dropFirst(5)).map { $0 - 1 }
  }

  /// N for an id `line-N`, else nil.
  static func anchoredLine(_ id: String) -> Int? {
    guard id.hasPrefix("line-") else { return nil }
    return Int(id.dropFirst(5))
  }

  private func details(_ run: Run, problems: Int) -> HTML {
    var rows: [(String, HTML)] = [
      ("Run", .code(run.name)),
      ("Trace file", .code(run.file)),
      ("Events", .text(String(run.events))),
      ("Transitions", .text(String(run.transitionCount))),
      ("Problems", problems == 0 ? .text("none") : .a(href: "#problems", text: String(problems))),
    ]
    if let title = run.title { rows.insert(("Title", .text(title)), at: 1) }
    // A name the spec says is unique, given to other runs too: each keeps its own page and
    // diagram, and says which others share its name.
    let others = (namesakes[run.name] ?? []).filter { $0.slug != run.slug }
    if !others.isEmpty {
      var links: [HTML] = []
      // Linked by name up to the sidebar's limit: past it, every page linking every namesake
      // would grow the site with the square of their number.
      for other in others.prefix(Self.maximumListed) {
        if !links.isEmpty { links.append(.text(", ")) }
        links.append(.a(href: PageScheme.journeyPage(other.slug), text: other.file))
      }
      if others.count > Self.maximumListed {
        links += [
          .text(" and "),
          .a(href: PageScheme.index + "#journeys", text: "\(others.count - Self.maximumListed) more"),
        ]
      }
      rows.insert(("Same run name as", .el("span", [], links)), at: 1)
    }
    for entry in run.metadata { rows.append((entry.key, .text(entry.value))) }
    return .el(
      "section", [.aria("labelledby", "details")],
      [
        PageLayout.heading(2, id: "details", "Details"),
        .el(
          "dl", [.cls("details")], rows.flatMap { [HTML.el("dt", [], text: $0.0), .el("dd", [], [$0.1])] }),
      ])
  }

  /// One step as a list item: `<li id="step-K" data-transition="T" data-picture="P" data-picture-step="S"
  /// class="step …">sentence <span class="line" id="line-N">line N</span></li>`; `transition` numbers
  /// the transitions as the diagram does, and `anchored` puts the line's anchor on the first step of
  /// a line. `pictures`: what the player shows, when the app has pictures.
  private func write(
    _ step: JourneyStep, number: Int, transition: Int?, anchored: Bool, pictures: StepPictures?,
    into out: inout [UInt8]
  ) {
    out += #"<li id="step-"#.utf8
    Self.appendDecimal(number, to: &out)
    if let transition {
      out += #"" data-transition=""#.utf8
      Self.appendDecimal(transition, to: &out)
    }
    // The picture of the screen the step shows, for the player (empty for a screen without one):
    // a hash and an extension only; and the step it pictured, when the run took it.
    if let pictures, case .transition(_, let to, _, _, _) = step.kind {
      let shown = pictures.picture(at: number - 1, showing: to, fallback: screen(to)?.picture)
      out += #"" data-picture=""#.utf8
      if let shown { Self.appendPicturePath(shown.picture, to: &out) }
      if let pictured = shown?.step {
        out += #"" data-picture-step=""#.utf8
        Self.appendDecimal(pictured + 1, to: &out)
      }
    }
    out += #"" class="step "#.utf8
    switch step.kind {
    case .userAction: out += "action".utf8
    case .transition(_, _, let kind, _, _):
      out += "transition kind-".utf8
      out.append(utf8: kind.rawValue)
    case .flowStarted: out += "flow-start".utf8
    case .flowFinished: out += "flow-finish".utf8
    case .deeplink: out += "deeplink".utf8
    case .note: out += "note".utf8
    }
    out += "\">".utf8
    writeSentence(step.kind, into: &out)
    out += #" <span class="line""#.utf8
    if anchored {
      out += #" id="line-"#.utf8
      Self.appendDecimal(step.line, to: &out)
      out.append(UInt8(ascii: "\""))
    }
    out += #">line "#.utf8
    Self.appendDecimal(step.line, to: &out)
    out += "</span></li>".utf8
  }

  /// The path of `picture` from a page of the app's folder: a hash and an extension only.
  private static func appendPicturePath(_ picture: CheckedPicture, to out: inout [UInt8]) {
    out += "../".utf8
    out.append(utf8: PageScheme.picture(hash: picture.hash, fileExtension: picture.fileExtension))
  }

  /// The player, and the picture of the screen it is on when the runs took screenshots: its
  /// image is made by the script, which knows which (an `img` needs its `src`).
  private func player(steps: Int) -> [HTML] {
    [Self.player(steps: steps)]
      + (hasPictures
        ? [.el("figure", [.cls("player-picture"), .attr("hidden", "")], [.el("figcaption", [], [])])] : [])
  }

  /// `number` in decimal, without making a `String` (a journey writes two per step).
  static func appendDecimal(_ number: Int, to out: inout [UInt8]) {
    guard number >= 0 else { return out.append(utf8: String(number)) }
    var divisor = 1
    while divisor <= number / 10 { divisor *= 10 }
    var rest = number
    while divisor > 0 {
      out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// "Taps “Log in” on LoginViewController", "AuthCoordinator finishes (loggedIn)" …, as
  /// markup: text escaped, names linked (``screenRef(_:)``, ``flowRef(_:)``).
  func writeSentence(_ kind: JourneyStep.Kind, into out: inout [UInt8]) {
    func text(_ words: String) { HTML.escapeText(words, into: &out) }
    switch kind {
    case .userAction(let screen, let action, let label):
      text("Taps ")
      Wording.quoted(label ?? action).render(into: &out)
      if let label, label != action {
        text(" (")
        HTML.code(action).render(into: &out)
        text(")")
      }
      text(" on ")
      appendScreenRef(screen, to: &out)
    case .transition(_, let to, let kind, let coordinator, let trigger):
      if case .system(let gesture) = trigger {
        text("The person ")
        for part in Wording.gesture(gesture) { part.render(into: &out) }
        text(", and the system")
      } else if let coordinator {
        appendFlowRef(coordinator, to: &out)
      } else {
        text("The app")
      }
      text(" ")
      let words = Wording.showingWords(kind)
      text(words.before)
      appendScreenRef(to, to: &out)
      text(words.after)
      if case .deeplink(let url) = trigger {
        text(" for ")
        HTML.code(url).render(into: &out)
      }
    case .flowStarted(let coordinator, let parent):
      if let parent {
        appendFlowRef(parent, to: &out)
        text(" starts ")
        appendFlowRef(coordinator, to: &out)
      } else {
        appendFlowRef(coordinator, to: &out)
        text(" starts as a root flow")
      }
    case .flowFinished(let coordinator, let output):
      appendFlowRef(coordinator, to: &out)
      text(" finishes")
      if let output {
        text(" (")
        HTML.code(output).render(into: &out)
        text(")")
      }
    case .deeplink(let url, let coordinator):
      text("Opens the deep link ")
      HTML.code(url).render(into: &out)
      if let coordinator {
        text(", handled by ")
        appendFlowRef(coordinator, to: &out)
      }
    case .note(let note):
      HTML.el("span", [.cls("note-label")], [.text("Note: ")]).render(into: &out)
      text(note)
    }
  }

  private func instances(_ instances: [CoordinatorInstance]) -> HTML {
    guard !instances.isEmpty else { return .p(text: "No coordinators were recorded.") }
    let byID = Dictionary(instances.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return .el(
      "div", HTML.Attribute.tableScroll(label: "Coordinator instances of this run"),
      [
        .el(
          "table", [],
          [
            .el("caption", [.cls("visually-hidden")], [.text("Coordinator instances of this run")]),
            .el(
              "thead", [],
              [
                .el(
                  "tr", [],
                  ["Coordinator", "Instance", "Parent", "Started", "Finished", "Output", "Detached"].map {
                    .el("th", [.attr("scope", "col")], text: $0)
                  })
              ]),
            .el(
              "tbody", [],
              instances.map { instance in
                let parent: HTML =
                  instance.parent.map { id in
                    .group([.code(id), .text(byID[id].map { " (\($0.type))" } ?? "")])
                  } ?? .text("—")
                let detached: HTML =
                  if instance.leaked {
                    .el("span", [.cls("badge warning")], [.text("leaked")])
                  } else if let line = instance.orphanedLine {
                    .el("span", [.cls("badge warning")], [.text("orphaned after line \(line)")])
                  } else {
                    .text(instance.detachLine.map { "line \($0)" } ?? "—")
                  }
                return .el(
                  "tr", [],
                  [
                    .el("th", [.attr("scope", "row")], [flowRef(instance.type)]),
                    .el("td", [], [.code(instance.id)]),
                    .el("td", [], [parent]),
                    .el("td", [], text: "line \(instance.startLine)"),
                    .el("td", [], text: instance.finishLine.map { "line \($0)" } ?? "—"),
                    .el("td", [], [instance.output.map { .code($0) } ?? .text("—")]),
                    .el("td", [], [detached]),
                  ])
              }),
          ])
      ])
  }
}
