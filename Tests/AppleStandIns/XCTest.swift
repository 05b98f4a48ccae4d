// A stand-in for the part of Apple's XCTest that Sources/FlowAtlasUITesting calls, with Apple's
// signatures (Xcode 16 SDK), so that scripts/check-apple-adapters type-checks the helper on
// Linux. Declarations only: nothing here runs.
import Foundation

open class XCTest {
  open var name: String { "" }
}

open class XCTestCase: XCTest {
  open func add(_ attachment: XCTAttachment) {}
}

open class XCTAttachment: NSObject {
  public enum Lifetime: Int, Sendable {
    case keepAlways = 0
    case deleteOnSuccess = 1
  }

  public convenience init(contentsOfFile url: URL) { self.init() }
  open var name: String?
  open var lifetime: XCTAttachment.Lifetime = .deleteOnSuccess
}

@MainActor
open class XCUIElement: NSObject {}

@MainActor
open class XCUIApplication: XCUIElement {
  public override init() {}
  open var launchEnvironment: [String: String] = [:]
  open func launch() {}
  open func terminate() {}
}
