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

    /// Attaches the traces this test's run wrote to the test's result, kept even when the test
    /// passes, so that CI exports them from the `.xcresult` bundle. Call it after the app has
    /// ended (`app.terminate()`), so the trace is whole.
    @MainActor
    public func attachNavigationTraces(_ traces: UITestTraces = .standard) {
      for path in traces.files(forTest: name) {
        let attachment = XCTAttachment(contentsOfFile: URL(fileURLWithPath: path))
        attachment.name = (path as NSString).lastPathComponent
        attachment.lifetime = .keepAlways
        add(attachment)
      }
    }
  }
#endif
