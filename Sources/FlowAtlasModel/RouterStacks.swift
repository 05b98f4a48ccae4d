/// The spec's model of what routers show ("The model a reader derives", "Stacks" and
/// "Containers").
///
/// Each router has a navigation stack and, above it, modal layers that are
/// navigation stacks of their own. Routers are ordered by their latest event,
/// newest first; the current screen is what the first router that shows anything shows, so a
/// flow that empties its own router uncovers the screen beneath.
///
/// A *container* (a screen that hosts routers: a tab bar controller, a presented navigation
/// controller) shows what its selected router shows; an event on a router it hosts counts for
/// the router whose stack holds the container, and only routers nobody hosts are candidates
/// for the current screen. When a container leaves every stack, the routers it hosts are
/// emptied (RouterStacks+Containers.swift). A run without containers never pays for them: every
/// check starts with ``hasContainers``.
///
/// Routers live in two arrays (those in the order, newest first, and those prepared off-screen),
/// searched linearly: almost every event addresses the newest, so this beats hashing.
struct RouterStacks {
  /// One router's screens: its navigation stack and the modal layers above it.
  struct Stack {
    var base: [ShownScreen] = []
    /// Never holds an empty layer: `present` adds a layer of one screen and
    /// nothing removes a layer's last screen except `dismiss`, which drops the layer.
    var modals: [[ShownScreen]] = []

    var top: ShownScreen? { modals.last?.last ?? base.last }
    var showsNothing: Bool { base.isEmpty && modals.isEmpty }

    /// Every screen, bottom layer first.
    var all: [ShownScreen] { base + modals.joined() }

    func contains(_ id: Int32) -> Bool {
      base.contains { $0.id == id } || modals.contains { $0.contains { $0.id == id } }
    }

    /// Appends every screen to `removed` and leaves the stack empty.
    mutating func clear(into removed: inout [ShownScreen]) {
      removed.append(contentsOf: base)
      for layer in modals { removed.append(contentsOf: layer) }
      base.removeAll()
      modals.removeAll()
    }

    /// Removes the screens above `position` in layer `layer` (-1: the navigation stack) into
    /// `removed`, in place.
    mutating func cut(layer: Int, after position: Int, into removed: inout [ShownScreen]) {
      if layer < 0 {
        removed.append(contentsOf: base[(position + 1)...])
        base.removeSubrange((position + 1)...)
      } else {
        removed.append(contentsOf: modals[layer][(position + 1)...])
        modals[layer].removeSubrange((position + 1)...)
      }
    }

    /// The screens of layer `layer` (-1: the navigation stack).
    func screens(ofLayer layer: Int) -> [ShownScreen] { layer < 0 ? base : modals[layer] }
  }

  /// The router an event addresses: its id's index in the run's table of router ids
  /// (``RunReplay/routerID(_:)``), or -1 for the default router. A run may address hundreds of
  /// routers (one per flow it presents), so the search below compares integers, not strings.
  typealias RouterID = Int32

  struct Entry {
    var router: RouterID
    var stack = Stack()
  }

  /// A container: the routers it lists.
  struct Container {
    var hosts: [RouterID]
  }

  /// Routers that entered the order, newest event first.
  var ordered: [Entry] = []
  /// Routers changed only by background events so far: not in the order yet.
  var waiting: [Entry] = []
  /// The last screens removed, oldest overwritten first: a `user.action` may name a
  /// screen just popped (writers can record the tap after the transition it caused).
  private var removed: [ShownScreen] = []
  private var nextRemoved = 0
  private static let removedKept = 16
  /// Screens a coordinator instance put there that the latest changes removed from a stack that
  /// counts (see ``lastChangeCounts``), for the replay to drain (``drainDeparted(_:)``): how it
  /// knows which coordinators stopped showing.
  private var departed: [ShownScreen] = []
  /// What an event removes, reused from event to event.
  private var scratch: [ShownScreen] = []
  /// Containers by screen id.
  var containers: [Int32: Container] = [:]
  /// The container that hosts each hosted router: the latest that listed it.
  var hostOf: [RouterID: Int32] = [:]
  /// The order of each router's latest `selectTab` (hosted then or not): a container shows the
  /// router it hosts that was selected last.
  var selections: [RouterID: Int] = [:]
  var selectionCount = 0
  /// The containers on some stack after the last change.
  var placed: Set<Int32> = []
  /// Set when the latest change placed a container, took one off every stack, or changed what
  /// one hosts: which screens are on a stack must then be counted again (``screensOnStacks()``).
  var placementChanged = false
  /// Whether the latest change counted as shown (neither `background` nor on a hosted router
  /// that is not shown).
  private(set) var lastChangeEntered = false
  /// Whether the latest change's router counts for orphans: its screens are on a stack (a router
  /// nobody hosts, or one whose container is on a stack).
  private(set) var lastChangeCounts = true

  /// Hosting and selection can be nested this deep before the model stops following them: a
  /// hostile trace can make a container host the router that holds it.
  static let maximumDepth = 64

  /// Whether any screen of the run is a container.
  var hasContainers: Bool { !containers.isEmpty }

  /// The screen people see now, if any.
  var current: ShownScreen? { currentPath?.screen }

  /// The screen people see now, and the containers it is shown through, outermost first.
  var currentPath: (screen: ShownScreen, through: [Int32])? {
    for entry in ordered {
      guard hasContainers else {
        if let top = entry.stack.top { return (top, []) }
        continue
      }
      if hostOf[entry.router] == nil, let shown = display(entry.stack, depth: 0) { return shown }
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

  /// The stack of `router`, wherever it is.
  func stack(of router: RouterID) -> Stack? {
    (ordered.first { $0.router == router } ?? waiting.first { $0.router == router })?.stack
  }

  /// Applies `body` to the stack of `router`, wherever it is; nil, changing nothing, where it has
  /// none yet.
  @discardableResult
  mutating func withStack<Result>(of router: RouterID, _ body: (inout Stack) -> Result) -> Result? {
    if let index = ordered.firstIndex(where: { $0.router == router }) { return body(&ordered[index].stack) }
    if let index = waiting.firstIndex(where: { $0.router == router }) { return body(&waiting[index].stack) }
    return nil
  }

  // MARK: Events

  /// Remembers `screen` as removed; one a coordinator put on a stack that counts departs.
  mutating func retire(_ screen: ShownScreen, counts: Bool = true) {
    if counts, screen.owner >= 0 { departed.append(screen) }
    if removed.count < Self.removedKept {
      removed.append(screen)
    } else {
      removed[nextRemoved] = screen
      nextRemoved = (nextRemoved + 1) % Self.removedKept
    }
  }

  /// Applies `body` to `router`'s stack, then retires what it removed. A shown event moves the
  /// router (and the routers holding its containers) to the front of the order; a background
  /// one leaves the order as it is.
  @discardableResult
  mutating func change<Result>(
    _ router: RouterID, background: Bool, _ body: (inout Stack, inout [ShownScreen]) -> Result
  ) -> Result {
    let enters = !background && isShown(router)
    lastChangeEntered = enters
    lastChangeCounts = !hasContainers || countsForOrphans(router)
    var gone = scratch
    scratch = []
    let result: Result
    if enters {
      front(router)
      result = body(&ordered[0].stack, &gone)
    } else if let index = ordered.firstIndex(where: { $0.router == router }) {
      result = body(&ordered[index].stack, &gone)
    } else {
      let index =
        waiting.firstIndex { $0.router == router }
        ?? {
          waiting.append(Entry(router: router))
          return waiting.count - 1
        }()
      result = body(&waiting[index].stack, &gone)
    }
    for screen in gone { retire(screen, counts: lastChangeCounts) }
    gone.removeAll(keepingCapacity: true)
    scratch = gone
    if hasContainers {
      if enters { frontHolders(of: router) }
      settle()
    }
    return result
  }

  /// Which layer push, pop, popTo and popToRoot change: the topmost that does not begin with a
  /// container (a router that presented a container pushes beneath it, as UIKit does); -1 for
  /// the navigation stack.
  private static func topLayer(_ stack: Stack, containers: [Int32: Container]) -> Int {
    guard !containers.isEmpty else { return stack.modals.count - 1 }
    return stack.modals.lastIndex { containers[$0[0].id] == nil } ?? -1
  }

  /// Replaces everything `router` shows with `screen`; a background `setRoot`
  /// prepares the router without entering it in (or moving it within) the order.
  mutating func setRoot(_ screen: ShownScreen, router: RouterID, background: Bool) {
    change(router, background: background) { stack, gone in
      stack.clear(into: &gone)
      stack.base.append(screen)
    }
    if hasContainers, containers[screen.id] != nil { placementChanged = true }
  }

  /// Adds `screen` to the top layer of `router`.
  mutating func push(_ screen: ShownScreen, router: RouterID, background: Bool = false) {
    let containers = self.containers
    change(router, background: background) { stack, _ in
      let layer = Self.topLayer(stack, containers: containers)
      if layer < 0 { stack.base.append(screen) } else { stack.modals[layer].append(screen) }
    }
    if hasContainers, containers[screen.id] != nil { placementChanged = true }
  }

  /// Removes the top layer's top screen.
  /// - Returns: false when the layer has only one screen (or none): `empty-stack`.
  mutating func pop(router: RouterID, background: Bool = false) -> Bool {
    let containers = self.containers
    return change(router, background: background) { stack, gone in
      let layer = Self.topLayer(stack, containers: containers)
      let count = layer < 0 ? stack.base.count : stack.modals[layer].count
      guard count > 1 else { return false }
      stack.cut(layer: layer, after: count - 2, into: &gone)
      return true
    }
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
  mutating func popTo(_ id: Int32, router: RouterID, background: Bool = false) -> PopToOutcome {
    let containers = self.containers
    return change(router, background: background) { stack, gone in
      let layer = Self.topLayer(stack, containers: containers)
      let screens = stack.screens(ofLayer: layer)
      guard let position = screens.lastIndex(where: { $0.id == id }) else { return .notOnStack }
      guard position < screens.count - 1 else { return .alreadyTop }
      stack.cut(layer: layer, after: position, into: &gone)
      return .popped
    }
  }

  /// Keeps only the top layer's first screen.
  /// - Returns: false when there was nothing to remove: `empty-stack`.
  mutating func popToRoot(router: RouterID, background: Bool = false) -> Bool {
    let containers = self.containers
    return change(router, background: background) { stack, gone in
      let layer = Self.topLayer(stack, containers: containers)
      guard (layer < 0 ? stack.base.count : stack.modals[layer].count) > 1 else { return false }
      stack.cut(layer: layer, after: 0, into: &gone)
      return true
    }
  }

  /// Adds a modal layer holding `screen` above everything `router` shows.
  mutating func present(_ screen: ShownScreen, router: RouterID, background: Bool = false) {
    change(router, background: background) { stack, _ in stack.modals.append([screen]) }
    if hasContainers, containers[screen.id] != nil { placementChanged = true }
  }

  /// Removes the topmost modal layer; on a router with none whose container is the first screen
  /// of another router's modal layer, that layer (UIKit: a presented view controller asked to
  /// dismiss, with nothing presented on it, asks its presenter).
  /// - Returns: false when there is no such layer: `empty-stack`.
  mutating func dismiss(router: RouterID, background: Bool = false) -> Bool {
    if hasContainers, stack(of: router)?.modals.isEmpty ?? true, let container = hostOf[router],
      dismissFromInside(router: router, container: container, background: background)
    {
      return true
    }
    return change(router, background: background) { stack, gone in
      guard let layer = stack.modals.popLast() else { return false }
      gone.append(contentsOf: layer)
      return true
    }
  }

  /// Makes `router` the one shown (its container's selected router, where a container hosts
  /// it); a router that shows nothing yet gets `screen` as its stack.
  mutating func selectTab(_ screen: ShownScreen, router: RouterID, background: Bool = false) {
    selectionCount += 1
    selections[router] = selectionCount
    change(router, background: background) { stack, _ in
      if stack.showsNothing { stack.base.append(screen) }
    }
  }

  /// Moves `router` to the front of the order (entering it if new or waiting).
  mutating func front(_ router: RouterID) {
    if let first = ordered.first, first.router == router { return }
    if let index = ordered.firstIndex(where: { $0.router == router }) {
      let entry = ordered.remove(at: index)
      ordered.insert(entry, at: 0)
    } else if let index = waiting.firstIndex(where: { $0.router == router }) {
      ordered.insert(waiting.remove(at: index), at: 0)
    } else {
      ordered.insert(Entry(router: router), at: 0)
    }
  }
}
