/// Containers (spec, "Containers"): screens that host routers. What a container shows is what
/// its selected router shows; an event on a hosted router is shown only while its container is
/// displayed, and its screens count for orphans only while its container is on a stack.
extension RouterStacks {
  /// Whether the screen `id` is a container.
  func isContainer(_ id: Int32) -> Bool { hasContainers && containers[id] != nil }

  /// Whether the container `id` is on some router's stacks.
  func isPlaced(_ id: Int32) -> Bool { placed.contains(id) }

  /// Whether the container `id` shows nothing yet (its selected router shows nothing).
  func showsNothing(container id: Int32) -> Bool {
    guard let router = selected(of: id) else { return true }
    return stack(of: router).flatMap { display($0, depth: 1) } == nil
  }

  /// Makes the screen `id` a container of `hosts`: each router it lists is hosted by it from
  /// now on, and those it listed before and no longer lists are hosted by nobody.
  /// - Returns: false, changing nothing, where the screen is on a stack and hosted other routers,
  ///   or none (it was no container): what a container hosts changes only while it is on no stack.
  @discardableResult
  mutating func declare(container id: Int32, hosts: [RouterID]) -> Bool {
    // A screen already on a stack does not become a container: its hosts would change there.
    if containers[id] == nil, holder(of: id) != nil { return false }
    if let known = containers[id] {
      guard known.hosts != hosts else { return true }
      guard !placed.contains(id) else { return false }
      for router in known.hosts where hostOf[router] == id && !hosts.contains(router) {
        hostOf[router] = nil
      }
    }
    containers[id] = Container(hosts: hosts)
    for router in hosts { hostOf[router] = id }
    placementChanged = true
    settle()
    return true
  }

  /// Of the routers the container `id` still hosts, the one selected last, else the first listed.
  func selected(of id: Int32) -> RouterID? {
    guard let container = containers[id] else { return nil }
    var best: RouterID?
    var bestOrder = 0
    for router in container.hosts where hostOf[router] == id {
      if let order = selections[router], order > bestOrder { (best, bestOrder) = (router, order) }
    }
    return best ?? container.hosts.first { hostOf[$0] == id }
  }

  /// What `stack` shows, through its containers: the top of its topmost layer; where that is a
  /// container, what the container's selected router shows, and where that shows nothing, what
  /// lies beneath the container.
  func display(_ stack: Stack, depth: Int) -> (screen: ShownScreen, through: [Int32])? {
    // A container is on one stack, so a walk looks into each at most once, and nothing is
    // remembered. A trace can put one in two places, or on a stack of a router it hosts (no app
    // can): a walk that looks into more than there are is walked again remembering each.
    var visits = containers.count
    var met: Set<Int32>? = nil
    if let shown = display(stack, depth: depth, visits: &visits, met: &met) { return shown }
    guard visits < 0 else { return nil }
    met = []
    return display(stack, depth: depth, visits: &visits, met: &met)
  }

  /// ``display(_:depth:)``, counting down `visits` as it looks into containers (nil once they
  /// run out), or with `met` remembering them: one met again shows nothing here (it showed
  /// nothing the first time, or it is above on the walk's path; walked again each time, such a
  /// stack's containers took time that doubled with each one).
  private func display(_ stack: Stack, depth: Int, visits: inout Int, met: inout Set<Int32>?) -> (
    screen: ShownScreen, through: [Int32]
  )? {
    guard depth < Self.maximumDepth else { return nil }
    for layer in ([stack.base] + stack.modals).reversed() {
      for screen in layer.reversed() {
        guard containers[screen.id] != nil else { return (screen, []) }
        if met == nil {
          visits -= 1
          if visits < 0 { return nil }
        } else if !met!.insert(screen.id).inserted {
          continue
        }
        if let router = selected(of: screen.id), let inner = self.stack(of: router),
          let shown = display(inner, depth: depth + 1, visits: &visits, met: &met)
        {
          return (shown.screen, [screen.id] + shown.through)
        }
        if met == nil, visits < 0 { return nil }
      }
    }
    return nil
  }

  /// Whether `stack` displays the container `id`: walking down from its top, the container comes
  /// before any plain screen and before any other container that shows something.
  private func displays(_ id: Int32, in stack: Stack) -> Bool {
    for layer in ([stack.base] + stack.modals).reversed() {
      for screen in layer.reversed() {
        if screen.id == id { return true }
        guard containers[screen.id] != nil, showsNothing(container: screen.id) else { return false }
      }
    }
    return false
  }

  /// The router whose stacks hold the container `id`, newest first.
  func holder(of id: Int32) -> RouterID? {
    (ordered.first { $0.stack.contains(id) } ?? waiting.first { $0.stack.contains(id) })?.router
  }

  /// The router one of whose modal layers begins with the container `id`.
  func presenter(of id: Int32) -> RouterID? {
    func presents(_ entry: Entry) -> Bool { entry.stack.modals.contains { $0.first?.id == id } }
    return (ordered.first(where: presents) ?? waiting.first(where: presents))?.router
  }

  /// Whether an event on `router` is shown: a router nobody hosts always is; a hosted one while
  /// its container has it selected and is displayed by its holder's stack, and so on up to a
  /// router nobody hosts that is in the order (an app prepares a tab bar's tabs before showing
  /// it: their events are not shown).
  func isShown(_ router: RouterID) -> Bool {
    guard hasContainers else { return true }
    guard hostOf[router] != nil else { return true }
    var router = router
    for _ in 0..<Self.maximumDepth {
      guard let id = hostOf[router] else { return ordered.contains { $0.router == router } }
      guard selected(of: id) == router, let holder = holder(of: id), let stack = stack(of: holder),
        displays(id, in: stack)
      else { return false }
      router = holder
    }
    return false
  }

  /// Whether the screens of `router` count for orphans: a router nobody hosts, or one whose
  /// container is on a stack that counts.
  func countsForOrphans(_ router: RouterID) -> Bool {
    var router = router
    for _ in 0..<Self.maximumDepth {
      guard let id = hostOf[router] else { return true }
      guard placed.contains(id), let holder = holder(of: id) else { return false }
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
    var pending: [Stack] = []
    for entries in [ordered, waiting] {
      for entry in entries where hostOf[entry.router] == nil {
        visited.insert(entry.router)
        pending.append(entry.stack)
      }
    }
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

  /// After a change: notes which containers are on a stack; every container that left every
  /// stack empties the routers it hosts, and so on down.
  mutating func settle() {
    guard hasContainers else { return }
    while true {
      var now: Set<Int32> = []
      for entries in [ordered, waiting] {
        for entry in entries {
          for screen in entry.stack.base where containers[screen.id] != nil { now.insert(screen.id) }
          for layer in entry.stack.modals {
            for screen in layer where containers[screen.id] != nil { now.insert(screen.id) }
          }
        }
      }
      guard now != placed else { return }
      placementChanged = true
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

  /// Takes everything off `router`'s stacks: its container left. What it held stops counting
  /// when placement is counted again, so nothing departs here.
  private mutating func empty(_ router: RouterID) {
    var gone: [ShownScreen] = []
    withStack(of: router) { $0.clear(into: &gone) }
    for screen in gone { retire(screen, counts: false) }
  }

  /// An event on a hosted router counts as an event of the router whose stack holds its
  /// container too, and so on up.
  mutating func frontHolders(of router: RouterID) {
    var router = router
    for _ in 0..<Self.maximumDepth {
      guard let id = hostOf[router], let holder = holder(of: id) else { return }
      front(holder)
      router = holder
    }
  }

  /// A `dismiss` on `router`, hosted by `container`, with no modal layer of its own: the
  /// presenter's layer that begins with the container goes (UIKit: a presented view controller
  /// asked to dismiss, with nothing presented on it, asks its presenter). The dismissal is the
  /// hosted router's event, so the order follows it.
  /// - Returns: false, changing nothing, where no router presents the container.
  mutating func dismissFromInside(router: RouterID, container: Int32, background: Bool) -> Bool {
    guard let presenter = presenter(of: container) else { return false }
    let counts = countsForOrphans(presenter)
    change(router, background: background) { _, _ in }
    let gone =
      withStack(of: presenter) { stack in
        stack.modals.firstIndex { $0.first?.id == container }.map { stack.modals.remove(at: $0) }
      } ?? nil
    for screen in gone ?? [] { retire(screen, counts: counts) }
    settle()
    return true
  }
}
