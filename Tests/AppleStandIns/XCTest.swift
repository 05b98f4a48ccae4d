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
  public enum State: UInt, Sendable {
    case unknown = 0
    case notRunning = 1
    case runningBackgroundSuspended = 2
    case runningBackground = 3
    case runningForeground = 4
  }

  public override init() {}
  open var launchEnvironment: [String: String] = [:]
  open var state: XCUIApplication.State { .unknown }
  open func launch() {}
  open func terminate() {}
  open func wait(for state: XCUIApplication.State, timeout: TimeInterval) -> Bool { false }
}

@MainActor
open class XCUIDevice: NSObject {
  public enum Button: Int, Sendable {
    case home = 1
    case volumeUp = 2
    case volumeDown = 3
  }

  open class var shared: XCUIDevice { XCUIDevice() }
  open func press(_ button: XCUIDevice.Button) {}
}
