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
/// emptied. A run without containers never pays for them: every check below starts with
/// ``hasContainers``.
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
  }

  /// The router an event addresses: its id's index in the run's table of router ids
  /// (``RunReplay/routerID(_:)``), or -1 for the default router. A run may address hundreds of
  /// routers (one per flow it presents), so the search below compares integers, not strings.
  typealias RouterID = Int32

  private struct Entry {
    var router: RouterID
    var stack = Stack()
  }

  /// A container: the routers it lists and the one of the latest `selectTab`.
  private struct Container {
    var hosts: [RouterID]
    var selected: RouterID?
  }

  /// Routers that entered the order, newest event first.
  private var ordered: [Entry] = []
  /// Routers changed only by background events so far: not in the order yet.
  private var waiting: [Entry] = []
  /// The last screens removed, oldest overwritten first: a `user.action` may name a
  /// screen just popped (writers can record the tap after the transition it caused).
  private var removed: [ShownScreen] = []
  private var nextRemoved = 0
  private static let removedKept = 16
  /// Screens a coordinator instance put there that the latest changes removed, for the
  /// replay to drain (``drainDeparted(_:)``): how it knows which coordinators stopped showing
  /// in a run without containers.
  private var departed: [ShownScreen] = []
  /// Containers by screen id.
  private var containers: [Int32: Container] = [:]
  /// The container that hosts each hosted router: the latest that listed it.
  private var hostOf: [RouterID: Int32] = [:]
  /// The containers on some stack after the last change.
  private var placed: Set<Int32> = []
  /// Whether the latest change counted as shown (neither `background` nor on a hosted router
  /// that is not shown).
  private(set) var lastChangeEntered = false

  /// Hosting and selection can be nested this deep before the model stops following them: a
  /// hostile trace can make a container host the router that holds it.
  private static let maximumDepth = 64

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

  /// Whether the screen `id` is a container.
  func isContainer(_ id: Int32) -> Bool { hasContainers && containers[id] != nil }

  /// Whether the container `id` is on some router's stacks.
  func isPlaced(_ id: Int32) -> Bool { placed.contains(id) }

  /// Whether the container `id`, on a stack, shows nothing yet (its selected router shows
  /// nothing).
  func showsNothing(container id: Int32) -> Bool {
    guard let container = containers[id], let router = selected(of: id, container) else { return true }
    return stack(of: router).flatMap { display($0, depth: 1) } == nil
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

  // MARK: Containers

  /// Makes the screen `id` a container of `hosts` (where it says so): each router it lists is
  /// hosted by it from now on.
  /// - Returns: false, changing nothing, where the screen was a container of other routers and
  ///   is on a stack: hosts change only while a container is on no stack.
  @discardableResult
  mutating func declare(container id: Int32, hosts: [RouterID]) -> Bool {
    if let known = containers[id] {
      guard known.hosts != hosts else { return true }
      guard !placed.contains(id) else { return false }
    }
    containers[id] = Container(hosts: hosts, selected: containers[id]?.selected)
    for router in hosts { hostOf[router] = id }
    return true
  }

  /// Of the routers `container` hosts, the one of its latest `selectTab`, else the first listed
  /// that it still hosts.
  private func selected(of id: Int32, _ container: Container) -> RouterID? {
    if let selected = container.selected, hostOf[selected] == id { return selected }
    return container.hosts.first { hostOf[$0] == id }
  }

  /// What `stack` shows, through its containers: the top of its topmost layer; where that is a
  /// container, what the container's selected router shows, and where that shows nothing, what
  /// lies beneath the container.
  private func display(_ stack: Stack, depth: Int) -> (screen: ShownScreen, through: [Int32])? {
    guard depth < Self.maximumDepth else { return nil }
    for layer in ([stack.base] + stack.modals).reversed() {
      for screen in layer.reversed() {
        guard let container = containers[screen.id] else { return (screen, []) }
        if let router = selected(of: screen.id, container), let inner = self.stack(of: router),
          let shown = display(inner, depth: depth + 1)
        {
          return (shown.screen, [screen.id] + shown.through)
        }
      }
    }
    return nil
  }

  private func stack(of router: RouterID) -> Stack? {
    (ordered.first { $0.router == router } ?? waiting.first { $0.router == router })?.stack
  }

  /// The router whose stacks hold the container `id`, newest first.
  private func holder(of id: Int32) -> RouterID? {
    (ordered.first { $0.stack.contains(id) } ?? waiting.first { $0.stack.contains(id) })?.router
  }

  /// Whether an event on `router` is shown: a router nobody hosts always is; a hosted one while
  /// its container is on a stack of a shown router and has it selected.
  private func isShown(_ router: RouterID) -> Bool {
    guard hasContainers else { return true }
    var router = router
    for _ in 0..<Self.maximumDepth {
      guard let id = hostOf[router] else { return true }
      guard let container = containers[id], selected(of: id, container) == router,
        let holder = holder(of: id)
      else { return false }
      router = holder
    }
    return false
  }

  /// How many of each coordinator instance's screens are on a stack: on a router nobody hosts,
  /// or on one whose container is on a stack (the spec's "Orphans", containers counted as
  /// screens). Instances are indices in the run's instances.
  func screensOnStacks() -> [Int32: Int] {
    var counts: [Int32: Int] = [:]
    var visited: Set<RouterID> = []
    var pending = (ordered + waiting).filter { hostOf[$0.router] == nil }.map(\.stack)
    for entry in ordered + waiting where hostOf[entry.router] == nil { visited.insert(entry.router) }
    while let stack = pending.popLast() {
      for screen in stack.all {
        if screen.owner >= 0 { counts[screen.owner, default: 0] += 1 }
        guard let container = containers[screen.id] else { continue }
        for router in container.hosts where hostOf[router] == screen.id && !visited.contains(router) {
          visited.insert(router)
          if let inner = self.stack(of: router) { pending.append(inner) }
        }
      }
    }
    return counts
  }

  /// After a change: every container that left every stack empties the routers it hosts, and
  /// so on down.
  private mutating func settle() {
    guard hasContainers else { return }
    while true {
      var now: Set<Int32> = []
      for entry in ordered + waiting {
        for screen in entry.stack.all where containers[screen.id] != nil { now.insert(screen.id) }
      }
      let left = placed.subtracting(now)
      placed = now
      guard !left.isEmpty else { return }
      for id in left.sorted() {
        for router in containers[id]?.hosts ?? [] where hostOf[router] == id {
          empty(router)
        }
      }
    }
  }

  /// Takes everything off `router`'s stacks: its container left.
  private mutating func empty(_ router: RouterID) {
    if let index = ordered.firstIndex(where: { $0.router == router }) {
      let stack = ordered[index].stack
      ordered[index].stack = Stack()
      retire(stack)
    } else if let index = waiting.firstIndex(where: { $0.router == router }) {
      let stack = waiting[index].stack
      waiting[index].stack = Stack()
      retire(stack)
    }
  }

  // MARK: Events

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

  /// Applies `body` to `router`'s stack, then retires what it returns as removed. A shown event
  /// moves the router (and the routers holding its containers) to the front of the order; a
  /// background one leaves the order as it is.
  private mutating func change<Result>(
    _ router: RouterID, background: Bool, _ body: (inout Stack) -> (Result, removed: [ShownScreen])
  ) -> Result {
    let enters = !background && isShown(router)
    lastChangeEntered = enters
    let outcome: (Result, removed: [ShownScreen])
    if enters {
      front(router)
      outcome = body(&ordered[0].stack)
    } else if let index = ordered.firstIndex(where: { $0.router == router }) {
      outcome = body(&ordered[index].stack)
    } else {
      let index =
        waiting.firstIndex { $0.router == router }
        ?? {
          waiting.append(Entry(router: router))
          return waiting.count - 1
        }()
      outcome = body(&waiting[index].stack)
    }
    for screen in outcome.removed { retire(screen) }
    if enters, hasContainers { frontHolders(of: router) }
    settle()
    return outcome.0
  }

  /// Which layer push, pop, popTo and popToRoot change: the topmost that does not begin with a
  /// container (a router that presented a container pushes beneath it, as UIKit does); -1 for
  /// the navigation stack.
  private func topLayer(_ stack: Stack) -> Int {
    guard hasContainers else { return stack.modals.count - 1 }
    return stack.modals.lastIndex { containers[$0[0].id] == nil } ?? -1
  }

  /// Replaces everything `router` shows with `screen`; a background `setRoot`
  /// prepares the router without entering it in (or moving it within) the order.
  mutating func setRoot(_ screen: ShownScreen, router: RouterID, background: Bool) {
    change(router, background: background) { stack in
      let old = stack
      stack = Stack(base: [screen])
      return ((), old.all)
    }
  }

  /// Adds `screen` to the top layer of `router`.
  mutating func push(_ screen: ShownScreen, router: RouterID, background: Bool = false) {
    let layer = stack(of: router).map(topLayer) ?? -1
    change(router, background: background) { stack in
      if layer < 0 { stack.base.append(screen) } else { stack.modals[layer].append(screen) }
      return ((), [])
    }
  }

  /// Removes the top layer's top screen.
  /// - Returns: false when the layer has only one screen (or none): `empty-stack`.
  mutating func pop(router: RouterID, background: Bool = false) -> Bool {
    let layer = stack(of: router).map(topLayer) ?? -1
    return change(router, background: background) { stack in
      if layer < 0 {
        guard stack.base.count > 1 else { return (false, []) }
        return (true, [stack.base.removeLast()])
      }
      guard stack.modals[layer].count > 1 else { return (false, []) }
      return (true, [stack.modals[layer].removeLast()])
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
    let layerIndex = stack(of: router).map(topLayer) ?? -1
    return change(router, background: background) { stack in
      var layer = layerIndex < 0 ? stack.base : stack.modals[layerIndex]
      guard let position = layer.lastIndex(where: { $0.id == id }) else { return (.notOnStack, []) }
      guard position < layer.count - 1 else { return (.alreadyTop, []) }
      let gone = Array(layer[(position + 1)...])
      layer.removeSubrange((position + 1)...)
      if layerIndex < 0 { stack.base = layer } else { stack.modals[layerIndex] = layer }
      return (.popped, gone)
    }
  }

  /// Keeps only the top layer's first screen.
  /// - Returns: false when there was nothing to remove: `empty-stack`.
  mutating func popToRoot(router: RouterID, background: Bool = false) -> Bool {
    let layerIndex = stack(of: router).map(topLayer) ?? -1
    return change(router, background: background) { stack in
      var layer = layerIndex < 0 ? stack.base : stack.modals[layerIndex]
      guard layer.count > 1 else { return (false, []) }
      let gone = Array(layer.dropFirst())
      layer.removeSubrange(1...)
      if layerIndex < 0 { stack.base = layer } else { stack.modals[layerIndex] = layer }
      return (true, gone)
    }
  }

  /// Adds a modal layer holding `screen` above everything `router` shows.
  mutating func present(_ screen: ShownScreen, router: RouterID, background: Bool = false) {
    change(router, background: background) { stack in
      stack.modals.append([screen])
      return ((), [])
    }
  }

  /// Removes the topmost modal layer; on a router with none whose container is the first screen
  /// of another router's modal layer, that layer (UIKit: a presented view controller asked to
  /// dismiss, with nothing presented on it, asks its presenter).
  /// - Returns: false when there is no such layer: `empty-stack`.
  mutating func dismiss(router: RouterID, background: Bool = false) -> Bool {
    if hasContainers, stack(of: router)?.modals.isEmpty ?? true, let container = hostOf[router],
      let presenter = presenter(of: container)
    {
      // The dismissal is the hosted router's event; the layer goes from its presenter.
      change(router, background: background) { _ in ((), []) }
      let index = ordered.firstIndex { $0.router == presenter }
      let layerIndex = index.flatMap { i in ordered[i].stack.modals.firstIndex { $0.first?.id == container } }
      if let index, let layerIndex {
        let layer = ordered[index].stack.modals.remove(at: layerIndex)
        retire(Stack(base: layer))
      } else if let index = waiting.firstIndex(where: { $0.router == presenter }),
        let layerIndex = waiting[index].stack.modals.firstIndex(where: { $0.first?.id == container })
      {
        let layer = waiting[index].stack.modals.remove(at: layerIndex)
        retire(Stack(base: layer))
      }
      settle()
      return true
    }
    return change(router, background: background) { stack in
      guard !stack.modals.isEmpty else { return (false, []) }
      return (true, stack.modals.removeLast())
    }
  }

  /// The router one of whose modal layers begins with the container `id`.
  private func presenter(of id: Int32) -> RouterID? {
    (ordered + waiting).first { $0.stack.modals.contains { $0.first?.id == id } }?.router
  }

  /// Makes `router` the one shown (its container's selected router, where a container hosts
  /// it); a router that shows nothing yet gets `screen` as its stack.
  mutating func selectTab(_ screen: ShownScreen, router: RouterID, background: Bool = false) {
    if hasContainers, let id = hostOf[router] { containers[id]?.selected = router }
    change(router, background: background) { stack in
      if stack.showsNothing { stack = Stack(base: [screen]) }
      return ((), [])
    }
  }

  /// Moves `router` to the front of the order (entering it if new or waiting).
  private mutating func front(_ router: RouterID) {
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

  /// An event on a hosted router counts as an event of the router whose stack holds its
  /// container too, and so on up.
  private mutating func frontHolders(of router: RouterID) {
    var router = router
    for _ in 0..<Self.maximumDepth {
      guard let id = hostOf[router], let holder = holder(of: id) else { return }
      front(holder)
      router = holder
    }
  }
}
