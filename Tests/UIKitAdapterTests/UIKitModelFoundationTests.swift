import Testing
import UIKit

/// The model of UIKit re-exports Foundation, as `import UIKit` does, and its NSObject is the one
/// with the Objective-C runtime's methods: this file imports UIKit alone.
@MainActor @Suite(.serialized) struct UIKitModelFoundationTests {
  @Test func importUIKitGivesFoundationAndTheRuntimesNSObject() async {
    let url = URL(string: "https://example.com/items/7")
    #expect(url?.lastPathComponent == "7")
    #expect(Date(timeIntervalSince1970: 0) < Date())
    let frame = CGRect(x: 0, y: 0, width: CGFloat(320), height: 44)
    #expect(frame.width == 320)
    let ran = await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume(returning: true) }
    }
    #expect(ran)
    let delegate = Responder()
    #expect(delegate.responds(to: Selector("tableView:didSelectRowAt:")))
    #expect(delegate.forwardingTarget(for: "x") == nil)
    // Foundation's NSObject underneath: identity equality and hash, a description.
    let other = Responder()
    #expect(delegate != other && Set([delegate, other, delegate]).count == 2)
    #expect(delegate.description.contains("Responder"))
    #expect(Bundle.main.bundlePath.isEmpty == false)
  }
}

/// An NSObject subclass that says what it implements, as Objective-C code does.
private final class Responder: NSObject {
  override func responds(to aSelector: Selector!) -> Bool {
    aSelector.description == "tableView:didSelectRowAt:"
  }
}
