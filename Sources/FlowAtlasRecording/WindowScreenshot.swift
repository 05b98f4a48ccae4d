#if canImport(UIKit)
  import FlowAtlasPattern
  import Foundation
  import UIKit

  extension Recorder {
    /// Takes screenshots of the app's window as the person sees it, once the transition that
    /// showed a screen has finished, and records each as `screen.image` beside the trace.
    ///
    /// Secure text fields (`isSecureTextEntry`) and the views the app marks
    /// (``UIKit/UIView/hidesInFlowAtlasScreenshots``) are painted over before the picture leaves
    /// the app. Turn it on for the runs whose pictures you want (a UI test run, a design review):
    /// each picture costs a drawing of the window, a PNG encoding and a file.
    /// - Parameters:
    ///   - policy: When: the first time each type of screen is shown (the default), every time,
    ///     or never.
    ///   - folder: The trace's folder (``TraceWriter/path`` without its file name).
    @MainActor
    public func takeScreenshots(_ policy: ScreenshotPolicy = .firstOfEachType, folder: String) {
      takeScreenshots(policy, folder: folder) { screen in WindowScreenshot.capture(screen) }
    }
  }

  extension UIView {
    /// Whether FlowAtlas paints this view over in the screenshots it takes: set it on a view
    /// showing what must not leave the device (an account number, a face). Secure text fields
    /// are painted over without it.
    @MainActor
    public var hidesInFlowAtlasScreenshots: Bool {
      get { WindowScreenshot.hidden.contains { $0.view === self } }
      set {
        WindowScreenshot.hidden.removeAll { $0.view == nil || $0.view === self }
        if newValue { WindowScreenshot.hidden.append(WindowScreenshot.Marked(view: self)) }
      }
    }
  }

  /// A picture of a screen's window, with what must not leave the device painted over.
  @MainActor
  package enum WindowScreenshot {
    struct Marked {
      weak var view: UIView?
    }

    /// The views the app marked, held weakly.
    static var hidden: [Marked] = []

    /// The window showing `screen`, drawn as it is on screen (UIKit's last frame, the transition
    /// over), painted over where secure text fields and marked views are, as a PNG; nil where
    /// `screen` is no view controller in a window.
    package static func capture(_ screen: any Presentable) -> Screenshot? {
      guard let controller = screen as? UIViewController, let window = controller.viewIfLoaded?.window,
        window.bounds.width >= 1, window.bounds.height >= 1
      else { return nil }
      let bounds = window.bounds
      let covered = coveredFrames(in: window)
      // The device's own scale and range: the picture is what the person saw, pixel for pixel.
      let format = UIGraphicsImageRendererFormat.preferred()
      let png = UIGraphicsImageRenderer(bounds: bounds, format: format).pngData { context in
        window.drawHierarchy(in: bounds, afterScreenUpdates: false)
        UIColor.black.setFill()
        for frame in covered { context.fill(frame) }
      }
      // The size the PNG says (its header), not one worked out from points and scale: a window
      // of a fractional size is rounded by UIKit, perhaps otherwise.
      let bytes = [UInt8](png)
      guard let size = Screenshot.pngSize(bytes) else { return nil }
      return Screenshot(png: bytes, width: size.width, height: size.height)
    }

    /// Where `window` shows what must be painted over, in its coordinates: every secure text
    /// field and marked view that is not hidden (hidden ones draw nothing); what they contain is
    /// covered with them.
    static func coveredFrames(in window: UIWindow) -> [CGRect] {
      var frames: [CGRect] = []
      func visit(_ view: UIView) {
        guard !view.isHidden else { return }
        let secure = (view as? UITextField)?.isSecureTextEntry ?? false
        if secure || view.hidesInFlowAtlasScreenshots {
          frames.append(view.convert(view.bounds, to: window))
          return
        }
        for subview in view.subviews { visit(subview) }
      }
      visit(window)
      return frames
    }
  }
#endif
