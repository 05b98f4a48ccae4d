// The model of UIKit's behaviour (see UIKitModel.swift), part one: what UIKit's files reach
// through the Objective-C runtime, in Swift alone, so that the shipped UIKit adapters compile
// against this module unchanged and run on Linux, where there is no Objective-C runtime.
//
// It is a module of its own, as Apple's `ObjectiveC` is, for one reason: Foundation on Linux has
// an `NSObject` of its own, without the runtime's methods. The model re-exports Foundation (as
// UIKit does) and this `NSObject` by a scoped import (`@_exported import class`), which Swift's
// name lookup prefers, so that a file that imports both Foundation and UIKit still means this
// one. A module's own declarations shadow those of a module it imports only where every path to
// the other goes through it, which a file's own `import Foundation` breaks.
//
// Two things the runtime does are modelled here:
// - An optional delegate requirement, called as `delegate?.method?(…)`. The model declares each
//   one as a requirement with a default implementation that stands for "not implemented", and a
//   property of the requirement's base name whose value is called (`callAsFunction`), so that the
//   same call compiles here and against UIKit.
// - Message forwarding. A message an object does not implement goes to what its
//   `forwardingTarget(for:)` returns (Apple: NSObject, forwardingTarget(for:)): the default
//   implementations do exactly that.
// What the model assumes where Swift cannot ask the runtime: an object answers
// `responds(to:)` for the optional methods it implements only if its class says so by overriding
// `responds(to:)` (Swift on Linux cannot list an object's methods); UIKit's own checks that the
// model makes go through `responds(to:)` as on a device.
import Foundation

/// A method's Objective-C name (Apple: Selector). On Linux `#selector` does not exist: write
/// `Selector("done")` or `"done"`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  public let description: String

  public init(_ name: String) { description = name }
  public init(stringLiteral value: String) { description = value }
}

/// Apple: NSObjectProtocol, with Foundation's requirements (equality, hash, description) and the
/// runtime's `responds(to:)`.
public protocol NSObjectProtocol: Foundation.NSObjectProtocol {
  func responds(to aSelector: Selector!) -> Bool
}

/// Apple: NSObject: the root class, with the runtime's `responds(to:)` and forwarding. It is
/// Foundation's `NSObject` (identity equality and hash, `description`), so that UIKit's objects
/// can be kept in sets and dictionaries as on a device.
open class NSObject: Foundation.NSObject, NSObjectProtocol {
  public override init() { super.init() }

  /// Apple: "Returns a Boolean value that indicates whether the receiver implements or inherits
  /// a method that can respond to a specified message." Here: false unless a subclass says so.
  open func responds(to aSelector: Selector!) -> Bool { false }

  /// Apple: "Returns the object to which unrecognized messages should first be directed."
  open func forwardingTarget(for aSelector: Selector!) -> Any? { nil }
}

extension NSObjectProtocol {
  /// Where the runtime sends `selector`, which this object does not implement: its forwarding
  /// target's `Delegate` (once, as the runtime asks `forwardingTarget(for:)` once per message).
  package func forwarded<Delegate>(_ selector: Selector, as _: Delegate.Type) -> Delegate? {
    (self as? NSObject)?.forwardingTarget(for: selector) as? Delegate
  }
}
