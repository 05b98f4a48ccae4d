// A stand-in for Apple's ObjectiveC module, for the compiler only: scripts/check-apple-adapters
// type-checks the UIKit adapters against it on Linux. It declares what the adapters use, with
// Apple's signatures, and the bridging the compiler needs for @objc. Nothing here runs.
public struct Selector: Hashable, ExpressibleByStringLiteral {
  public init(_ name: String) {}
  public init(stringLiteral value: String) {}
}
@objc public protocol NSObjectProtocol: AnyObject {
  func responds(to aSelector: Selector!) -> Bool
}
@objc open class NSObject: NSObjectProtocol {
  public init() {}
  open func responds(to aSelector: Selector!) -> Bool { false }
  open func forwardingTarget(for aSelector: Selector!) -> Any? { nil }
  open func isEqual(_ object: Any?) -> Bool { false }
  open var hash: Int { 0 }
}
// Apple: NSObject is Equatable and Hashable in Swift (by `isEqual(_:)` and `hash`): apps key
// dictionaries by view controllers.
extension NSObject: Equatable, Hashable {
  public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs.isEqual(rhs) }
  public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
@frozen public struct ObjCBool {
  var value: Bool
  public init(_ value: Bool) { self.value = value }
  public var boolValue: Bool { value }
}
public func _convertBoolToObjCBool(_ x: Bool) -> ObjCBool { ObjCBool(x) }
public func _convertObjCBoolToBool(_ x: ObjCBool) -> Bool { x.boolValue }
