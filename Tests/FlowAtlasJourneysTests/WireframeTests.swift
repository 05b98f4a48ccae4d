import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation
import Testing

/// The headless examples' pictures: a wireframe of each screen, from what the app's journeys did
/// on it, recorded through `screen.image` as a device's screenshots are.
@MainActor
struct WireframeTests {
  /// A tabbed app: Profile and Settings tabs; Profile pushes Detail and presents Edit.
  private func learned() -> Wireframes {
    let records: [TraceEvent] = [
      .setRoot(
        screen: introduce("s1", "ProfileScreen"), coordinator: nil, router: "profile", background: true),
      .setRoot(
        screen: introduce("s2", "SettingsScreen"), coordinator: nil, router: "settings", background: true),
      .selectTab(screen: "s1", coordinator: nil, router: "profile", tab: "Profile"),
      .userAction(screen: "s1", action: "Edit", label: nil),
      .userAction(screen: "s1", action: "Open detail", label: "Ada King"),
      .userAction(screen: "s1", action: "Edit", label: nil),
      .push(screen: introduce("s3", "DetailScreen"), coordinator: nil, router: "profile", animated: true),
      .present(screen: introduce("s4", "EditScreen"), coordinator: nil, router: "profile", animated: true),
      .selectTab(screen: "s2", coordinator: nil, router: "settings", tab: "Settings"),
    ]
    var wireframes = Wireframes()
    wireframes.learn(from: records.enumerated().map { TraceRecord(seq: $0 + 1, time: nil, event: $1) })
    return wireframes
  }

  private func pixel(_ drawing: WireframeDrawing, x: Int, y: Int) -> [UInt8] {
    let pixels = drawing.pixels()
    let index = (y * WireframeDrawing.width + x) * 3
    return Array(pixels[index..<index + 3])
  }

  @Test func eachScreenIsDrawnWhereItWasShownWithTheActionsTheJourneysTook() {
    let wireframes = learned()
    let profile = wireframes.drawing(of: "ProfileScreen", title: "Profile")
    #expect(profile.actions == ["Edit", "Open detail"])
    #expect(profile.tabs == ["Profile", "Settings"] && profile.selectedTab == "Profile")
    #expect(!profile.isSheet && !profile.hasBack)
    let detail = wireframes.drawing(of: "DetailScreen", title: "Tea")
    #expect(detail.hasBack && detail.selectedTab == "Profile" && detail.actions.isEmpty)
    let edit = wireframes.drawing(of: "EditScreen", title: "Edit")
    #expect(edit.isSheet && edit.tabs.isEmpty)
    let unknown = wireframes.drawing(of: "NeverShown", title: "NeverShown")
    #expect(!unknown.isSheet && !unknown.hasBack && unknown.tabs.isEmpty && unknown.actions.isEmpty)
  }

  @Test func theDrawingShowsTheSheetTheTabBarAndAButtonPerAction() {
    let wireframes = learned()
    let profile = wireframes.drawing(of: "ProfileScreen", title: "Profile")
    let edit = wireframes.drawing(of: "EditScreen", title: "Edit")
    // The sheet's backdrop above its card; a screen in a tab has its navigation bar there.
    #expect(pixel(edit, x: 5, y: 5) == [120, 120, 128])
    #expect(pixel(profile, x: 5, y: 5) == [247, 247, 247])
    // The tab bar at the bottom, only in a tab.
    #expect(pixel(profile, x: 5, y: 830) == [247, 247, 247])
    #expect(pixel(edit, x: 5, y: 830) == [255, 255, 255])
    // A button's blue border per action: two on Profile, none on Edit.
    for top in [220, 280] { #expect(pixel(profile, x: 16, y: top + 10) == [0, 122, 255]) }
    #expect(pixel(profile, x: 16, y: 350) == [255, 255, 255])
    #expect(pixel(edit, x: 16, y: 246) == [255, 255, 255])
    // The title is drawn: its line has dark pixels.
    let pixels = profile.pixels()
    let titleRows = pixels[(66 * WireframeDrawing.width * 3)..<(81 * WireframeDrawing.width * 3)]
    #expect(titleRows.indices.contains { $0 % 3 == 0 && Array(pixels[$0..<$0 + 3]) == [28, 28, 30] })
  }

  @Test func theSameScreenGivesTheSameBytesAndAnotherTitleOthers() {
    let wireframes = learned()
    let one = wireframes.drawing(of: "DetailScreen", title: "Tea").png()
    #expect(one == wireframes.drawing(of: "DetailScreen", title: "Tea").png())
    #expect(one != wireframes.drawing(of: "DetailScreen", title: "Cake").png())
    // Letters the font lacks, and a title wider than the bar, are drawn without a fault.
    let long = String(repeating: "Straße ☕️ ", count: 20)
    #expect(wireframes.drawing(of: "DetailScreen", title: long).png().count > 100)
  }

  /// A journey recorded with its wireframes: a `screen.image` per type of screen, each a file
  /// beside the trace, and a header that says what the pictures are.
  @Test func aJourneyIsRecordedWithAWireframeOfEachScreen() throws {
    let folder = try OwnFolder()
    let journey = ScriptedJourney(app: "Shop", run: "browse", title: "Browse") { recorder in
      let router = recorder.router(wrapping: StackRouter())
      router.setRoot(ProductListScreen(), animated: false)
      router.push(ProductScreen("Tea"), animated: true)
      router.pop(animated: true)
      router.push(ProductScreen("Cake"), animated: true)
    }
    let path = "\(folder.path)/browse.jsonl"
    let writer = TraceWriter(path: path)
    try journey.record(to: writer, wireframes: Wireframes(), folder: folder.path)
    let trace = try TraceDocument.read(path: path)
    #expect(trace.diagnostics.isEmpty)
    #expect(trace.header?.metadata["pictures"] == Wireframes.metadataValue)
    let files = trace.records.compactMap { record -> String? in
      if case .screenImage(_, let file, 390, 844) = record.event { return file }
      return nil
    }
    #expect(files.count == 2)
    for file in files { #expect(FileManager.default.fileExists(atPath: "\(folder.path)/\(file)")) }
  }
}
