import Foundation
import Testing

@testable import FlowAtlasCLI

/// `flowatlas build --baseline`: the Changes page from a committed model.json.
@Suite struct BuildBaselineTests {
  @Test func aBaselineGivesAChangesPageAndAChangedBaselineRebuildsIt() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let baseline = try await CheckCommandTests.baseline(CheckCommandTests.trace(), in: temp)
    let current = try CheckCommandTests.folder(
      CheckCommandTests.trace(withMessage: false, withSettings: true), in: temp, "current")
    let site = temp.appendingPathComponent("site").path
    let first = await flowatlas("build", current, "--output", site, "--baseline", baseline, "--jobs", "1")
    #expect(first.status == 0, "\(first.err)")
    let page = try String(contentsOfFile: site + "/mail/changes.html", encoding: .utf8)
    #expect(page.contains("SettingsViewController"))
    #expect(page.contains(#"<h2 id="screens-removed">Screens removed</h2>"#))
    #expect(page.contains("<svg"), "Graphviz drew the diagram of both versions")
    // Its screens link to their pages, as in every diagram of the site; the removed one has none.
    let diagram = try #require(page.components(separatedBy: "<svg").dropFirst().first)
    #expect(diagram.contains(#"href="screen-settings-view-controller.html""#), "\(diagram.prefix(3000))")
    #expect(diagram.contains(#"href="screen-inbox-view-controller.html""#))
    #expect(!diagram.contains(#"href="screen-message-view-controller.html""#))
    let again = await flowatlas("build", current, "--output", site, "--baseline", baseline, "--jobs", "1")
    #expect(again.err.contains("is up to date"))
    // A new baseline (the current traces' own model): nothing changed any more.
    let model = await flowatlas("model", current, "--output", baseline)
    #expect(model.status == 0)
    let third = await flowatlas("build", current, "--output", site, "--baseline", baseline, "--jobs", "1")
    #expect(!third.err.contains("is up to date"))
    let unchanged = try String(contentsOfFile: site + "/mail/changes.html", encoding: .utf8)
    #expect(unchanged.contains("No change: both versions"))
    // Without the option the page goes.
    let plain = await flowatlas("build", current, "--output", site, "--jobs", "1")
    #expect(plain.status == 0)
    #expect(!FileManager.default.fileExists(atPath: site + "/mail/changes.html"))
  }
}
