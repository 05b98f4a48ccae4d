import FlowAtlasBytes
import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation
import Testing

/// Trace format revision 4, `screen.image`: a run that takes screenshots takes them once a screen
/// has been shown, as its policy says, and writes each distinct picture once beside the trace.
@MainActor
struct ScreenshotRecordingTests {
  /// A capture that draws each screen a plain picture of its own colour, and counts its calls.
  final class Camera: @unchecked Sendable {
    private(set) var taken: [String] = []
    var refuses = false

    @MainActor func capture(_ screen: any Presentable) -> Screenshot? {
      guard !refuses else { return nil }
      taken.append(screen.screenType)
      let shade = UInt8(truncatingIfNeeded: screen.screenType.utf8.count * 40)
      let png = PNGEncoder.encode(width: 4, height: 6, rgb: [UInt8](repeating: shade, count: 4 * 6 * 3))
      return Screenshot(png: png, width: 4, height: 6)
    }
  }

  private func recording(
    _ policy: ScreenshotPolicy, in folder: String
  ) -> (Recorder, MemoryTraceSink, Camera, any RouterProtocol) {
    let (recorder, sink) = makeRecorder()
    let camera = Camera()
    recorder.takeScreenshots(policy, folder: folder) { camera.capture($0) }
    return (recorder, sink, camera, recorder.router(wrapping: StackRouter()))
  }

  private func images(in sink: MemoryTraceSink) -> [(screen: String, file: String)] {
    sink.events.compactMap { event in
      guard case .screenImage(let screen, let file, let width, let height) = event else { return nil }
      #expect(width == 4 && height == 6)
      return (screen, file)
    }
  }

  @Test func theFirstOfEachTypeIsTakenOnceTheScreenIsShownAndWrittenOnce() throws {
    let folder = try OwnFolder()
    let (recorder, sink, camera, router) = recording(.firstOfEachType, in: folder.path)
    router.setRoot(ProductListScreen(), animated: false)
    router.push(ProductScreen("Tea"), animated: true)
    router.pop(animated: true)
    router.push(ProductScreen("Cake"), animated: true)
    recorder.finish()

    #expect(camera.taken == ["ProductListScreen", "ProductScreen"])
    let pictures = images(in: sink)
    #expect(pictures.map(\.screen) == ["s1", "s2"])
    // Each after the event that showed its screen.
    guard case .setRoot = sink.events[0], case .screenImage = sink.events[1], case .push = sink.events[2],
      case .screenImage = sink.events[3]
    else { Issue.record("order: \(sink.events)"); return }
    for picture in pictures {
      #expect(picture.file.hasPrefix("images/") && picture.file.hasSuffix(".png"))
      let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/\(picture.file)"))
      #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
    #expect(Set(pictures.map(\.file)).count == 2)
  }

  @Test func everyTimeTakesOneAtEachShowingAndTheSameBytesAreOneFile() throws {
    let folder = try OwnFolder()
    let (recorder, sink, camera, router) = recording(.everyTime, in: folder.path)
    router.setRoot(ProductListScreen(), animated: false)
    router.push(ProductScreen("Tea"), animated: true)
    router.pop(animated: true)
    recorder.finish()

    #expect(camera.taken == ["ProductListScreen", "ProductScreen", "ProductListScreen"])
    let pictures = images(in: sink)
    #expect(pictures.map(\.screen) == ["s1", "s2", "s1"])
    #expect(pictures[0].file == pictures[2].file)
    let written = try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/images")
    #expect(written.count == 2)
  }

  @Test func neverAndARefusedCaptureRecordNothing() throws {
    let folder = try OwnFolder()
    let (recorder, sink, camera, router) = recording(.never, in: folder.path)
    router.setRoot(ProductListScreen(), animated: false)
    #expect(camera.taken.isEmpty && images(in: sink).isEmpty)

    let (other, otherSink, refusing, otherRouter) = recording(.firstOfEachType, in: folder.path)
    refusing.refuses = true
    otherRouter.setRoot(ProductListScreen(), animated: false)
    // A capture that gave nothing leaves the type to the next showing.
    refusing.refuses = false
    otherRouter.push(ProductListScreen(), animated: true)
    recorder.finish()
    other.finish()
    #expect(images(in: otherSink).map(\.screen) == ["s2"])
    // One file: the picture taken; nothing of the run that took none.
    #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/images").count == 1)
  }

  /// A tab's first screen, set while another tab shows, is pictured when its tab is selected.
  @Test func aScreenInATabNotSelectedWaitsForItsTab() throws {
    let folder = try OwnFolder()
    let (recorder, sink) = makeRecorder()
    let camera = Camera()
    recorder.takeScreenshots(.everyTime, folder: folder.path) { camera.capture($0) }
    let tabs = RecordingTabRouter(wrapping: TabRouter(tabs: ["home", "profile"]), recorder: recorder)
    let app = TabsCoordinator(tabs: tabs)
    recorder.launch(app)
    // Both tabs' roots were set; only home's is on screen.
    #expect(images(in: sink).map(\.screen) == ["s1"])
    tabs.recordingRouter(forTab: "profile")?.push(PaymentScreen())
    #expect(images(in: sink).map(\.screen) == ["s1"])
    app.showProfile()
    recorder.finish()
    #expect(images(in: sink).map(\.screen) == ["s1", "s3"])
    let selection = sink.events.firstIndex {
      if case .selectTab(_, _, _, "profile", _, _) = $0 { true } else { false }
    }
    #expect(selection.map { $0 < sink.events.count - 1 } == true)
  }

  @Test func aRunWithoutScreenshotsTakesNone() {
    let (recorder, sink) = makeRecorder()
    let router = recorder.router(wrapping: StackRouter())
    router.setRoot(ProductListScreen(), animated: false)
    recorder.finish()
    #expect(images(in: sink).isEmpty)
  }

  /// What a run wrote reads back clean: every picture inside the trace's folder, by the reader's
  /// own rules for `screen.image`.
  @Test func aTraceWithItsPicturesReadsWithoutDiagnostics() throws {
    let folder = try OwnFolder()
    let path = "\(folder.path)/run.jsonl"
    let writer = TraceWriter(path: path)
    let recorder = Recorder(header: TraceHeader(app: "Shop", run: "pictures"), sink: writer)
    let camera = Camera()
    recorder.takeScreenshots(folder: folder.path) { camera.capture($0) }
    let router = recorder.router(wrapping: StackRouter())
    router.setRoot(ProductListScreen(), animated: false)
    router.push(ProductScreen("Tea"), animated: true)
    recorder.finish()

    let trace = try TraceDocument.read(path: path)
    #expect(trace.diagnostics.isEmpty, "\(trace.diagnostics)")
    let files = trace.records.compactMap { record -> String? in
      if case .screenImage(_, let file, _, _) = record.event { return file }
      return nil
    }
    #expect(files.count == 2)
    for file in files { #expect(FileManager.default.fileExists(atPath: "\(folder.path)/\(file)")) }
  }
}
