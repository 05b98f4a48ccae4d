import FlowAtlasModel
import Foundation

/// The flow page: one coordinator type explained in words, its diagram, screens and problems.
extension AppPages {
  func flowPage(_ flow: Flow) throws(SiteError) -> [[UInt8]] {
    var ids: Set<String> = [
      "main", "search-input", "search-status", "search-results", "theme-toggle", "nav-filter",
    ]
    for type in flow.screens { ids.insert(PageScheme.screenAnchor(screen(type)?.slug ?? Slug.make(type))) }
    ids.formUnion(["reached", "screens", "child-flows", "ends", "screen-table", "notes", "problems"])
    let coordinator = app.coordinator(flow.coordinator)
    var main: [HTML] = [
      .el("h1", [], [.el("span", [.cls("kicker")], [.text("Flow")]), .text(flow.coordinator)]),
      .el(
        "p", [.cls("lead")],
        summary(flow, coordinator) + (changeMark(of: flow).map { [.text(" "), $0] } ?? [])),
      try figure(
        .flow(coordinator: flow.coordinator), id: "diagram",
        caption: "Diagram of the \(flow.coordinator) flow", usedIDs: &ids),
    ]
    main += section("reached", "How it is reached", reached(flow))
    main += section("screens", "What each screen leads to", screensInWords(flow))
    main += section("child-flows", "Child flows", children(flow))
    main += section("ends", "How it ends", ends(flow, coordinator))
    main += section("screen-table", "Screens", [screenTable(flow)])
    if let contract = contracts[flow.coordinator] {
      ids.insert("contract")
      main += section(
        "contract", "Contract", contractCoverage(ContractCoverage(contract: contract, app: app)))
    }
    if let notes = notes[flow.coordinator] {
      main += section("notes", "Notes", [.el("div", [.cls("notes")], [.trusted(notes)])])
    }
    main += section("problems", "Problems", flowProblems(flow))
    return document(
      title: flow.coordinator, current: PageScheme.flowPage(flow.slug), crumbs: [(flow.coordinator, nil)],
      main: main)
  }

  /// How much of the flow's contract the recorded runs exercised, and what they did besides.
  private func contractCoverage(_ coverage: ContractCoverage) -> [HTML] {
    let total = coverage.contract.edges.count
    func edgeText(_ edge: NavigationContract.Edge) -> [HTML] {
      [edge.from.map(screenRef) ?? .text("the flow's start"), .text(" → "), screenRef(edge.to)]
        + (edge.action.map { [.text(" on "), .code($0)] } ?? [])
        + [.el("span", [.cls("meta")], [.text(" (line \(edge.line))")])]
    }
    var out: [HTML] = [
      .el(
        "p", [.cls("coverage")],
        [
          .el("strong", [], [.text("\(coverage.percent)% covered: ")]),
          .text(
            "the recorded runs exercised \(coverage.exercised.count) of the \(Wording.count(total, "transition")) "
              + "its contract intends ("),
          .code((coverage.contract.file as NSString).lastPathComponent), .text(")."),
        ])
    ]
    if !coverage.uncovered.isEmpty {
      out.append(.p(text: "Never exercised:"))
      out.append(
        .el("ul", [.cls("contract-uncovered")], coverage.uncovered.map { .el("li", [], edgeText($0)) }))
    }
    if !coverage.unexpected.isEmpty {
      out.append(.p(text: "Recorded, but not in the contract:"))
      out.append(
        .el(
          "ul", [.cls("contract-unexpected")],
          coverage.unexpected.map { .el("li", [], transitionSentence($0, showSource: true)) }))
    }
    return out
  }

  func section(_ id: String, _ title: String, _ content: [HTML]) -> [HTML] {
    [.el("section", [.aria("labelledby", id)], [PageLayout.heading(2, id: id, title)] + content)]
  }

  private func summary(_ flow: Flow, _ coordinator: CoordinatorType?) -> [HTML] {
    var out: [HTML] = [
      flowRef(flow.coordinator), .text(" owns \(Wording.count(flow.screens.count, "screen"))"),
    ]
    if let coordinator {
      out.append(.text(" and was started \(Wording.times(coordinator.starts)) in the recorded runs"))
    }
    out.append(.text(". "))
    if let parents = coordinator?.parents, !parents.isEmpty {
      out += [.text("It is started by ")] + Wording.orList(parents.map(flowRef)) + [.text(". ")]
    } else {
      out.append(.text("It is a root flow: nothing starts it. "))
    }
    if !flow.children.isEmpty {
      out +=
        [.text("It starts ")] + Wording.orList(flow.children.map(flowRef), conjunction: "and") + [.text(". ")]
    }
    if !flow.outputs.isEmpty {
      out +=
        [.text("It returns ")] + Wording.orList(flow.outputs.map { .code($0) }) + [.text(" to its parent.")]
    }
    if isUnattributed(flow) {
      // The sentences before end in ". ", except the one about outputs.
      let space = flow.outputs.isEmpty ? "" : " "
      if hasUnattributedNavigation {
        out += [
          .text(
            space
              + "No navigation was attributed to it: what it showed names no coordinator in the traces ("),
          .a(href: PageScheme.index + "#unattributed", text: "unattributed navigation"), .text(")."),
        ]
      } else {
        // Every transition names its coordinator, so it showed nothing a router records (an alert, say).
        out.append(
          .text(space + "It showed no screen in the traces: what it shows without a router is not recorded."))
      }
    }
    return out
  }

  /// The sentence for one transition, seen from its source: "when …, X pushes Y (3 times)".
  /// - Parameters:
  ///   - showSource: start with the screen it leaves (or the run's start).
  ///   - fromHere: start with "From here", on the page of the screen it leaves.
  func transitionSentence(_ transition: Transition, showSource: Bool, fromHere: Bool = false) -> [HTML] {
    var out: [HTML] = []
    if fromHere {
      out.append(.text("From here, "))
    } else if showSource {
      if let from = transition.from {
        out += [.text("From ")] + [screenRef(from)]
        if let owner = screen(from)?.owner { out += [.text(" (in "), flowRef(owner), .text(")")] }
        out.append(.text(", "))
      } else {
        out.append(.text("When a run begins, "))
      }
    }
    // "automatically" reads best after the verb; a trigger reads best before it.
    if !transition.triggers.isEmpty {
      out += Wording.trigger(
        transition.triggers, gestures: Wording.gestures(of: transition), deeplinks: transition.deeplinks)
      out.append(.text(Wording.afterTriggers(transition)))
    }
    if transition.isSystem {
      out.append(.text(out.isEmpty ? "The system" : "the system"))
    } else if let coordinator = transition.coordinator {
      out.append(flowRef(coordinator))
    } else {
      out.append(.text(out.isEmpty ? "The app" : "the app"))
    }
    out.append(.text(" "))
    out += Wording.showing(transition.kind, screenRef(transition.to))
    // The screen's flow right after the screen, so that no later clause seems to own it.
    if let owner = screen(transition.to)?.owner, owner != transition.coordinator, !showSource {
      out += [.text(" in "), flowRef(owner)]
    }
    if transition.triggers.isEmpty { out.append(.text(" automatically")) }
    if transition.isSystem, let coordinator = transition.coordinator {
      out += [.text(Wording.systemCoordinatorWords(transition)), flowRef(coordinator)]
    } else if transition.system > 0, !transition.isSystem {
      out.append(.text(" (\(Wording.times(transition.system)) by the system)"))
    }
    out.append(.el("span", [.cls("meta")], [.text(" — \(Wording.times(transition.count))")]))
    out.append(.text("."))
    return out
  }

  private func reached(_ flow: Flow) -> [HTML] {
    guard !flow.entries.isEmpty else {
      return [.p(text: "No recorded run entered this flow's screens from outside it.")]
    }
    return [
      .el(
        "ul", [.cls("sentences")],
        flow.entries.map { .el("li", [], transitionSentence($0, showSource: true)) })
    ]
  }

  private func screensInWords(_ flow: Flow) -> [HTML] {
    guard !flow.screens.isEmpty else {
      if isUnattributed(flow) {
        return [.p(text: "No screen is attributed to this flow: the traces do not say what it showed.")]
      }
      return [.p(text: "This flow shows no screens of its own: it coordinates child flows.")]
    }
    let leaving = flow.internalTransitions + flow.exits
    return flow.screens.map { type in
      let slug = screen(type)?.slug ?? Slug.make(type)
      let outgoing = leaving.filter { $0.from == type }.sorted(by: Transition.exportOrder)
      var content: [HTML] = [
        PageLayout.heading(
          3, id: PageScheme.screenAnchor(slug), [screenRef(type)], label: type)
      ]
      if let picture = screen(type)?.picture { content.append(Self.thumbnail(picture, of: type)) }
      if let titles = screen(type)?.titles, !titles.isEmpty {
        content.append(.p([.text("Titled ")] + Wording.orList(titles.map(Wording.quoted)) + [.text(".")]))
      }
      if outgoing.isEmpty {
        content.append(.p(text: "Nothing leads on from this screen in the recorded runs."))
      } else {
        content.append(
          .el(
            "ul", [.cls("sentences")],
            outgoing.map { .el("li", [], transitionSentence($0, showSource: false)) }))
      }
      return .el("div", [.cls("screen-block")], content)
    }
  }

  private func children(_ flow: Flow) -> [HTML] {
    guard !flow.children.isEmpty else { return [.p(text: "It starts no child flows.")] }
    return [
      .el(
        "ul", [.cls("sentences")],
        flow.children.map { child in
          var line: [HTML] = [.text("Starts "), flowRef(child)]
          if let outputs = app.coordinator(child)?.outputs, !outputs.isEmpty {
            line += [.text(", which returns ")] + Wording.orList(outputs.map { .code($0) }) + [.text(".")]
          } else {
            line.append(.text(", which was not seen returning a result."))
          }
          return .el("li", [], line)
        })
    ]
  }

  private func ends(_ flow: Flow, _ coordinator: CoordinatorType?) -> [HTML] {
    var out: [HTML] = []
    if !flow.outputs.isEmpty {
      out.append(
        .p([.text("It finishes with ")] + Wording.orList(flow.outputs.map { .code($0) }) + [.text(".")]))
    } else {
      out.append(.p(text: Wording.endsWithoutOutput(isRoot: coordinator?.parents.isEmpty ?? true)))
    }
    if !flow.exits.isEmpty {
      out.append(.p(text: "Its screens lead out of the flow:"))
      out.append(
        .el(
          "ul", [.cls("sentences")],
          flow.exits.map { .el("li", [], transitionSentence($0, showSource: true)) }))
    }
    if let leaks = coordinator?.leaks, leaks > 0 {
      out.append(
        .el(
          "p", [.cls("callout warning")],
          [
            .strong("Leak: "),
            .text("\(Wording.count(leaks, "instance")) finished but stayed attached to the parent. See "),
            .a(href: "#problems", text: "Problems"), .text("."),
          ]))
    }
    if let orphans = coordinator?.orphans, orphans > 0 {
      out.append(
        .el(
          "p", [.cls("callout warning")],
          [
            .strong("Orphaned: "),
            .text(
              "\(Wording.count(orphans, "instance")) never finished after the person left its screens "
                + "(the back button, a swipe or a tab) or the stack was replaced. See "),
            .a(href: "#problems", text: "Problems"), .text("."),
          ]))
    }
    return out
  }

  private func screenTable(_ flow: Flow) -> HTML {
    guard !flow.screens.isEmpty else { return .p(text: "No screens.") }
    return .el(
      "div", HTML.Attribute.tableScroll(label: "Screens of \(flow.coordinator)"),
      [
        .el(
          "table", [],
          [
            .el("caption", [.cls("visually-hidden")], [.text("Screens of \(flow.coordinator)")]),
            .el(
              "thead", [],
              [
                .el(
                  "tr", [],
                  [
                    .el("th", [.attr("scope", "col")], text: "Screen"),
                    .el("th", [.attr("scope", "col")], text: "Titles"),
                    .el("th", [.attr("scope", "col"), .cls("num")], text: "Visits"),
                  ])
              ]),
            .el(
              "tbody", [],
              flow.screens.map { type in
                let info = screen(type)
                return .el(
                  "tr", [],
                  [
                    .el(
                      "th", [.attr("scope", "row")],
                      [
                        .a(
                          href: "#" + PageScheme.screenAnchor(info?.slug ?? Slug.make(type)),
                          [.el("code", [], [.text(type)])])
                      ]
                        + (screenChangeMark(type).map { [.text(" "), $0] } ?? [])
                    ),
                    .el("td", [], text: info?.titles.joined(separator: ", ") ?? ""),
                    .el("td", [.cls("num")], text: String(info?.visits ?? 0)),
                  ])
              }),
          ])
      ])
  }

  private func flowProblems(_ flow: Flow) -> [HTML] {
    var items: [HTML] = []
    for run in app.runs {
      for instance in run.flaggedInstances where instance.type == flow.coordinator && instance.leaked {
        let line = instance.finishLine ?? instance.startLine
        items.append(
          .el(
            "li", [],
            [
              .text("Instance "), .code(instance.id), .text(" in journey "),
              .a(href: journeyHref(run, line: line), text: run.title ?? run.name),
              .text(" finished at line \(line) but was never detached from its parent (coordinator-leak)."),
            ]))
      }
      for instance in run.flaggedInstances where instance.type == flow.coordinator {
        guard let line = instance.orphanedLine else { continue }
        items.append(
          .el(
            "li", [],
            [
              .text("Instance "), .code(instance.id), .text(" in journey "),
              .a(href: journeyHref(run, line: line), text: run.title ?? run.name),
              .text(
                " showed no screen any more after line \(line) but never finished (orphaned-coordinator): "
                  + "finish the flow when the system removes its first screen, so its parent removes it."),
            ]))
      }
    }
    guard !items.isEmpty else { return [.p(text: "No problems recorded for this flow.")] }
    var listed = (leaks: 0, orphans: 0)
    for run in app.runs {
      for instance in run.flaggedInstances where instance.type == flow.coordinator {
        if instance.leaked { listed.leaks += 1 }
        if instance.orphanedLine != nil { listed.orphans += 1 }
      }
    }
    let counted = app.coordinator(flow.coordinator).map { ($0.leaks, $0.orphans) } ?? (0, 0)
    for (kind, total, shown) in [
      ("leaked", counted.0, listed.leaks), ("orphaned", counted.1, listed.orphans),
    ] where total > shown {
      items.append(
        .el(
          "li", [],
          text: "\(total - shown) more \(kind) instances of this flow are not listed: a run lists at most "
            + "\(Run.flaggedPerKind) of each kind."))
    }
    return [.el("ul", [.cls("problems")], items)]
  }
}
