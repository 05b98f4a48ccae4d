// The XCTest helper for UI tests: launch the app recording this test's run, then attach the
// trace it wrote to the test's result. Only where XCTest UI testing exists; what it decides
// (environment, file names) is `UITestTraces`, tested on every platform. Type-checked on Linux
// by scripts/check-apple-adapters against stand-ins with Apple's signatures.
#if canImport(UIKit) && canImport(XCTest)
  import FlowAtlasRecording
  import Foundation
  import XCTest

  extension XCTestCase {
    /// Launches `app` recording this test's run: its traces go into `traces` and the run is
    /// named after the test.
    @MainActor
    public func launchRecordingNavigation(_ app: XCUIApplication, traces: UITestTraces = .standard) {
      for (key, value) in traces.launchEnvironment(forTest: name) { app.launchEnvironment[key] = value }
      app.launch()
    }

    /// Launches `app` recording this test's run and taking screenshots as `screenshots` says
    /// (the app passes `TraceDestination.screenshots` to `Recorder.takeScreenshots`).
    @MainActor
    public func launchRecordingNavigation(
      _ app: XCUIApplication, screenshots: ScreenshotPolicy, traces: UITestTraces = .standard
    ) {
      for (key, value) in traces.launchEnvironment(forTest: name, screenshots: screenshots) {
        app.launchEnvironment[key] = value
      }
      app.launch()
    }

    /// Attaches the traces this test's run wrote to the test's result, and the screenshots they
    /// name, kept even when the test passes, so that CI exports them from the `.xcresult`
    /// bundle: a trace by its file name, a picture as `flowatlas-image-<hash>`
    /// (`UITestTraces.attachmentName(ofImage:)`), which `scripts/collect-xcresult-traces` puts
    /// back at `images/<hash>.png` beside the traces. Call it after the app has ended
    /// (`app.terminate()`), so the trace is whole.
    @MainActor
    public func attachNavigationTraces(_ traces: UITestTraces = .standard) {
      var attachments = traces.files(forTest: name).map { (($0 as NSString).lastPathComponent, $0) }
      for image in traces.images(forTest: name) {
        if let named = UITestTraces.attachmentName(ofImage: image.file) {
          attachments.append((named, image.path))
        }
      }
      for (named, path) in attachments {
        let attachment = XCTAttachment(contentsOfFile: URL(fileURLWithPath: path))
        attachment.name = named
        attachment.lifetime = .keepAlways
        add(attachment)
      }
    }
  }
#endif
