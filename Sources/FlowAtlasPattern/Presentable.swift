/// A screen that a router can show.
///
/// The core of the pattern needs no UI framework: on Apple platforms a
/// `UIViewController` conforms through the UIKit adapter, in tests and in the
/// headless examples any class can.
@MainActor
public protocol Presentable: AnyObject {
  /// The title people see for this screen, if it has one.
  var screenTitle: String? { get }
}

extension Presentable {
  public var screenTitle: String? { nil }

  /// The screen's type name as the trace records it (for example `LoginViewController`).
  public var screenType: String { String(describing: type(of: self)) }
}
