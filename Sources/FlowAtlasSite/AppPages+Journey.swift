import FlowAtlasModel
import FlowAtlasTrace

/// The journey page: one recorded run as numbered steps a person can read.
extension AppPages {
  func journeyPage(_ run: Run) throws(SiteError) -> [UInt8] {
    let title = run.title ?? run.name
    let pageIDs: Set<String> = [
      "main", "search-input", "search-status", "search-results", "theme-toggle", "nav-filter", "details",
      "steps", "coordinators", "problems",
    ]
    let problems = app.diagnostics.filter { $0.file == run.file }
    let caption = "Diagram of the journey “\(title)”"
    var ids = pageIDs
    var diagram = try figure(.journey(run: run.name), id: "diagram", caption: caption, usedIDs: &ids)
    // Steps and problems are anchored `line-N`. Thousands of those ids are not worth telling the
    // sanitizer about for a diagram whose ids never look like them; if one does, draw the figure
    // again with them all, so that the diagram's id is the one dropped.
    let anchored = Set(run.steps.map(\.line) + problems.map(\.line))
    if ids.contains(where: { Self.anchoredLine($0).map(anchored.contains) == true }) {
      ids = pageIDs.union(anchored.map { "line-\($0)" })
      diagram = try figure(.journey(run: run.name), id: "diagram", caption: caption, usedIDs: &ids)
    }

    var main: [HTML] = [
      .el("h1", [], [.el("span", [.cls("kicker")], [.text("Journey")]), .text(title)]),
      details(run, problems: problems.count),
      diagram,
    ]
    var lineAnchors: Set<Int> = []
    func anchor(_ line: Int) -> String? { lineAnchors.insert(line).inserted ? "line-\(line)" : nil }

    let steps: HTML
    if run.steps.isEmpty {
      steps = .p(text: "This run recorded no steps.")
    } else {
      // A long run has thousands of steps: the items are written tag by tag around each
      // step's sentence (nodes, escaped), without a node per item.
      var list: [UInt8] = []
      list.reserveCapacity(run.steps.count * 320)
      HTML.openTag("ol", [.cls("steps")], into: &list)
      for step in run.steps {
        list += "<li".utf8
        if lineAnchors.insert(step.line).inserted {
          list += #" id="line-"#.utf8
          list += String(step.line).utf8
          list.append(UInt8(ascii: "\""))
        }
        HTML.attributes([.cls(stepClass(step.kind))], into: &list)
        list.append(UInt8(ascii: ">"))
        for node in sentence(step.kind) { node.render(into: &list) }
        list += #" <span class="line">line "#.utf8
        list += String(step.line).utf8
        list += "</span></li>".utf8
      }
      HTML.closeTag("ol", into: &list)
      steps = .rendered(list)
    }
    main.append(
      .el("section", [.aria("labelledby", "steps")], [PageLayout.heading(2, id: "steps", "Steps"), steps]))
    main.append(
      .el(
        "section", [.aria("labelledby", "coordinators")],
        [PageLayout.heading(2, id: "coordinators", "Coordinators"), instances(run)]))
    let problemList: HTML =
      problems.isEmpty
      ? .p(text: "No problems in this run.")
      : .el(
        "ul", [.cls("problems")],
        problems.map { problem in
          .el(
            "li", [.id(anchor(problem.line)), .cls("problem \(problem.severity.rawValue)")],
            [
              .el("span", [.cls("badge \(problem.severity.rawValue)")], [.text(problem.severity.rawValue)]),
              .text(" Line \(problem.line): "), .text(problem.message), .text(" "),
              .code(problem.code.rawValue),
            ])
        })
    main.append(
      .el(
        "section", [.aria("labelledby", "problems")],
        [PageLayout.heading(2, id: "problems", "Problems"), problemList]))
    return document(title: title, current: "journey-\(run.slug).html", crumbs: [(title, nil)], main: main)
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
    for entry in run.metadata { rows.append((entry.key, .text(entry.value))) }
    return .el(
      "section", [.aria("labelledby", "details")],
      [
        PageLayout.heading(2, id: "details", "Details"),
        .el(
          "dl", [.cls("details")], rows.flatMap { [HTML.el("dt", [], text: $0.0), .el("dd", [], [$0.1])] }),
      ])
  }

  private func stepClass(_ kind: JourneyStep.Kind) -> String {
    switch kind {
    case .userAction: "step action"
    case .transition(_, _, let kind, _, _): "step transition kind-\(kind.rawValue)"
    case .flowStarted: "step flow-start"
    case .flowFinished: "step flow-finish"
    case .deeplink: "step deeplink"
    case .note: "step note"
    }
  }

  /// "Taps “Log in” on LoginViewController", "AuthCoordinator finishes (loggedIn)" …
  func sentence(_ kind: JourneyStep.Kind) -> [HTML] {
    switch kind {
    case .userAction(let screen, let action, let label):
      var out: [HTML] = [.text("Taps "), Wording.quoted(label ?? action)]
      if label != nil && label != action { out += [.text(" ("), .code(action), .text(")")] }
      return out + [.text(" on "), screenRef(screen)]
    case .transition(_, let to, let kind, let coordinator, let trigger):
      var out: [HTML] = [coordinator.map(flowRef) ?? .text("The app"), .text(" ")]
      out += Wording.showing(kind, screenRef(to))
      if case .deeplink(let url) = trigger { out += [.text(" for "), .code(url)] }
      return out
    case .flowStarted(let coordinator, let parent):
      if let parent { return [flowRef(parent), .text(" starts "), flowRef(coordinator)] }
      return [flowRef(coordinator), .text(" starts as a root flow")]
    case .flowFinished(let coordinator, let output):
      var out: [HTML] = [flowRef(coordinator), .text(" finishes")]
      if let output { out += [.text(" ("), .code(output), .text(")")] }
      return out
    case .deeplink(let url, let coordinator):
      var out: [HTML] = [.text("Opens the deep link "), .code(url)]
      if let coordinator { out += [.text(", handled by "), flowRef(coordinator)] }
      return out
    case .note(let text):
      return [.el("span", [.cls("note-label")], [.text("Note: ")]), .text(text)]
    }
  }

  private func instances(_ run: Run) -> HTML {
    guard !run.instances.isEmpty else { return .p(text: "No coordinators were recorded.") }
    let byID = Dictionary(run.instances.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
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
              run.instances.map { instance in
                let parent: HTML =
                  instance.parent.map { id in
                    .group([.code(id), .text(byID[id].map { " (\($0.type))" } ?? "")])
                  } ?? .text("—")
                let detached: HTML =
                  instance.leaked
                  ? .el("span", [.cls("badge warning")], [.text("leaked")])
                  : .text(instance.detachLine.map { "line \($0)" } ?? "—")
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
