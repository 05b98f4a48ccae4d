import FlowAtlasModel
import FlowAtlasSite
import FlowAtlasTrace
import Foundation
import Testing

/// `build --baseline`: a Changes page per app, linked from its overview, changed flows marked.
@Suite struct ChangesPageTests {
  /// A fake that also draws the changes diagram, with a label that tries to break out.
  final class ChangesProvider: DiagramProvider {
    let fake = FakeDiagramProvider()
    func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
      -> [DiagramSubject: String]
    {
      try fake.diagrams(for: subjects, of: app, links: links)
    }
    func changesDiagram(old: AppModel, new: AppModel, links: DiagramLinks) throws -> [UInt8]? {
      Array(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="10pt" height="10pt" viewBox="0 0 10 10"><g id="d" class="graph flowatlas diff"><text>&lt;script&gt;</text></g></svg>"#
          .utf8)
    }
  }

  static func trace(_ screens: [String], coordinator: String = "MailCoordinator") -> [UInt8] {
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Mail","run":"read"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"a","type":"\#(coordinator)"}"#,
      #"{"seq":2,"event":"router.setRoot","screen":{"id":"s0","type":"Inbox"},"coordinator":"a"}"#,
    ]
    for (index, screen) in screens.enumerated() {
      lines.append(
        #"{"seq":\#(index + 3),"event":"router.push","screen":{"id":"s\#(index + 1)","type":"\#(screen)"},"coordinator":"a"}"#
      )
    }
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  static func model(_ screens: [String]) -> NavigationModel {
    ModelBuilder(workers: 1).build(traces: [("mail.jsonl", trace(screens))])
  }

  @Test func theChangesPageIsLinkedAndEscaped() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    let hostile = "Evil<script>alert(1)</script>"
    var builder = SiteBuilder(model: Self.model(["Message", hostile]), diagrams: ChangesProvider())
    builder.baselines = ["Mail": Self.model(["Message", "Gone"]).apps[0]]
    try builder.build(into: site)
    let changes = try String(contentsOf: site.appendingPathComponent("mail/changes.html"), encoding: .utf8)
    #expect(changes.contains(#"<h2 id="screens-added">Screens added</h2>"#))
    #expect(changes.contains("Evil&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(!changes.contains("<script>alert"))
    #expect(changes.contains(#"<h2 id="screens-removed">Screens removed</h2>"#))
    #expect(changes.contains("<code>Gone</code>"))
    #expect(changes.contains(#"class="diagram-svg""#))
    #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("mail/changes.svg").path))
    let index = try String(contentsOf: site.appendingPathComponent("mail/index.html"), encoding: .utf8)
    #expect(index.contains(#"<a href="changes.html">See the changes, drawn</a>"#))
    #expect(index.contains(#"<a href="changes.html">Changes</a>"#), "the sidebar links it")
    #expect(
      index.contains("Changed: 1 screen added, 1 screen removed, 1 transition added, 1 transition removed"))
    let flow = try String(
      contentsOf: site.appendingPathComponent("mail/flow-mail-coordinator.html"), encoding: .utf8)
    #expect(flow.contains(#"<span class="change-mark"><a href="changes.html">Changed: "#))
    #expect(
      flow.contains(#"<span class="change-mark"><a href="changes.html">New since the baseline</a></span>"#))
  }

  @Test func withoutABaselineThereIsNoChangesPage() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: Self.model(["Message"]), diagrams: ChangesProvider()).build(into: site)
    #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("mail/changes.html").path))
    let index = try String(contentsOf: site.appendingPathComponent("mail/index.html"), encoding: .utf8)
    #expect(!index.contains("changes.html"))
  }

  @Test func anotherBaselineRebuildsThePages() throws {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    var builder = SiteBuilder(model: Self.model(["Message"]), diagrams: ChangesProvider())
    builder.baselines = ["Mail": Self.model(["Message"]).apps[0]]
    try builder.build(into: site)
    let same = try String(contentsOf: site.appendingPathComponent("mail/changes.html"), encoding: .utf8)
    #expect(same.contains("No change: both versions"))
    builder.baselines = ["Mail": Self.model(["Draft"]).apps[0]]
    let summary = try builder.build(into: site)
    #expect(!summary.unchanged)
    let changed = try String(contentsOf: site.appendingPathComponent("mail/changes.html"), encoding: .utf8)
    #expect(changed.contains("<code>Draft</code>"))
  }
}
