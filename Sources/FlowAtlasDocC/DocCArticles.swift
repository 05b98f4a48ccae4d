import FlowAtlasModel
import FlowAtlasSite
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation

/// One app's articles: its overview, a page per flow and per journey, and its changes.
///
/// Article names are `flowatlas-<app>`, `flowatlas-<app>_flow-<flow>`,
/// `flowatlas-<app>_journey-<run>` and `flowatlas-<app>_changes`, from slugs only; images are
/// `flowatlas-<app>_<diagram>.svg`. A slug has no `_`, so no name of one app's can be another's,
/// and none is the root's, `flowatlas`. Every text from a trace goes through ``DocCMarkdown``.
struct DocCArticles: Sendable {
  let app: AppModel
  let slug: String
  let markdown: DocCMarkdown
  let baseline: AppModel?
  /// The screens whose pictures the catalog holds (``pictureName(_:)``), by type.
  var pictured: [String: CheckedPicture] = [:]

  /// Journey steps listed in an article; a longer run says how many it leaves to the site.
  static let stepsListed = 1_000
  /// Levels of the coordinator hierarchy an app's article lists.
  static let hierarchyDepth = 12
  /// Problems listed in an app's article.
  static let problemsListed = 200

  var name: String { PageScheme.doccArticle(app: slug) }
  func flowName(_ flow: Flow) -> String {
    PageScheme.doccName(app: slug, stem: PageScheme.flowStem(flow.slug))
  }
  func journeyName(_ run: Run) -> String {
    PageScheme.doccName(app: slug, stem: PageScheme.journeyStem(run.slug))
  }
  var changesName: String { PageScheme.doccName(app: slug, stem: PageScheme.changesStem) }
  /// A screen's picture's resource, without its extension.
  func pictureName(_ screen: ScreenType) -> String {
    PageScheme.doccName(app: slug, stem: PageScheme.pictureStem(screen.slug))
  }

  func imageName(_ image: DocCImage) -> String {
    switch image {
    case .changes: return changesName
    case .diagram(let subject):
      return PageScheme.doccName(app: slug, stem: subject.stem(in: app))
    }
  }

  /// Every article of the app: name → Markdown. `drawn` says which images exist.
  func all(drawn: Set<DocCImage>) -> [(String, String)] {
    var articles = [(name, overview(drawn: drawn))]
    // Which flows each run started, from each journey read once (a store may read it from disk):
    // not once per flow.
    var runsThrough: [String: [Run]] = [:]
    for run in app.runs {
      for coordinator in Set(run.journey.instances.map(\.type)) {
        runsThrough[coordinator, default: []].append(run)
      }
    }
    for flow in app.flows {
      articles.append(
        (flowName(flow), flowArticle(flow, runs: runsThrough[flow.coordinator] ?? [], drawn: drawn)))
    }
    for run in app.runs { articles.append((journeyName(run), journeyArticle(run, drawn: drawn))) }
    if let baseline { articles.append((changesName, changesArticle(baseline, drawn: drawn))) }
    return articles
  }

  /// The root article: the technology root of a catalog of its own, else an article of the
  /// module it is merged into. It lists the apps.
  static func root(title: String, apps: [DocCArticles], standalone: Bool) -> String {
    var lines = ["# \(DocCMarkdown.text(title))", ""]
    if standalone { lines += ["@Metadata {", "  @TechnologyRoot", "}", ""] }
    let journeys = apps.reduce(0) { $0 + $1.app.runs.count }
    lines.append(
      "The navigation of \(Wording.count(apps.count, "app")), as \(Self.recorded(journeys)) show"
        + "\(journeys == 1 ? "s" : "") it: which coordinator shows which screen, on what, and what goes wrong. Written by FlowAtlas "
        + "from the apps' traces.")
    lines += ["", "## Topics", "", "### Apps", ""]
    lines += apps.map { "- " + DocCMarkdown.link($0.name) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "1 recorded journey", "3 recorded journeys".
  static func recorded(_ count: Int) -> String { Wording.count(count, "recorded journey") }

  /// The image, or a sentence saying there is none.
  func image(_ image: DocCImage, alt: String, drawn: Set<DocCImage>) -> String {
    guard drawn.contains(image) else { return "No diagram was drawn for this." }
    return "![\(DocCMarkdown.text(alt))](\(imageName(image)).svg)"
  }

  private func overview(drawn: Set<DocCImage>) -> String {
    var lines = ["# \(DocCMarkdown.text(app.name))", ""]
    lines.append(
      "The navigation of \(DocCMarkdown.code(app.name)) as \(Self.recorded(app.runs.count)) "
        + "show\(app.runs.count == 1 ? "s" : "") it: \(Wording.count(app.flows.count, "flow")), \(Wording.count(app.screens.count, "screen")), "
        + "\(Wording.count(app.transitions.count, "transition")) and \(Wording.count(app.diagnostics.count, "problem"))."
    )
    lines += ["", "## Overview", "", "### Coordinator hierarchy", "", "Which flow starts which.", ""]
    lines.append(image(.diagram(.hierarchy), alt: "Coordinator hierarchy of \(app.name)", drawn: drawn))
    lines.append("")
    lines += hierarchyList()
    if !app.containers.isEmpty {
      let items = app.containers.map { container in
        DocCMarkdown.code(container.type)
          + (container.owner.map { ", shown by " + markdown.type($0) } ?? ", shown by no coordinator")
      }
      lines += [
        "",
        "Containers, which show other navigation stacks rather than a screen of their own (the diagrams "
          + "draw the screens they show): " + DocCMarkdown.list(items, conjunction: "and") + ".",
      ]
    }
    lines += ["", "### App map", "", "Every screen, grouped by the flow that shows it.", ""]
    lines.append(image(.diagram(.appMap), alt: "App map of \(app.name)", drawn: drawn))
    lines += ["", "### Flows", ""]
    if app.flows.isEmpty {
      lines.append("No flows were recorded.")
    } else {
      lines += ["| Flow | Screens | Started | Starts | Returns |", "|---|---:|---:|---|---|"]
      for flow in app.flows {
        let coordinator = app.coordinator(flow.coordinator)
        lines.append(
          "| \(DocCMarkdown.link(flowName(flow))) | \(flow.screens.count) | \(coordinator?.starts ?? 0) | "
            + "\(DocCMarkdown.list(flow.children.map { markdown.type($0, inTable: true) }, conjunction: "and")) | "
            + "\(DocCMarkdown.list(flow.outputs.map { DocCMarkdown.code($0, inTable: true) })) |")
      }
    }
    lines += ["", "### Journeys", ""]
    if app.runs.isEmpty {
      lines.append("No journeys were recorded.")
    } else {
      lines += ["| Journey | Run | Steps | Transitions |", "|---|---|---:|---:|"]
      for run in app.runs {
        lines.append(
          "| \(DocCMarkdown.link(journeyName(run))) | \(DocCMarkdown.code(run.name, inTable: true)) | "
            + "\(run.stepCount) | \(run.transitionCount) |")
      }
    }
    lines += ["", "### Problems", ""]
    lines += problems(app.diagnostics, empty: "No problems were found in these traces.")
    lines += ["", "## Topics", ""]
    if !app.flows.isEmpty {
      lines += ["### Flows", ""] + app.flows.map { "- " + DocCMarkdown.link(flowName($0)) } + [""]
    }
    if !app.runs.isEmpty {
      lines += ["### Journeys", ""] + app.runs.map { "- " + DocCMarkdown.link(journeyName($0)) } + [""]
    }
    if baseline != nil { lines += ["### Changes", "", "- " + DocCMarkdown.link(changesName), ""] }
    return lines.joined(separator: "\n")
  }

  /// The hierarchy as a nested list of links to the flows' articles.
  private func hierarchyList() -> [String] {
    guard !app.coordinators.isEmpty else { return ["No coordinators were recorded."] }
    var visited: Set<String> = []
    var lines: [String] = []
    func add(_ type: String, depth: Int) {
      let indent = String(repeating: "  ", count: depth)
      // A chain of flows deeper than anyone reads (a hostile trace's thousands) stops here.
      guard depth < Self.hierarchyDepth else {
        guard !visited.contains(type) else { return }
        var pending = [type]
        while let next = pending.popLast() {
          if visited.insert(next).inserted { pending += app.coordinator(next)?.children ?? [] }
        }
        lines.append("\(indent)- Deeper flows are in the diagram above.")
        return
      }
      guard visited.insert(type).inserted else {
        lines.append("\(indent)- \(flowLink(type)) (shown above)")
        return
      }
      lines.append("\(indent)- \(flowLink(type))")
      for child in app.coordinator(type)?.children ?? [] { add(child, depth: depth + 1) }
    }
    let roots = app.coordinators.filter { $0.parents.isEmpty }.map(\.type)
    for type in roots.isEmpty ? app.coordinators.map(\.type) : roots { add(type, depth: 0) }
    for type in app.coordinators.map(\.type) where !visited.contains(type) { add(type, depth: 0) }
    return lines
  }

  /// A link to a flow's article, or its type when it has none.
  func flowLink(_ coordinator: String) -> String {
    app.flow(coordinator).map { DocCMarkdown.link(flowName($0)) } ?? markdown.type(coordinator)
  }

  /// A bulleted list of problems, each at its trace line; at most ``problemsListed``.
  func problems(_ diagnostics: [Diagnostic], empty: String) -> [String] {
    guard !diagnostics.isEmpty else { return [empty] }
    var lines = diagnostics.prefix(Self.problemsListed).map { problem in
      "- \(problem.severity.rawValue.capitalized), line \(problem.line) of "
        + "\(DocCMarkdown.code((problem.file as NSString).lastPathComponent)): "
        + "\(DocCMarkdown.text(problem.message)) (\(DocCMarkdown.code(problem.code.rawValue)))"
    }
    if diagnostics.count > Self.problemsListed {
      lines.append(
        "- And \(diagnostics.count - Self.problemsListed) more, left out here; FlowAtlas's site "
          + "(`flowatlas build`) lists them all.")
    }
    return lines
  }
}
