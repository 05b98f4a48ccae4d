// A small app in the style of the open-source iOS apps the model of UIKit is for: Swift 5
// language mode, coordinators that are plain classes (not isolated), NSObject delegates, a tab
// bar controller that is its own delegate, screens from a storyboard. It compiles against the
// model (`import UIKit`) with the changes Linux forces and no others: `Selector("close")` for
// `#selector(close)` (no Objective-C runtime), no `@IBOutlet` (an Objective-C attribute), no
// `@main` on the app delegate (iOS's UIApplicationMain launches it; here
// `UIKitModel.launch(appDelegate:)` does). What `Main.storyboard` would hold, and what
// `close` does, the test registers.

/// What the app's screens heard, one line each, in order.
public final class Journal {
  public private(set) var lines: [String] = []

  func write(_ line: String) { lines.append(line) }

  /// The lines written since the last call.
  public func take() -> [String] {
    defer { lines = [] }
    return lines
  }
}
