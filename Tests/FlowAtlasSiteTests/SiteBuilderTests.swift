import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasSite

@Suite struct SiteBuilderTests {
  @discardableResult
  func build(
    _ model: NavigationModel = SampleModel.model(), provider: any DiagramProvider = FakeDiagramProvider(),
    notes: URL? = nil, into folder: URL
  ) throws -> SiteSummary {
    try SiteBuilder(model: model, diagrams: provider, notes: notes).build(into: folder)
  }

  func page(_ path: String, in folder: URL) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
  }

  /// The diagram cache's file that holds the fake provider's drawing with id prefix `prefix`.
  func cachedEntry(drawing prefix: String, in contents: [String: Data]) -> String? {
    contents.first { path, bytes in
      path.hasPrefix(".flowatlas-cache/diagrams/") && path.hasSuffix(".svg")
        && String(decoding: bytes, as: UTF8.self).contains("id=\"\(prefix)_graph0\"")
    }?.key
  }

  @Test func writesEveryPage() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let summary = try build(into: site)
    #expect(
      summary.pages == [
        "index.html", "shop/flow-app.html", "shop/flow-auth.html", "shop/flow-checkout.html",
        "shop/flow-main.html",
        "shop/flow-sign-up.html", "shop/index.html", "shop/journey-log-in-and-buy.html",
        "shop/journey-open-product-link.html", "shop/problems.html", "shop/screen-cart-view-controller.html",
        "shop/screen-home-view-controller.html", "shop/screen-login-view-controller.html",
        "shop/screen-payment-view-controller.html", "shop/screen-product-view-controller.html",
        "shop/screen-sign-up-view-controller.html",
      ])
    let files = try TemporaryFolder.contents(of: site).keys
    for asset in [
      "assets/site.css", "assets/site.js", "assets/theme.js", "assets/search-index.js", ".flowatlas-site",
    ] {
      #expect(files.contains(asset))
    }
  }

  @Test func everyPageHasTheFrame() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let summary = try build(SampleModel.model(hostile: true), into: site)
    for path in summary.pages {
      let html = try page(path, in: site)
      #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"), "\(path)")
      #expect(
        html.contains(
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;; script-src &#39;self&#39;; "
            + "style-src &#39;self&#39;; img-src &#39;self&#39; data:; base-uri &#39;none&#39;; form-action &#39;none&#39;\">"
        ),
        "\(path)")
      #expect(html.contains("<a href=\"#main\" class=\"skip-link\">"), "\(path)")
      #expect(html.contains("<main id=\"main\""), "\(path)")
      #expect(html.contains("<nav class=\"sidebar\""), "\(path)")
      #expect(html.contains("<header class=\"topbar\">"), "\(path)")
      #expect(html.components(separatedBy: "<h1").count == 2, "\(path): one h1")
      // No inline script, style or handlers: everything the CSP would block.
      #expect(!html.contains("<script>"), "\(path)")
      #expect(!html.contains("<style"), "\(path)")
      #expect(!html.contains(" style="), "\(path)")
      #expect(html.range(of: #"<[a-zA-Z][^>]*\son[a-z]+="#, options: .regularExpression) == nil, "\(path)")
    }
  }

  @Test func hostileLabelsAreEscapedEverywhere() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(SampleModel.model(hostile: true), into: site)
    let files = try TemporaryFolder.contents(of: site)
    for (path, data) in files where path.hasSuffix(".html") || path.hasSuffix(".js") {
      let text = String(decoding: data, as: UTF8.self)
      #expect(!text.contains("<script>alert"), "\(path)")
      #expect(!text.contains("<img src=x"), "\(path)")
      #expect(!text.contains("<svg onload"), "\(path)")
      #expect(!text.contains("href=\"javascript:"), "\(path)")
    }
    // Every path stays inside the site and is made of slugs.
    for path in files.keys {
      #expect(!path.contains(".."), "\(path)")
      #expect(path.range(of: #"^[a-z0-9._/-]+$"#, options: .regularExpression) != nil, "\(path)")
    }
    // The hostile app's slug "assets" does not overwrite the shared assets folder.
    #expect(files.keys.contains("assets-2/index.html"))
    #expect(files.keys.contains("assets-2/journey-x-script-alert-1-script.html"))
    let journey = try page("assets-2/journey-x-script-alert-1-script.html", in: site)
    #expect(journey.contains("&lt;/li&gt;&lt;script&gt;alert(6)&lt;/script&gt;"))
    #expect(journey.contains("&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;"))
    let index = try String(contentsOf: site.appendingPathComponent("assets/search-index.js"), encoding: .utf8)
    #expect(index.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"))
  }

  @Test func flowPageExplainsTheFlowInWords() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(into: site)
    let html = try page("shop/flow-auth.html", in: site)
    #expect(html.contains("id=\"screen-login-view-controller\""))
    #expect(
      html.contains(
        "It is started by <a href=\"flow-app.html\"><code class=\"flow-name\">AppCoordinator</code></a>"))
    #expect(html.contains("When a run begins, <a href=\"flow-auth.html\">"))
    #expect(html.contains("when the person taps <q class=\"action\">login</q>"))
    #expect(html.contains("sets <a href=\"screen-home-view-controller.html\">"))
    #expect(
      html.contains(
        "Starts <a href=\"flow-sign-up.html\"><code class=\"flow-name\">SignUpCoordinator</code></a>, which returns <code>registered</code>"
      ))
    #expect(html.contains("It finishes with <code>cancelled</code> or <code>loggedIn</code>."))
    #expect(html.contains("<figure class=\"diagram\" id=\"diagram\">"))
    #expect(html.contains("xlink:href=\"screen-login-view-controller.html\""))
    let checkout = try page("shop/flow-checkout.html", in: site)
    #expect(checkout.contains("journey-log-in-and-buy.html#line-18"))
    #expect(checkout.contains("presents <a href=\"screen-cart-view-controller.html\">"))
  }

  @Test func aScreenPageSaysEveryWayInAndOutAndWhichJourneysShowIt() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(into: site)
    let html = try page("shop/screen-cart-view-controller.html", in: site)
    #expect(html.contains("<span class=\"kicker\">Screen</span>CartViewController</h1>"))
    #expect(
      html.contains(
        "by the <a href=\"flow-checkout.html\"><code class=\"flow-name\">CheckoutCoordinator</code></a> flow")
    )
    #expect(
      html.contains("<a href=\"flow-checkout.html#screen-cart-view-controller\">what it leads to there</a>"))
    #expect(html.contains("<figure class=\"diagram\" id=\"diagram\">"))
    #expect(html.contains("<a href=\"screen-cart-view-controller.svg\" class=\"open-svg\">"))
    let waysIn = try #require(html.range(of: "id=\"ways-in\"")?.upperBound)
    let waysOut = try #require(html.range(of: "id=\"ways-out\"")?.upperBound)
    let journeys = try #require(html.range(of: "id=\"journeys\"")?.upperBound)
    #expect(html[waysIn..<waysOut].contains("From <a href=\"screen-product-view-controller.html\">"))
    #expect(html[waysOut..<journeys].contains("From here, "))
    #expect(html[journeys...].contains("<a href=\"journey-log-in-and-buy.html#step-"))
  }

  /// Every screen name the site shows links to that screen's page, which exists and is titled so.
  @Test func everyScreenNameLinksToItsPage() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let summary = try build(SampleModel.model(hostile: true), into: site)
    let link = try Regex(#"<a href="([^"]*)"><code class="screen-name">([^<]*)</code></a>"#)
    var checked = 0
    for path in summary.pages {
      let html = try page(path, in: site)
      for match in html.matches(of: link) {
        let (href, name) = (String(match.output[1].substring!), String(match.output[2].substring!))
        let folder = (path as NSString).deletingLastPathComponent
        #expect(href.hasPrefix("screen-") && href.hasSuffix(".html"), "\(path): \(href)")
        let target = try page("\(folder)/\(href)", in: site)
        #expect(target.contains("<span class=\"kicker\">Screen</span>\(name)</h1>"), "\(path): \(href)")
        checked += 1
      }
    }
    #expect(checked > 50)
  }

  @Test func journeyAndProblemsPagesLinkLines() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(into: site)
    let journey = try page("shop/journey-log-in-and-buy.html", in: site)
    #expect(
      journey.contains("class=\"step action\">Taps <q class=\"action\">Log in</q> (<code>login</code>) on"))
    #expect(journey.contains("<span class=\"line\" id=\"line-5\">line 5</span></li>"))
    #expect(journey.contains("finishes (<code>loggedIn</code>)"))
    #expect(journey.contains("<dt>device</dt><dd>iPhone 15</dd>"))
    #expect(journey.contains("id=\"line-16\""))
    let problems = try page("shop/problems.html", in: site)
    #expect(
      problems.contains(
        "<a href=\"journey-log-in-and-buy.html#line-16\"><code>traces/buy.jsonl:16</code></a>"))
    let landing = try page("index.html", in: site)
    #expect(landing.contains("traces/broken.jsonl:1"))
    #expect(landing.contains("no header &lt;b&gt;here&lt;/b&gt;"))
  }

  @Test func sameModelGivesSameBytes() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let first = temp.url.appendingPathComponent("one")
    let second = temp.url.appendingPathComponent("two")
    try build(SampleModel.model(hostile: true), into: first)
    try build(SampleModel.model(hostile: true), into: second)
    let a = try TemporaryFolder.contents(of: first)
    let b = try TemporaryFolder.contents(of: second)
    #expect(a.keys.sorted() == b.keys.sorted())
    for key in a.keys { #expect(a[key] == b[key], "\(key)") }
  }

  @Test func failingProviderLeavesThePreviousSite() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(into: site)
    let before = try TemporaryFolder.contents(of: site)
    var changed = SampleModel.model(hostile: true)
    changed = NavigationModel(apps: changed.apps, diagnostics: [])
    #expect(throws: SiteError.self) { try build(changed, provider: FailingDiagramProvider(), into: site) }
    #expect(try TemporaryFolder.contents(of: site) == before)
    let siblings = try FileManager.default.contentsOfDirectory(atPath: temp.url.path)
    #expect(siblings == ["site"], "no staging folder is left behind")
  }

  @Test func diagramsDeliveredOutOfOrderFromManyThreadsGiveTheSameSite() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let model = SampleModel.model(hostile: true)
    let inOrder = temp.url.appendingPathComponent("in-order")
    let streamed = temp.url.appendingPathComponent("streamed")
    let first = try build(model, into: inOrder)
    let second = try build(model, provider: ConcurrentDiagramProvider(), into: streamed)
    #expect(first.pages == second.pages)
    #expect(first.diagramsDrawn == second.diagramsDrawn && second.diagramsDrawn > 0)
    #expect(try TemporaryFolder.contents(of: inOrder) == TemporaryFolder.contents(of: streamed))
  }

  @Test func aDiagramNeverDeliveredShowsAsMissingAndIsNotCached() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let summary = try build(
      provider: ConcurrentDiagramProvider(skipping: [.appMap, .flow(coordinator: "AuthCoordinator")]),
      into: site)
    #expect(summary.pages.contains("shop/index.html") && summary.pages.contains("shop/flow-auth.html"))
    let index = try page("shop/index.html", in: site)
    #expect(index.contains("diagram diagram-missing\" id=\"app-map\""))
    #expect(!index.contains("diagram diagram-missing\" id=\"hierarchy\""))
    #expect(try page("shop/flow-auth.html", in: site).contains("No diagram was drawn for this."))
    #expect(!(try page("shop/flow-main.html", in: site)).contains("No diagram was drawn for this."))
    let contents = try TemporaryFolder.contents(of: site)
    #expect(cachedEntry(drawing: "app-map", in: contents) == nil)
    #expect(cachedEntry(drawing: "flow-auth", in: contents) == nil)
    #expect(cachedEntry(drawing: "flow-main", in: contents) != nil)
    let cacheIndex = contents[".flowatlas-cache/diagrams/index"].map { String(decoding: $0, as: UTF8.self) }
    let lines = (cacheIndex ?? "").split(separator: "\n")
    #expect(lines.first.map(String.init) == CacheFormat.header("flowatlas-diagram-cache"))
    #expect(lines.count == summary.diagramsDrawn + 1, "one line per cached diagram")
    let files = contents.keys.filter { $0.hasPrefix(".flowatlas-cache/diagrams/") && $0.hasSuffix(".svg") }
    #expect(files.count == summary.diagramsDrawn)
  }

  @Test func aProviderFailingAfterSomePagesAreWrittenLeavesThePreviousSite() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(into: site)
    let before = try TemporaryFolder.contents(of: site)
    let changed = NavigationModel(apps: SampleModel.model(hostile: true).apps, diagnostics: [])
    #expect(throws: SiteError.self) {
      try build(changed, provider: ConcurrentDiagramProvider(failingAfter: 3), into: site)
    }
    #expect(try TemporaryFolder.contents(of: site) == before)
    let siblings = try FileManager.default.contentsOfDirectory(atPath: temp.url.path)
    #expect(siblings == ["site"], "no staging folder is left behind")
  }

  @Test func aDiagramIDThatSpellsAStepAnchorIsDroppedNotTheAnchor() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let model = SampleModel.model()
    let run = try #require(model.apps.first?.runs.first)
    let line = try #require(run.journey.steps.first?.line)
    let svg =
      "<svg viewBox=\"0 0 1 1\"><g id=\"line-\(line)\"><text>x</text></g><g id=\"step-1\"/><g id=\"kept\"/></svg>"
    try build(model, provider: FixedDiagramProvider(svg: svg), into: site)
    let page = try page("\(model.apps[0].slug)/journey-\(run.slug).html", in: site)
    #expect(page.components(separatedBy: "id=\"line-\(line)\"").count == 2, "exactly one element has the id")
    #expect(page.contains("<span class=\"line\" id=\"line-\(line)\">"))
    #expect(page.components(separatedBy: "id=\"step-1\"").count == 2, "exactly one element has the id")
    #expect(page.contains("<li id=\"step-1\""))
    #expect(page.contains("<g id=\"kept\"/>"))
  }

  @Test func unsafeDiagramFailsTheBuildAndKeepsTheSite() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try build(into: site)
    let before = try TemporaryFolder.contents(of: site)
    let evil = FixedDiagramProvider(svg: "<svg><script>alert(1)</script></svg>")
    #expect(throws: SiteError.self) { try build(provider: evil, into: site) }
    #expect(try TemporaryFolder.contents(of: site) == before)
  }

  @Test func refusesAForeignFolder() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let home = temp.url.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try Data("precious".utf8).write(to: home.appendingPathComponent("thesis.txt"))
    #expect(throws: SiteError.foreignOutputFolder(path: home.path)) { try build(into: home) }
    #expect(try TemporaryFolder.contents(of: home) == ["thesis.txt": Data("precious".utf8)])
    let file = temp.url.appendingPathComponent("file")
    try Data().write(to: file)
    #expect(throws: SiteError.outputIsNotAFolder(path: file.path)) { try build(into: file) }
  }

  @Test func anEmptyModelGivesALandingPageThatSaysSo() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let model = NavigationModel(
      apps: [], diagnostics: [.init(code: .missingHeader, file: "a.jsonl", line: 1, message: "no header")])
    let summary = try build(model, into: site)
    #expect(summary.pages == ["index.html"])
    let landing = try page("index.html", in: site)
    #expect(landing.contains("No app was recorded in these traces."))
    #expect(landing.contains("<code>a.jsonl:1</code>"))
  }

  @Test func removesWhatAnInterruptedBuildLeftBehind() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let manager = FileManager.default
    // A staging folder whose build died: its lock file is there, and nobody holds it.
    let leftover = temp.url.appendingPathComponent(".site.flowatlas-new-0000")
    try manager.createDirectory(
      at: leftover.appendingPathComponent("shop"), withIntermediateDirectories: true)
    try Data(count: 1000).write(to: leftover.appendingPathComponent("shop/page.html"))
    try Data().write(to: URL(fileURLWithPath: leftover.path + ".lock"))
    // One a running build holds, and one named alike with no lock file: neither is touched.
    let running = temp.url.appendingPathComponent(".site.flowatlas-new-1111")
    try manager.createDirectory(at: running, withIntermediateDirectories: true)
    let held = open(running.path + ".lock", O_RDWR | O_CREAT, 0o644)
    defer { close(held) }
    #expect(flock(held, LOCK_EX) == 0)
    let unrelated = temp.url.appendingPathComponent(".site.flowatlas-new-mine")
    try manager.createDirectory(at: unrelated, withIntermediateDirectories: true)
    try build(into: temp.url.appendingPathComponent("site"))
    #expect(
      try manager.contentsOfDirectory(atPath: temp.url.path).sorted() == [
        ".site.flowatlas-new-1111", ".site.flowatlas-new-1111.lock", ".site.flowatlas-new-mine", "site",
      ])
  }

  @Test func writesIntoAnEmptyFolderAndReplacesItsOwnSite() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try build(SampleModel.model(hostile: true), into: site)
    #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("assets-2/index.html").path))
    try build(into: site)
    #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("assets-2/index.html").path))
    let left = try FileManager.default.contentsOfDirectory(atPath: temp.url.path)
    #expect(
      left == ["site"],
      "\(left) \(left.map { (try? FileManager.default.subpathsOfDirectory(atPath: temp.url.appendingPathComponent($0).path)) ?? [] })"
    )
  }

  @Test func unchangedRebuildWritesNothingAndChangesReuseDiagrams() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let provider = FakeDiagramProvider()
    // Every diagram of the Shop app (its maps, flows, journeys and screens), and of the app the
    // hostile model adds.
    let shopDiagrams = DiagramSubject.all(of: SampleModel.model().apps[0]).count
    let added = SampleModel.model(hostile: true).apps.filter { $0.name != SampleModel.model().apps[0].name }
    let addedDiagrams = added.map { DiagramSubject.all(of: $0).count }.reduce(0, +)
    let first = try build(provider: provider, into: site)
    let bytes = try TemporaryFolder.contents(of: site)
    #expect(first.diagramsDrawn == shopDiagrams && first.diagramsReused == 0 && !first.unchanged)

    let second = try build(provider: provider, into: site)
    #expect(provider.callCount == 1)
    #expect(second.unchanged && second.pages == first.pages)
    #expect(try TemporaryFolder.contents(of: site) == bytes)

    // Only the title changed: every page is written again, every diagram reused.
    let retitled = try SiteBuilder(
      model: SampleModel.model(), diagrams: provider, options: SiteOptions(title: "Shop docs")
    ).build(into: site)
    #expect(provider.callCount == 1)
    #expect(!retitled.unchanged && retitled.diagramsDrawn == 0 && retitled.diagramsReused == shopDiagrams)
    #expect(try page("shop/index.html", in: site).contains("<title>Shop · Shop docs</title>"))

    // A page deleted by hand is written again.
    try FileManager.default.removeItem(at: site.appendingPathComponent("shop/flow-auth.html"))
    try SiteBuilder(model: SampleModel.model(), diagrams: provider, options: SiteOptions(title: "Shop docs"))
      .build(into: site)
    #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("shop/flow-auth.html").path))
    try FileManager.default.removeItem(at: site.appendingPathComponent("assets/site.css"))
    try SiteBuilder(model: SampleModel.model(), diagrams: provider, options: SiteOptions(title: "Shop docs"))
      .build(into: site)
    #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("assets/site.css").path))

    // A new provider identity draws again; then a new app is drawn while Shop's diagrams are reused.
    let other = FakeDiagramProvider(identity: "fake-2")
    try build(provider: other, into: site)
    #expect(other.callCount == 1)
    let grown = try build(SampleModel.model(hostile: true), provider: other, into: site)
    #expect(other.callCount == 2)
    #expect(grown.diagramsReused == shopDiagrams && grown.diagramsDrawn == addedDiagrams)

    // Not incremental: everything is drawn again, and the bytes are those of a fresh build.
    let full = try SiteBuilder(
      model: SampleModel.model(), diagrams: provider, options: SiteOptions(incremental: false)
    )
    .build(into: site)
    #expect(full.diagramsDrawn == shopDiagrams && !full.unchanged)
    let fresh = try TemporaryFolder.contents(of: site)
    #expect(
      !fresh.keys.contains { $0.hasPrefix(".flowatlas-cache/") }, "no diagram cache when not incremental")
    #expect(fresh == bytes.filter { !$0.key.hasPrefix(".flowatlas-cache/") })
  }

  /// A cached diagram that is no longer what the cache recorded (not UTF-8, edited, cut short)
  /// is drawn again, alone; the others are reused. Before, a truncated one failed every build.
  @Test(
    arguments: [
      [0x3C, 0x73, 0x76, 0x67, 0xC0, 0xAF, 0x3E], Array("<svg><text>edited</text></svg>".utf8),
      Array("<svg><g>".utf8),
    ] as [[UInt8]])
  func aDamagedCachedDiagramIsDrawnAgain(damage: [UInt8]) throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let (site, cached, bytes) = try rebuildAfterDamagingTheAuthDiagram(in: temp) { entry, _ in
      try Data(damage).write(to: entry)
    }
    #expect(try TemporaryFolder.contents(of: site)[cached] == bytes[cached])
    #expect(try !page("shop/flow-auth.html", in: site).contains("edited"))
  }

  /// Hardening round 2, item 9: a cached diagram rewritten with a script, its hash in the
  /// index recomputed so the cache trusts it, is refused by the sanitizer and drawn again,
  /// instead of failing this build and every later one.
  @Test func aCachedDiagramTheSanitizerRefusesIsDrawnAgain() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let (site, cached, bytes) = try rebuildAfterDamagingTheAuthDiagram(in: temp) { entry, intact in
      let poisoned = Data(
        String(decoding: intact, as: UTF8.self).replacingOccurrences(
          of: "</svg>", with: "<script>alert(1)</script></svg>"
        ).utf8)
      try poisoned.write(to: entry)
      let index = entry.deletingLastPathComponent().appendingPathComponent("index")
      let text = try String(contentsOf: index, encoding: .utf8)
      try text.replacingOccurrences(
        of: Fingerprint.fast128([UInt8](intact)), with: Fingerprint.fast128([UInt8](poisoned))
      ).write(to: index, atomically: true, encoding: .utf8)
    }
    #expect(try TemporaryFolder.contents(of: site)[cached] == bytes[cached])
    #expect(try !page("shop/flow-auth.html", in: site).contains("alert(1)"))
  }

  /// A cached diagram replaced by a symlink is not followed, even to an intact copy outside
  /// the site: it is drawn again.
  @Test func aCachedDiagramThatIsASymlinkIsDrawnAgain() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let (site, cached, _) = try rebuildAfterDamagingTheAuthDiagram(in: temp) { entry, intact in
      let outside = temp.url.appendingPathComponent("outside.svg")
      try intact.write(to: outside)
      try FileManager.default.removeItem(at: entry)
      try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: outside)
    }
    var info = stat()
    #expect(lstat(site.appendingPathComponent(cached).path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
  }

  /// Builds the sample site, does `damage` to the flow-auth diagram's cache entry (given its
  /// file and its intact bytes), and rebuilds: only that diagram may be drawn again.
  /// - Returns: the site, the entry's path in it, and the first build's files.
  private func rebuildAfterDamagingTheAuthDiagram(
    in temp: TemporaryFolder, damage: (URL, Data) throws -> Void
  ) throws -> (site: URL, cached: String, bytes: [String: Data]) {
    let site = temp.url.appendingPathComponent("site")
    let provider = FakeDiagramProvider()
    try build(provider: provider, into: site)
    let bytes = try TemporaryFolder.contents(of: site)
    let cached = try #require(cachedEntry(drawing: "flow-auth", in: bytes))
    try damage(site.appendingPathComponent(cached), bytes[cached]!)
    let rebuilt = try SiteBuilder(
      model: SampleModel.model(), diagrams: provider, options: SiteOptions(title: "Shop docs")
    ).build(into: site)
    let shopDiagrams = DiagramSubject.all(of: SampleModel.model().apps[0]).count
    #expect(
      provider.callCount == 2 && rebuilt.diagramsDrawn == 1 && rebuilt.diagramsReused == shopDiagrams - 1)
    return (site, cached, bytes)
  }

  /// Hardening round 2 (smaller): every page carries the sidebar, so listing every app and
  /// every run there grew a site with the square of their number (2,000 one-run apps made
  /// 959 MB). Past ``AppPages/maximumListed`` the sidebar links to the page that lists the apps;
  /// journeys it never lists in the page (the site's script does, from the search index).
  @Test func theSidebarStaysSmallWithManyAppsAndRuns() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    func trace(app: String, run: String) -> (String, [UInt8]) {
      let text = """
        {"flowatlas":"trace","version":1,"app":"\(app)","run":"\(run)"}
        {"seq":1,"event":"coordinator.start","coordinator":"c","type":"AppCoordinator"}
        {"seq":2,"event":"router.setRoot","screen":{"id":"s","type":"HomeViewController"},"coordinator":"c"}

        """
      return ("\(app)-\(run).jsonl", Array(text.utf8))
    }
    let count = AppPages.maximumListed + 5
    let traces =
      (0..<count).map { trace(app: "App\($0)", run: "only") }
      + (0..<count).map { trace(app: "Busy", run: "run\($0)") }
    let model = ModelBuilder(workers: 1).build(traces: traces)
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider(), notes: nil).build(into: site)
    // The app's overview lists its journeys itself; its other pages link there.
    #expect(try page("busy/index.html", in: site).contains(">run7<"))
    let busy = try page("busy/problems.html", in: site)
    #expect(busy.contains(">All journeys<") && !busy.contains(">run7<"), "the script lists them")
    #expect(busy.contains("All \(count + 1) apps") && !busy.contains(">App7<"))
    let lone = try page("app7/journey-only.html", in: site)
    #expect(lone.contains("All \(count + 1) apps") && !lone.contains(">App8<"))
  }

  /// Runs that share a name link each other on their journey pages, by name only up to the
  /// sidebar's limit (every page linking every namesake grew with the square of their number).
  @Test func namesakesAreLinkedUpToTheLimit() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let count = AppPages.maximumListed + 3
    let traces = (0..<count).map { index in
      let text = """
        {"flowatlas":"trace","version":1,"app":"Smoke","run":"smoke"}
        {"seq":1,"event":"coordinator.start","coordinator":"c","type":"AppCoordinator"}
        {"seq":2,"event":"router.setRoot","screen":{"id":"s","type":"HomeViewController"},"coordinator":"c"}

        """
      return ("smoke-\(index).jsonl", Array(text.utf8))
    }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(
      model: ModelBuilder(workers: 1).build(traces: traces), diagrams: FakeDiagramProvider(), notes: nil
    ).build(into: site)
    let journey = try page("smoke/journey-smoke.html", in: site)
    #expect(journey.contains("Same run name as"))
    #expect(journey.contains(">2 more<"), "\(count - 1) others, \(AppPages.maximumListed) by name")
    // The namesakes linked by their files, and the page's own file in its details.
    #expect(journey.components(separatedBy: ">smoke-").count - 1 == AppPages.maximumListed + 1)
  }

  @Test func notesAreRenderedSafely() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let notes = temp.url.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try Data(
      "# Why\n\nAuth keeps the **token**.\n\n<script>alert(1)</script>\n\n[x](javascript:alert(2))\n".utf8
    )
    .write(to: notes.appendingPathComponent("AuthCoordinator.md"))
    // A trace type that looks like a path never reaches the file system.
    try Data("secret".utf8).write(to: temp.url.appendingPathComponent("Evil.md"))
    let site = temp.url.appendingPathComponent("site")
    try build(SampleModel.model(hostile: true), notes: notes, into: site)
    let html = try page("shop/flow-auth.html", in: site)
    #expect(html.contains("<h3>Why</h3>"))
    #expect(html.contains("<strong>token</strong>"))
    #expect(!html.contains("<script>alert(1)"))
    #expect(!html.contains("javascript:"))
    let files = try TemporaryFolder.contents(of: site)
    for (_, data) in files { #expect(!String(decoding: data, as: UTF8.self).contains("secret")) }
  }
}
