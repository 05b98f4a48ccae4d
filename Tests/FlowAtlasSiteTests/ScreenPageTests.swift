import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation
import Testing

@testable import FlowAtlasSite

/// A screen's page lists the problems recorded while it was the screen shown, and those with its
/// screenshots, and no others.
@Suite struct ScreenPageTests {
  /// The inbox, then a message on top of it.
  static let opening = """
    {"flowatlas":"trace","version":1,"app":"Mail","run":"read"}
    {"seq":1,"event":"coordinator.start","coordinator":"a","type":"InboxCoordinator"}
    {"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"InboxViewController"},"coordinator":"a"}
    {"seq":3,"event":"router.push","screen":{"id":"s2","type":"MessageViewController"},"coordinator":"a"}

    """
  static let trace =
    opening + """
      {"seq":4,"event":"app.somethingNew","detail":"while the message is shown"}
      {"seq":5,"event":"router.pop","coordinator":"a","screen":"s2"}
      {"seq":6,"event":"app.somethingElse"}

      """

  static let file = "traces/mail.jsonl"

  /// The model of `trace`, with `badImages` (trace lines) reported as bad screenshots, its
  /// replay's own problems checked against `lines`.
  static func model(of trace: String, lines: [Int], badImages: [Int] = []) -> NavigationModel {
    let replayed = ModelBuilder(workers: 1).build(traces: [(file, Array(trace.utf8))])
    #expect(replayed.diagnostics.map(\.line) == lines, "\(replayed.diagnostics)")
    return replayed.withPictures(
      [:], ofRuns: [:],
      problems: badImages.map { Diagnostic(code: .badImage, file: file, line: $0, message: "not a PNG") }
    )
  }

  /// The screen pages of `model`'s site, by screen slug.
  static func screenPages(of model: NavigationModel, _ slugs: [String]) throws -> [String] {
    let temp = try TemporaryFolder()
    defer { temp.remove() }
    let site = temp.url.appendingPathComponent("site")
    try SiteBuilder(model: model, diagrams: FakeDiagramProvider(), notes: nil).build(into: site)
    return try slugs.map {
      try String(contentsOf: site.appendingPathComponent("mail/screen-\($0).html"), encoding: .utf8)
    }
  }

  @Test func aScreensProblemsAreThoseRecordedWhileItWasShown() throws {
    let pages = try Self.screenPages(
      of: Self.model(of: Self.trace, lines: [5, 7]), ["message-view-controller", "inbox-view-controller"])
    let (message, inbox) = (pages[0], pages[1])
    #expect(message.contains(", line 5: ") && !message.contains(", line 7: "), "\(message)")
    #expect(inbox.contains(", line 7: ") && !inbox.contains(", line 5: "), "\(inbox)")
    #expect(message.contains("<code>unknown-event</code>"))
  }

  /// A problem with a screenshot is on the page of the screen it pictures, not on that of the
  /// screen shown when it was taken.
  @Test func aScreensProblemsIncludeThoseWithItsScreenshots() throws {
    let trace =
      Self.opening + """
        {"seq":4,"event":"screen.image","screen":"s1","file":"shots/inbox.png"}

        """
    let pages = try Self.screenPages(
      of: Self.model(of: trace, lines: [], badImages: [5]),
      ["inbox-view-controller", "message-view-controller"])
    let (inbox, message) = (pages[0], pages[1])
    #expect(inbox.contains(", line 5: ") && inbox.contains("<code>bad-image</code>"), "\(inbox)")
    // Shown when the picture was taken, but the problem is the inbox's picture's.
    #expect(!message.contains(", line 5: "), "\(message)")
  }

  /// A problem read while a screen was shown, at the line of its own screenshot, is listed once,
  /// beside the screenshot's own problem at that line.
  @Test func aProblemBothWhileShownAndWithItsScreenshotIsListedOnce() throws {
    // Back on the inbox, its screenshot's line repeats a `seq`: a problem read while it was shown.
    let trace =
      Self.opening + """
        {"seq":4,"event":"router.pop","coordinator":"a","screen":"s2"}
        {"seq":4,"event":"screen.image","screen":"s1","file":"shots/inbox.png"}

        """
    let inbox = try Self.screenPages(
      of: Self.model(of: trace, lines: [6], badImages: [6]), ["inbox-view-controller"])[0]
    #expect(inbox.components(separatedBy: ", line 6: ").count - 1 == 2, "\(inbox)")
    #expect(inbox.contains("<code>bad-image</code>") && inbox.contains("<code>seq-order</code>"), "\(inbox)")
  }
}
