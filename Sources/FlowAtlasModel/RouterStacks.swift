import FlowAtlasTrace

/// The spec's model of what routers show ("The model a reader derives", "Stacks").
///
/// Each router has a navigation stack and, above it, modal layers that are
/// navigation stacks of their own. Routers are ordered by their latest event,
/// newest first; the current screen is the top of the first router that shows
/// anything, so a flow that empties its own router uncovers the screen beneath.
struct RouterStacks {
  /// One router's screens: its navigation stack and the modal layers above it.
  struct Stack {
    var base: [Screen] = []
    /// Never holds an empty layer: `present` adds a layer of one screen and
    /// nothing removes a layer's last screen except `dismiss`, which drops the layer.
    var modals: [[Screen]] = []

    var top: Screen? { modals.last?.last ?? base.last }
    var showsNothing: Bool { base.isEmpty && modals.isEmpty }
  }

  /// The router an event addresses: its id, or nil for the default router.
  typealias RouterID = String?

  private var stacks: [RouterID: Stack] = [:]
  /// Routers that entered the order, newest event first. Small: one per tab at most.
  private var order: [RouterID] = []

  /// The screen people see now, if any.
  var current: Screen? {
    for router in order {
      if let top = stacks[router]?.top { return top }
    }
    return nil
  }

  /// Replaces everything `router` shows with `screen`; a background `setRoot`
  /// prepares the router without entering it in (or moving it within) the order.
  mutating func setRoot(_ screen: Screen, router: RouterID, background: Bool) {
    stacks[router] = Stack(base: [screen])
    if !background { bringToFront(router) }
  }

  /// Adds `screen` to the top layer of `router`.
  mutating func push(_ screen: Screen, router: RouterID) {
    bringToFront(router)
    if stacks[router, default: Stack()].modals.isEmpty {
      stacks[router, default: Stack()].base.append(screen)
    } else {
      let last = stacks[router]!.modals.count - 1
      stacks[router]!.modals[last].append(screen)
    }
  }

  /// Removes the top layer's top screen.
  /// - Returns: false when the layer has only one screen (or none): `empty-stack`.
  mutating func pop(router: RouterID) -> Bool {
    bringToFront(router)
    guard var stack = stacks[router] else { return false }
    if stack.modals.isEmpty {
      guard stack.base.count > 1 else { return false }
      stack.base.removeLast()
    } else {
      let last = stack.modals.count - 1
      guard stack.modals[last].count > 1 else { return false }
      stack.modals[last].removeLast()
    }
    stacks[router] = stack
    return true
  }

  /// Keeps only the top layer's first screen.
  /// - Returns: false when there was nothing to remove: `empty-stack`.
  mutating func popToRoot(router: RouterID) -> Bool {
    bringToFront(router)
    guard var stack = stacks[router] else { return false }
    if stack.modals.isEmpty {
      guard stack.base.count > 1 else { return false }
      stack.base.removeSubrange(1...)
    } else {
      let last = stack.modals.count - 1
      guard stack.modals[last].count > 1 else { return false }
      stack.modals[last].removeSubrange(1...)
    }
    stacks[router] = stack
    return true
  }

  /// Adds a modal layer holding `screen` above everything `router` shows.
  mutating func present(_ screen: Screen, router: RouterID) {
    bringToFront(router)
    stacks[router, default: Stack()].modals.append([screen])
  }

  /// Removes the topmost modal layer.
  /// - Returns: false when there is no modal layer: `empty-stack`.
  mutating func dismiss(router: RouterID) -> Bool {
    bringToFront(router)
    guard stacks[router]?.modals.isEmpty == false else { return false }
    stacks[router]!.modals.removeLast()
    return true
  }

  /// Makes `router` the one shown; a router that shows nothing yet gets `screen` as its stack.
  mutating func selectTab(_ screen: Screen, router: RouterID) {
    bringToFront(router)
    if stacks[router]?.showsNothing ?? true {
      stacks[router] = Stack(base: [screen])
    }
  }

  private mutating func bringToFront(_ router: RouterID) {
    if order.first == router { return }
    if let index = order.firstIndex(of: router) { order.remove(at: index) }
    order.insert(router, at: 0)
  }
}
