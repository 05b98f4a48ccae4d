import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader

/// The app's overview and problems pages.
extension AppPages {
  func indexPage() throws(SiteError) -> [[UInt8]] {
    var ids: Set<String> = [
      "main", "search-input", "search-status", "search-results", "theme-toggle", "nav-filter", "at-a-glance",
      "hierarchy", "app-map", "flows", "journeys", "problems", "hierarchy-caption", "app-map-caption",
      "map-focus-input", "map-focus-list",
    ]
    let problemCount = app.diagnostics.count
    var main: [HTML] = [
      .el("h1", [], [.el("span", [.cls("kicker")], [.text("App")]), .text(app.name)]),
      .el(
        "ul", [.cls("stats")],
        [
          stat(app.flows.count, "flow"), stat(app.screens.count, "screen"),
          stat(app.transitions.count, "transition"),
          stat(app.runs.count, "journey"), stat(problemCount, "problem"),
        ]),
      .el(
        "section", [.aria("labelledby", "at-a-glance")],
        [
          PageLayout.heading(2, id: "at-a-glance", "Navigation at a glance"),
          .p(text: "The coordinator hierarchy: which flow starts which."),
          try figure(
            .hierarchy, id: "hierarchy", caption: "Coordinator hierarchy of \(app.name)", usedIDs: &ids),
          hierarchyList(),
          containersParagraph(),
          .p(
            text:
              "The app map: every screen, grouped by the flow that shows it (a big app's, one box per flow). "
              + "Select a box to read about it, or focus the map on a flow or a screen and what is one step "
              + "away."
          ),
          mapFocus(),
          try figure(.appMap, id: "app-map", caption: "App map of \(app.name)", usedIDs: &ids),
        ]),
    ]
    if let changes = changesSection() {
      ids.insert("changes")
      main.append(changes)
    }
    main.append(
      .el(
        "section", [.aria("labelledby", "flows")], [PageLayout.heading(2, id: "flows", "Flows"), flowTable()])
    )
    if let unattributed = unattributedSection() {
      ids.insert("unattributed")
      main.append(unattributed)
    }
    main.append(
      .el(
        "section", [.aria("labelledby", "journeys")],
        [PageLayout.heading(2, id: "journeys", "Journeys"), journeyTable()]))
    main.append(
      .el(
        "section", [.aria("labelledby", "problems")],
        [PageLayout.heading(2, id: "problems", "Problems"), problemSummary()]))
    return document(title: "", current: PageScheme.index, crumbs: [], main: main)
  }

  /// The app map's focus: a flow or a screen picked here, the site's script dims the rest of the
  /// map but for what leads to it and what it leads to, one step each way (on a map of flows, a
  /// screen is its flow's box). Each choice names its page, and a screen its flow's, which the
  /// map's boxes link to; no trace text reaches the attributes but as escaped values. Hidden
  /// until the script shows it.
  private func mapFocus() -> HTML {
    var choices: [HTML] = []
    for flow in app.flows {
      guard let page = flowHref(flow.coordinator) else { continue }
      choices.append(
        .el("option", [.attr("value", flow.coordinator), .attr("label", "Flow"), .data("page", page)]))
    }
    for screen in app.screens {
      guard let page = screenHref(screen.type) else { continue }
      choices.append(
        .el(
          "option",
          [
            .attr("value", screen.type), .attr("label", "Screen"), .data("page", page),
            .data("flow", screen.owner.flatMap(flowHref)),
          ]))
    }
    return .el(
      "div", [.cls("map-focus"), .attr("hidden", "")],
      [
        .el("label", [.attr("for", "map-focus-input")], text: "Focus the map on a flow or a screen:"),
        .el(
          "input",
          [
            .attr("type", "text"), .id("map-focus-input"), .attr("list", "map-focus-list"),
            .attr("autocomplete", "off"), .attr("spellcheck", "false"),
          ]),
        .el("datalist", [.id("map-focus-list")], choices),
        Self.button("map-focus-clear", "Show all", label: "Show the whole map"),
        .el("p", [.cls("map-focus-status"), .attr("role", "status")]),
      ])
  }

  private func stat(_ count: Int, _ noun: String) -> HTML {
    .el(
      "li", [],
      [
        .el("span", [.cls("stat-value")], [.text(String(count))]),
        .text(" " + (count == 1 ? noun : noun + "s")),
      ])
  }

  /// How deep the hierarchy's list nests; a branch deeper than that is listed flat at that depth,
  /// each flow with the one that started it. An app's hierarchy is a few levels deep; a trace's may
  /// be thousands, which nested would exhaust the stack of the thread writing the page.
  static let hierarchyListDepth = 16

  /// The hierarchy as a nested list: the diagram's text alternative.
  private func hierarchyList() -> HTML {
    let roots = app.coordinators.filter { $0.parents.isEmpty }.map(\.type)
    guard !app.coordinators.isEmpty else { return .p(text: "No coordinators were recorded.") }
    var visited: Set<String> = []
    func shownAbove(_ type: String) -> HTML {
      .el("li", [], [flowRef(type), .el("span", [.cls("meta")], [.text(" (shown above)")])])
    }
    func node(_ type: String, depth: Int) -> HTML {
      guard visited.insert(type).inserted else { return shownAbove(type) }
      let children = app.coordinator(type)?.children ?? []
      guard !children.isEmpty else { return .el("li", [], [flowRef(type)]) }
      guard depth < Self.hierarchyListDepth else {
        return .el("li", [], [flowRef(type), .el("ul", [], flatList(below: type, children))])
      }
      return .el("li", [], [flowRef(type), .el("ul", [], children.map { node($0, depth: depth + 1) })])
    }
    // Every flow below `parent`, depth first in the order the nested list would give.
    func flatList(below parent: String, _ children: [String]) -> [HTML] {
      var items: [HTML] = []
      var pending = children.reversed().map { (type: $0, parent: parent) }
      while let (type, parent) = pending.popLast() {
        guard visited.insert(type).inserted else {
          items.append(shownAbove(type))
          continue
        }
        items.append(
          .el(
            "li", [],
            [
              flowRef(type),
              .el("span", [.cls("meta")], [.text(" (started by "), flowRef(parent), .text(")")]),
            ]))
        pending += (app.coordinator(type)?.children ?? []).reversed().map { ($0, type) }
      }
      return items
    }
    // A hierarchy without a root (a cycle) still lists every type.
    let starts = roots.isEmpty ? app.coordinators.map(\.type) : roots
    var items = starts.map { node($0, depth: 1) }
    for type in app.coordinators.map(\.type) where !visited.contains(type) {
      items.append(node(type, depth: 1))
    }
    return .el("ul", [.cls("tree"), .aria("label", "Coordinator hierarchy")], items)
  }

  /// The containers (tab bar controllers, navigation controllers presented with a flow of their
  /// own), which the diagrams do not draw: each with the flow that shows it. Nothing without any.
  private func containersParagraph() -> HTML {
    guard !app.containers.isEmpty else { return .group([]) }
    let items = app.containers.map { container -> HTML in
      .group(
        [.code(container.type)]
          + (container.owner.map { [.text(", shown by "), flowRef($0)] } ?? [
            .text(", shown by no coordinator")
          ]))
    }
    return .el(
      "p", [],
      [
        .text(
          "Containers, which show other navigation stacks rather than a screen of their own (the diagrams draw "
            + "the screens they show): ")
      ] + Wording.orList(items, conjunction: "and") + [.text(".")])
  }

  private func flowTable() -> HTML {
    guard !app.flows.isEmpty else { return .p(text: "No flows were recorded.") }
    return table(
      caption: "Flows of \(app.name)", headers: ["Flow", "Screens", "Started", "Starts", "Returns"],
      numeric: [1, 2],
      rows: app.flows.map { flow in
        let coordinator = app.coordinator(flow.coordinator)
        return [
          .group([flowRef(flow.coordinator)] + (changeMark(of: flow).map { [.text(" "), $0] } ?? [])),
          .text(String(flow.screens.count)),
          .text(String(coordinator?.starts ?? 0)),
          .group(Wording.orList(flow.children.map(flowRef), conjunction: "and")),
          .group(Wording.orList(flow.outputs.map { .code($0) })),
        ]
      })
  }

  /// Whether a flow was started but neither shows screens, nor starts children, nor is named by
  /// any navigation: a coordinator the app did not bind its router to. (One with children and
  /// no screens is a container, like an app coordinator.)
  /// Whether some transition names no coordinator: the overview then has its section.
  var hasUnattributedNavigation: Bool { app.transitions.contains { $0.coordinator == nil } }

  func isUnattributed(_ flow: Flow) -> Bool {
    flow.screens.isEmpty && flow.children.isEmpty
      && !app.transitions.contains { $0.coordinator == flow.coordinator }
  }

  /// What the traces do not say who asked for: transitions that name no coordinator, the
  /// screens only they showed, and the flows none of whose navigation names them. `nil` when
  /// every transition names its coordinator.
  private func unattributedSection() -> HTML? {
    guard hasUnattributedNavigation else { return nil }
    let transitions = app.transitions.filter { $0.coordinator == nil }
    var content: [HTML] = [
      PageLayout.heading(2, id: "unattributed", "Unattributed navigation"),
      .p(
        text:
          "\(Wording.count(transitions.count, "transition")) \(transitions.count == 1 ? "names" : "name") "
          + "no coordinator: the traces do not say "
          + "which coordinator asked for them (a coordinator whose router is not bound to it, or code outside "
          + "every coordinator). The app map draws them; no flow claims them, and nothing is guessed."),
    ]
    let screens = app.screens.filter { $0.owner == nil }.map(\.type)
    if !screens.isEmpty {
      content.append(
        .el(
          "p", [],
          [.text("Screens no coordinator showed: ")]
            + Wording.orList(screens.map(screenRef), conjunction: "and") + [.text(".")]))
    }
    let flows = app.flows.filter(isUnattributed).map(\.coordinator)
    if !flows.isEmpty {
      content.append(
        .el(
          "p", [],
          [.text("Flows that were started but to which no navigation was attributed: ")]
            + Wording.orList(flows.map(flowRef), conjunction: "and") + [.text(".")]))
    }
    content.append(
      .el(
        "ul", [.cls("sentences")],
        transitions.map { .el("li", [], transitionSentence($0, showSource: true)) }))
    return .el("section", [.aria("labelledby", "unattributed")], content)
  }

  private func journeyTable() -> HTML {
    guard !app.runs.isEmpty else { return .p(text: "No journeys were recorded.") }
    return table(
      caption: "Journeys of \(app.name)", headers: ["Journey", "Run", "Steps", "Transitions"],
      numeric: [2, 3],
      rows: app.runs.map { run in
        [
          .a(href: PageScheme.journeyPage(run.slug), text: run.title ?? run.name), .code(run.name),
          .text(String(run.stepCount)), .text(String(run.transitionCount)),
        ]
      })
  }

  private func problemSummary() -> HTML {
    var counts: [String: Int] = [:]
    for diagnostic in app.diagnostics { counts[diagnostic.code.rawValue, default: 0] += 1 }
    guard !counts.isEmpty else { return .p(text: "No problems were found in these traces.") }
    return .group([
      .el(
        "ul", [.cls("problem-counts")],
        counts.keys.sorted().map { code in
          .el("li", [], [.code(code), .text(": \(counts[code]!)")])
        }),
      .p([.a(href: PageScheme.problems, text: "See every problem with its journey and line")]),
    ])
  }

  func table(caption: String, headers: [String], numeric: Set<Int> = [], rows: [[HTML]]) -> HTML {
    .el(
      "div", HTML.Attribute.tableScroll(label: caption),
      [
        .el(
          "table", [],
          [
            .el("caption", [.cls("visually-hidden")], [.text(caption)]),
            .el(
              "thead", [],
              [
                .el(
                  "tr", [],
                  headers.enumerated().map { index, header in
                    .el(
                      "th", [.attr("scope", "col"), .cls(numeric.contains(index) ? "num" : nil)], text: header
                    )
                  })
              ]),
            .el(
              "tbody", [],
              rows.map { cells in
                .el(
                  "tr", [],
                  cells.enumerated().map { index, cell in
                    index == 0
                      ? .el("th", [.attr("scope", "row")], [cell])
                      : .el("td", [.cls(numeric.contains(index) ? "num" : nil)], [cell])
                  })
              }),
          ])
      ])
  }

  func problemsPage() -> [[UInt8]] {
    var main: [HTML] = [.el("h1", [], [.el("span", [.cls("kicker")], [.text("Problems")]), .text(app.name)])]
    if app.diagnostics.isEmpty {
      main.append(.p(text: "No problems were found in these traces."))
    } else {
      main.append(
        .p(
          text:
            "Every problem the reader found, with the trace line it is on. Select one to see it in its journey."
        ))
      main.append(
        Self.problemTable(app.diagnostics, caption: "Problems of \(app.name)") { diagnostic in
          run(forFile: diagnostic.file).map { journeyHref($0, line: diagnostic.line) }
        })
    }
    return document(title: "Problems", current: PageScheme.problems, crumbs: [("Problems", nil)], main: main)
  }

  /// Diagnostics as a table, each location linking where `href` says.
  static func problemTable(_ diagnostics: [Diagnostic], caption: String, href: (Diagnostic) -> String?)
    -> HTML
  {
    .el(
      "div", HTML.Attribute.tableScroll(label: caption),
      [
        .el(
          "table", [.cls("problems-table")],
          [
            .el("caption", [.cls("visually-hidden")], [.text(caption)]),
            .el(
              "thead", [],
              [
                .el(
                  "tr", [],
                  ["Where", "Severity", "Code", "Message"].map {
                    .el("th", [.attr("scope", "col")], text: $0)
                  })
              ]),
            .el(
              "tbody", [],
              diagnostics.map { diagnostic in
                let location = "\(diagnostic.file):\(diagnostic.line)"
                let place: HTML = href(diagnostic).map { .a(href: $0, [.code(location)]) } ?? .code(location)
                return .el(
                  "tr", [.cls(diagnostic.severity.rawValue)],
                  [
                    .el("th", [.attr("scope", "row")], [place]),
                    .el(
                      "td", [],
                      [
                        .el(
                          "span", [.cls("badge \(diagnostic.severity.rawValue)")],
                          [.text(diagnostic.severity.rawValue)])
                      ]),
                    .el("td", [], [.code(diagnostic.code.rawValue)]),
                    .el("td", [], text: diagnostic.message),
                  ])
              }),
          ])
      ])
  }
}
