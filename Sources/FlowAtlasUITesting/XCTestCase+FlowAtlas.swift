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

    /// Ends `app`'s run with its trace whole, then terminates it: sends the app to the background,
    /// where it finishes its recorder (docs/ui-tests.md, step 1), and waits until the system
    /// suspends it, which it does only once the app's background callbacks have returned (at
    /// most `timeout` seconds). `app.terminate()` alone kills the app, and the events of its
    /// last moments, still in the writer's buffer, with it.
    @MainActor
    public func finishRecordingNavigation(_ app: XCUIApplication, timeout: TimeInterval = 10) {
      // The home button is an iPhone's and an iPad's (tvOS has a remote, a Mac none): elsewhere
      // the app is terminated as it is, and should finish its recorder itself.
      #if !os(tvOS) && !targetEnvironment(macCatalyst)
        XCUIDevice.shared.press(.home)
        _ = app.wait(for: .runningBackgroundSuspended, timeout: timeout)
      #endif
      app.terminate()
    }

    /// Attaches the traces this test's run wrote to the test's result, and the screenshots they
    /// name, kept even when the test passes, so that CI exports them from the `.xcresult`
    /// bundle: a trace by its file name, a picture as `flowatlas-image-<hash>`
    /// (`UITestTraces.attachmentName(ofImage:)`), which `scripts/collect-xcresult-traces` puts
    /// back at `images/<hash>.png` beside the traces. Call it after the app's run has ended
    /// (``finishRecordingNavigation(_:timeout:)``), so the trace is whole.
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
