/// The spec's model of what routers show ("The model a reader derives", "Stacks").
///
/// Each router has a navigation stack and, above it, modal layers that are
/// navigation stacks of their own. Routers are ordered by their latest event,
/// newest first; the current screen is the top of the first router that shows
/// anything, so a flow that empties its own router uncovers the screen beneath.
///
/// Routers live in one array, newest first, searched linearly: almost every event addresses
/// the newest, so this beats hashing.
struct RouterStacks {
  /// One router's screens: its navigation stack and the modal layers above it.
  struct Stack {
    var base: [ShownScreen] = []
    /// Never holds an empty layer: `present` adds a layer of one screen and
    /// nothing removes a layer's last screen except `dismiss`, which drops the layer.
    var modals: [[ShownScreen]] = []

    var top: ShownScreen? { modals.last?.last ?? base.last }
    var showsNothing: Bool { base.isEmpty && modals.isEmpty }
  }

  /// The router an event addresses: its id's index in the run's table of router ids
  /// (``RunReplay/routerID(_:)``), or -1 for the default router. A run may address hundreds of
  /// routers (one per flow it presents), so the search below compares integers, not strings.
  typealias RouterID = Int32

  private struct Entry {
    var router: RouterID
    var stack = Stack()
  }

  /// Routers that entered the order, newest event first.
  private var ordered: [Entry] = []
  /// Routers prepared by a background `setRoot` that have not entered the order yet.
  private var waiting: [Entry] = []
  /// The last screens removed, oldest overwritten first: a `user.action` may name a
  /// screen just popped (writers can record the tap after the transition it caused).
  private var removed: [ShownScreen] = []
  private var nextRemoved = 0
  private static let removedKept = 16
  /// Screens a coordinator instance put there that the latest changes removed, for the
  /// replay to drain (``drainDeparted(_:)``): how it knows which coordinators stopped showing.
  private var departed: [ShownScreen] = []

  /// The screen people see now, if any.
  var current: ShownScreen? {
    for entry in ordered {
      if let top = entry.stack.top { return top }
    }
    return nil
  }

  /// A screen some router still shows (searched from the newest router down), else one
  /// of the last few removed.
  func screen(withID id: Int32) -> ShownScreen? {
    func find(in entries: [Entry]) -> ShownScreen? {
      for entry in entries {
        for layer in entry.stack.modals.reversed() {
          if let screen = layer.last(where: { $0.id == id }) { return screen }
        }
        if let screen = entry.stack.base.last(where: { $0.id == id }) { return screen }
      }
      return nil
    }
    return find(in: ordered) ?? find(in: waiting) ?? removed.last { $0.id == id }
  }

  /// Hands each departed screen to `body`, then forgets them.
  mutating func drainDeparted(_ body: (ShownScreen) -> Void) {
    guard !departed.isEmpty else { return }
    for screen in departed { body(screen) }
    departed.removeAll(keepingCapacity: true)
  }

  private mutating func retire(_ screen: ShownScreen) {
    if screen.owner >= 0 { departed.append(screen) }
    if removed.count < Self.removedKept {
      removed.append(screen)
    } else {
      removed[nextRemoved] = screen
      nextRemoved = (nextRemoved + 1) % Self.removedKept
    }
  }

  private mutating func retire(_ stack: Stack) {
    for screen in stack.base { retire(screen) }
    for layer in stack.modals {
      for screen in layer { retire(screen) }
    }
  }

  /// Replaces everything `router` shows with `screen`; a background `setRoot`
  /// prepares the router without entering it in (or moving it within) the order.
  mutating func setRoot(_ screen: ShownScreen, router: RouterID, background: Bool) {
    if background, let index = ordered.firstIndex(where: { $0.router == router }) {
      retire(ordered[index].stack)
      ordered[index].stack = Stack(base: [screen])
    } else if background {
      if let index = waiting.firstIndex(where: { $0.router == router }) {
        retire(waiting[index].stack)
        waiting[index].stack = Stack(base: [screen])
      } else {
        waiting.append(Entry(router: router, stack: Stack(base: [screen])))
      }
    } else {
      let index = front(router)
      retire(ordered[index].stack)
      ordered[index].stack = Stack(base: [screen])
    }
  }

  /// Adds `screen` to the top layer of `router`.
  mutating func push(_ screen: ShownScreen, router: RouterID) {
    let index = front(router)
    if ordered[index].stack.modals.isEmpty {
      ordered[index].stack.base.append(screen)
    } else {
      ordered[index].stack.modals[ordered[index].stack.modals.count - 1].append(screen)
    }
  }

  /// Removes the top layer's top screen.
  /// - Returns: false when the layer has only one screen (or none): `empty-stack`.
  mutating func pop(router: RouterID) -> Bool {
    let index = front(router)
    if ordered[index].stack.modals.isEmpty {
      guard ordered[index].stack.base.count > 1 else { return false }
      retire(ordered[index].stack.base.removeLast())
    } else {
      let last = ordered[index].stack.modals.count - 1
      guard ordered[index].stack.modals[last].count > 1 else { return false }
      retire(ordered[index].stack.modals[last].removeLast())
    }
    return true
  }

  /// What `popTo` found.
  enum PopToOutcome {
    case popped
    /// The screen is the top layer's top already: `empty-stack`.
    case alreadyTop
    /// The screen is not in the top layer: `not-on-stack`.
    case notOnStack
  }

  /// Removes the screens above the screen `id` in the top layer of `router`; changes nothing
  /// when that screen is the top already or is not in the top layer.
  mutating func popTo(_ id: Int32, router: RouterID) -> PopToOutcome {
    let index = front(router)
    let modalCount = ordered[index].stack.modals.count
    let layer = modalCount == 0 ? ordered[index].stack.base : ordered[index].stack.modals[modalCount - 1]
    guard let position = layer.lastIndex(where: { $0.id == id }) else { return .notOnStack }
    guard position < layer.count - 1 else { return .alreadyTop }
    retire(Stack(base: Array(layer[(position + 1)...])))
    if modalCount == 0 {
      ordered[index].stack.base.removeSubrange((position + 1)...)
    } else {
      ordered[index].stack.modals[modalCount - 1].removeSubrange((position + 1)...)
    }
    return .popped
  }

  /// Keeps only the top layer's first screen.
  /// - Returns: false when there was nothing to remove: `empty-stack`.
  mutating func popToRoot(router: RouterID) -> Bool {
    let index = front(router)
    if ordered[index].stack.modals.isEmpty {
      guard ordered[index].stack.base.count > 1 else { return false }
      retire(Stack(base: Array(ordered[index].stack.base.dropFirst())))
      ordered[index].stack.base.removeSubrange(1...)
    } else {
      let last = ordered[index].stack.modals.count - 1
      guard ordered[index].stack.modals[last].count > 1 else { return false }
      retire(Stack(base: Array(ordered[index].stack.modals[last].dropFirst())))
      ordered[index].stack.modals[last].removeSubrange(1...)
    }
    return true
  }

  /// Adds a modal layer holding `screen` above everything `router` shows.
  mutating func present(_ screen: ShownScreen, router: RouterID) {
    let index = front(router)
    ordered[index].stack.modals.append([screen])
  }

  /// Removes the topmost modal layer.
  /// - Returns: false when there is no modal layer: `empty-stack`.
  mutating func dismiss(router: RouterID) -> Bool {
    let index = front(router)
    guard !ordered[index].stack.modals.isEmpty else { return false }
    retire(Stack(base: ordered[index].stack.modals.removeLast()))
    return true
  }

  /// Makes `router` the one shown; a router that shows nothing yet gets `screen` as its stack.
  mutating func selectTab(_ screen: ShownScreen, router: RouterID) {
    let index = front(router)
    if ordered[index].stack.showsNothing {
      ordered[index].stack = Stack(base: [screen])
    }
  }

  /// Moves `router` to the front of the order (entering it if new or waiting).
  /// - Returns: its index, always 0.
  private mutating func front(_ router: RouterID) -> Int {
    if let first = ordered.first, first.router == router { return 0 }
    if let index = ordered.firstIndex(where: { $0.router == router }) {
      let entry = ordered.remove(at: index)
      ordered.insert(entry, at: 0)
    } else if let index = waiting.firstIndex(where: { $0.router == router }) {
      ordered.insert(waiting.remove(at: index), at: 0)
    } else {
      ordered.insert(Entry(router: router), at: 0)
    }
    return 0
  }
}
