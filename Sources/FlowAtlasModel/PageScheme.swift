/// The name of every page and file FlowAtlas writes for an app, in one place: the site's pages,
/// the diagrams' links and files, the diagram cache's names and the DocC catalog's articles and
/// images all follow from it.
///
/// Everything is made of slugs (``Slug``), never of text from a trace. Each page and diagram has
/// a *stem*: `app-map`, `hierarchy`, `flow-<coordinator>`, `journey-<run>`, `screen-<screen>`,
/// `changes`. In an app's
/// site folder a page is `<stem>.html` and a diagram's own file `<stem>.svg`; in a DocC catalog
/// the article and image of an app are `flowatlas-<app>_<stem>`. A slug has no `.` or `_`, so no
/// stem is another's, and the later parts of a long journey (`journey-<run>.steps-2.html`) are
/// no other page's.
package enum PageScheme {
  // MARK: An app's site folder

  /// The app's overview page, and the site's landing page at its root.
  package static let index = "index.html"
  /// Every problem of the app with its journey and line.
  package static let problems = "problems.html"
  /// What changed since the baseline (`build --baseline`).
  package static let changes = "changes.html"
  /// Every screen's picture, by flow: only in an app whose runs took screenshots.
  package static let gallery = "gallery.html"
  /// The stem of the Changes page's diagram.
  package static let changesStem = "changes"

  /// The stem of a flow's page and diagram.
  package static func flowStem(_ coordinatorSlug: String) -> String {
    DiagramSubject.Kind.flow.row.stem + coordinatorSlug
  }
  /// The stem of a run's journey page and diagram.
  package static func journeyStem(_ runSlug: String) -> String {
    DiagramSubject.Kind.journey.row.stem + runSlug
  }

  /// The stem of a screen's page and its neighbourhood's diagram.
  package static func screenStem(_ screenSlug: String) -> String {
    DiagramSubject.Kind.screen.row.stem + screenSlug
  }

  /// The stem of a screen's picture in a DocC catalog (a resource, shown in its flow's article).
  package static func pictureStem(_ screenSlug: String) -> String { "picture-\(screenSlug)" }

  /// A screen's page: its ways in and out, its neighbourhood, the journeys through it.
  package static func screenPage(_ screenSlug: String) -> String { "\(screenStem(screenSlug)).html" }

  /// A flow's page.
  package static func flowPage(_ coordinatorSlug: String) -> String { "\(flowStem(coordinatorSlug)).html" }

  /// Part `part` (from 0) of a run's journey: `journey-<run>.html`, then
  /// `journey-<run>.steps-2.html` and on, each listing ``stepsPerJourneyPage`` steps.
  package static func journeyPage(_ runSlug: String, part: Int = 0) -> String {
    part == 0 ? "\(journeyStem(runSlug)).html" : "\(journeyStem(runSlug)).steps-\(part + 1).html"
  }

  /// Steps listed per journey page: a run of 3,000 steps is a page of its details, diagram and
  /// first 1,000 steps, then two pages of steps. Each page stays a size a browser opens at
  /// once, and a build holds one page of a journey's markup at a time.
  package static let stepsPerJourneyPage = 1_000

  /// How many pages list the steps of a run of `stepCount` steps (at least one).
  package static func journeyParts(stepCount: Int) -> Int {
    max(1, (stepCount + stepsPerJourneyPage - 1) / stepsPerJourneyPage)
  }

  /// A diagram's file of its own beside its page.
  package static func diagramFile(_ stem: String) -> String { "\(stem).svg" }

  /// The anchor of a screen on its owner's flow page.
  package static func screenAnchor(_ screenSlug: String) -> String { "screen-\(screenSlug)" }

  /// A screen's place on its owner's flow page, under "What each screen leads to".
  package static func screenLink(owner coordinatorSlug: String, screen screenSlug: String) -> String {
    "\(flowPage(coordinatorSlug))#\(screenAnchor(screenSlug))"
  }

  /// The anchor of a trace line's first step or problem on a journey page.
  package static func lineAnchor(_ line: Int) -> String { "line-\(line)" }

  /// `page` of the app in `folder`, from the site's root (the landing page and search).
  package static func inApp(_ folder: String, _ page: String) -> String { "\(folder)/\(page)" }

  // MARK: Beside the apps' folders

  /// The site's stylesheet and scripts.
  package static let assetsFolder = "assets"
  /// The screenshots, each distinct one once, named by the hash of its bytes.
  package static let picturesFolder = "images"

  /// A screenshot's file, from the site's root.
  package static func picture(hash: String, fileExtension: String) -> String {
    "\(picturesFolder)/\(hash).\(fileExtension)"
  }

  /// A screenshot's small copy, from the site's root: named by the hash of the screenshot.
  package static func thumbnail(hash: String) -> String { "\(picturesFolder)/thumbnails/\(hash).png" }

  // MARK: Diagrams

  // A diagram's page and file are named by its stem, which the table of diagram kinds gives
  // (`DiagramSubject.stem(in:)`).

  /// `slug` when it is one, else the slug of it: a model made by hand can hold anything.
  package static func safe(_ slug: String) -> String { Slug.isValid(slug) ? slug : Slug.make(slug) }

  // MARK: DocC

  /// The app's overview article in a DocC catalog; every other article and image of the app
  /// is `<this>_<stem>` (``doccName(app:stem:)``).
  package static func doccArticle(app appSlug: String) -> String { "flowatlas-\(appSlug)" }

  /// The name of the app's article or image of `stem` in a DocC catalog.
  package static func doccName(app appSlug: String, stem: String) -> String {
    "\(doccArticle(app: appSlug))_\(stem)"
  }
}
