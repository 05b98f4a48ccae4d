/// A router that stands for another one (a coordinator's view of its router, a recording
/// router): a person's gesture goes to the router underneath, whose observers (this one among
/// them) hear what the system did.
@MainActor
package protocol RouterWrapper: AnyObject {
  /// The router this one forwards to.
  var routerUnderneath: AnyObject { get }
}

/// The router at the bottom of `router`'s wrappers: `router` itself when it wraps nothing.
@MainActor
package func innermostRouter(_ router: AnyObject) -> AnyObject {
  var current = router
  while let wrapper = current as? any RouterWrapper {
    current = wrapper.routerUnderneath
  }
  return current
}
