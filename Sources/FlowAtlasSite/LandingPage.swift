import FlowAtlasModel
import FlowAtlasTrace

/// The site's root page: every app with its numbers, and the traces no app could claim.
struct LandingPage {
  var layout: PageLayout
  var model: NavigationModel
  var folders: [String]

  func document() -> [UInt8] {
    let claimed = Set(model.apps.flatMap(\.diagnostics))
    let unclaimed = model.diagnostics.filter { !claimed.contains($0) }
    var main: [HTML] = [
      .el("h1", [], [.text(layout.siteTitle)]),
      .el(
        "p", [.cls("lead")],
        [
          .text(
            "Living documentation of the apps' navigation, rebuilt from recorded traces: which coordinator "
              + "shows which screen, how each flow is reached and how it ends.")
        ]),
      PageLayout.heading(2, id: "apps", "Apps"),
    ]
    if model.apps.isEmpty {
      main.append(.p(text: "No app was recorded in these traces."))
    } else {
      main.append(
        .el(
          "ul", [.cls("app-cards")],
          zip(model.apps, folders).map { app, folder in
            let problems = app.diagnostics.count
            return .el(
              "li", [.cls("app-card")],
              [
                .el("h3", [], [.a(href: PageScheme.inApp(folder, PageScheme.index), text: app.name)]),
                .p(
                  text: [
                    Wording.count(app.flows.count, "flow"), Wording.count(app.screens.count, "screen"),
                    Wording.count(app.runs.count, "journey"), Wording.count(problems, "problem"),
                  ].joined(separator: " · ")),
              ])
          }))
    }
    if !unclaimed.isEmpty {
      main.append(PageLayout.heading(2, id: "unreadable", "Traces that could not be read"))
      main.append(.p(text: "These files belong to no app: the reader rejected them whole."))
      main.append(AppPages.problemTable(unclaimed, caption: "Traces that could not be read") { _ in nil })
    }
    let sidebar = AppPages.sidebarFrame(
      label: "Site navigation",
      [
        .el("p", [.cls("nav-section")], [.text("Apps")]),
        .el(
          "ul", [],
          zip(model.apps, folders).map { app, folder in
            .el("li", [], [.a(href: PageScheme.inApp(folder, PageScheme.index), text: app.name)])
          }),
      ])
    return layout.document(
      PageLayout.Page(root: "", title: "", breadcrumbs: [], sidebar: sidebar, main: main))
  }
}
