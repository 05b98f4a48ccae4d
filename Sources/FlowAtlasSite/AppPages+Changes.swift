import FlowAtlasModel

/// What changed in an app since a baseline (`flowatlas build --baseline`): the Changes page's
/// input, and the marks other pages show.
struct AppChanges: Sendable {
  /// The baseline's app name (the same app, or the one it is compared with).
  var baseline: String
  var diff: NavigationDiff
  /// The diagram of both versions, from the provider; nil when it draws none.
  var svg: [UInt8]?
  /// The flow each removed screen belonged to in the baseline, where it belonged to one.
  var removedScreenOwners: [String: String] = [:]

  init(baseline: AppModel, app: AppModel, svg: [UInt8]?) {
    self.baseline = baseline.name
    diff = NavigationDiff(old: baseline, new: app)
    self.svg = svg
    // Named as the diff names them (a baseline without modules takes the app's).
    let owners = Dictionary(
      baseline.matchingModules(of: app).screens.map { ($0.type, $0.owner) },
      uniquingKeysWith: { first, _ in first })
    for screen in diff.removedScreens {
      if let owner = owners[screen] ?? nil { removedScreenOwners[screen] = owner }
    }
  }

  /// What changed in `flow`: whether it is new, and how many of its screens were added and
  /// removed, of its transitions (entries, internal, exits) added, removed and taken another way,
  /// and of screens moved; nil when nothing did.
  func summary(of flow: Flow) -> String? {
    if diff.addedCoordinators.contains(flow.coordinator) { return "new since the baseline" }
    let own = Set(flow.screens)
    let added = diff.addedTransitions.filter { $0.coordinator == flow.coordinator }.count
    let removed = diff.removedTransitions.filter { $0.coordinator == flow.coordinator }.count
    let screens = diff.addedScreens.filter(own.contains).count
    let removedScreens = removedScreenOwners.values.filter { $0 == flow.coordinator }.count
    let retriggered = diff.changedTriggers.filter { $0.transition.coordinator == flow.coordinator }.count
    let moved = diff.ownerChanges.filter { $0.new == flow.coordinator || $0.old == flow.coordinator }.count
    var parts: [String] = []
    if screens > 0 { parts.append(Wording.count(screens, "screen") + " added") }
    if removedScreens > 0 { parts.append(Wording.count(removedScreens, "screen") + " removed") }
    if added > 0 { parts.append(Wording.count(added, "transition") + " added") }
    if removed > 0 { parts.append(Wording.count(removed, "transition") + " removed") }
    if retriggered > 0 { parts.append(Wording.count(retriggered, "transition") + " taken another way") }
    if moved > 0 { parts.append(Wording.count(moved, "screen") + " moved between flows") }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}

extension AppPages {

  func changesPage() throws(SiteError) -> [[UInt8]] {
    guard let changes else { return [] }
    var ids: Set<String> = NavigationDiff.sectionIDs.union([
      "main", "search-input", "search-status", "search-results", "theme-toggle", "nav-filter",
      "changes-diagram",
    ])
    let caption = "\(changes.baseline) (the baseline) and \(app.name), with the changes marked"
    let figure = try self.figure(
      svg: changes.svg, file: changes.svg == nil ? nil : PageScheme.changesStem, id: "changes-diagram",
      caption: caption,
      usedIDs: &ids)
    let main: [HTML] =
      [
        .el("h1", [], [.el("span", [.cls("kicker")], [.text("Changes")]), .text(app.name)]),
        .el(
          "p", [.cls("lead")],
          [
            .text("Compared with "), .code(changes.baseline),
            .text(
              ", the baseline given to the build. The diagram draws both versions at once: + added (green, "
                + "bold), − removed (red, dashed), ~ changed (amber: other triggers or counts, or a screen now "
                + "in another flow)."),
          ]),
      ]
      + ChangesReport.content(diff: changes.diff, figure: figure, screenRef: screenRef) { picture in
        "../" + PageScheme.picture(hash: picture.hash, fileExtension: picture.fileExtension)
      }
    return document(
      title: "Changes", current: PageScheme.changes, crumbs: [("Changes", nil)], main: main)
  }

  /// The overview's section on the changes, linking to their page; nil without a baseline.
  func changesSection() -> HTML? {
    guard let changes else { return nil }
    return .el(
      "section", [.aria("labelledby", "changes")],
      [
        PageLayout.heading(2, id: "changes", "Changes since the baseline"),
        .p([
          .text(changes.diff.isEmpty ? "No change against " : "Against "), .code(changes.baseline),
          .text(changes.diff.isEmpty ? "." : ": " + changes.diff.summary + " "),
          .a(href: PageScheme.changes, text: "See the changes, drawn"),
        ]),
      ])
  }

  /// A screen's mark in its flow's screen table: new since the baseline, or moved to this flow.
  func screenChangeMark(_ type: String) -> HTML? {
    guard let diff = changes?.diff else { return nil }
    let words: String
    if diff.addedScreens.contains(type) {
      words = "New since the baseline"
    } else if let moved = diff.ownerChanges.first(where: { $0.screen == type }) {
      words = "Moved here from \(moved.old ?? "no flow")"
    } else {
      return nil
    }
    return .el("span", [.cls("change-mark")], [.a(href: PageScheme.changes, text: words)])
  }

  /// A flow's mark on its page and in the overview's flow table, when it changed.
  func changeMark(of flow: Flow) -> HTML? {
    guard let summary = changes?.summary(of: flow) else { return nil }
    return .el(
      "span", [.cls("change-mark")],
      [.a(href: PageScheme.changes, text: "Changed: " + summary)])
  }
}
