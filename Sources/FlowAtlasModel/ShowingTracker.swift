/// Which coordinator instances of one run are *showing* (spec, "Orphans"): an instance is
/// showing while a screen it put on a stack is still on one, or while an unfinished child of
/// it is showing.
///
/// Kept up to date event by event in time proportional to the depth of the coordinator
/// tree: each instance counts its screens on stacks and its showing unfinished children, and
/// a change walks up the parents only as far as some instance's answer changes.
import FlowAtlasTrace

struct ShowingTracker {
  /// What made an instance stop showing, worded only for the message of an orphan.
  enum Cause: Hashable {
    /// A router event (the system's on a gesture, or the app's).
    case event(TransitionKind, Initiator)
    /// A child (an index in the run's instances) finished.
    case childFinished(Int)
    /// A child (an index in the run's instances) was attached to another parent.
    case childMoved(Int)

    /// The cause in words, `name` giving a child's type and quoted id: made only for an
    /// orphan's message, never on the replay's way.
    func words(naming name: (_ child: Int) -> (type: String, id: String)) -> String {
      switch self {
      case .event(let kind, .system(let gesture)):
        "the system's router.\(kind.rawValue) on \(gesture ?? "a gesture")"
      case .event(let kind, .app): "router.\(kind.rawValue)"
      case .childFinished(let child): "\(name(child).type) \(name(child).id) finished"
      case .childMoved(let child): "coordinator \(name(child).id) was attached elsewhere"
      }
    }
  }

  /// When, and why, an instance last stopped showing.
  struct Stop: Hashable {
    var line: Int
    var cause: Cause
  }

  private var screensOnStack: [Int32] = []
  private var showingChildren: [Int32] = []
  private var parent: [Int32] = []
  private var finished: [Bool] = []
  private(set) var isShowing: [Bool] = []
  /// Whether the instance ever put a screen: one that never did is never an orphan.
  private(set) var hasPut: [Bool] = []
  /// The latest time each instance stopped showing.
  private(set) var stops: [Stop?] = []

  /// Adds the next instance (indices follow the run's instances).
  mutating func addInstance(parent: Int?) {
    screensOnStack.append(0)
    showingChildren.append(0)
    self.parent.append(Int32(parent ?? -1))
    finished.append(false)
    isShowing.append(false)
    hasPut.append(false)
    stops.append(nil)
  }

  /// `instance` put a screen on a stack.
  mutating func put(by instance: Int, line: Int, cause: Cause) {
    screensOnStack[instance] += 1
    hasPut[instance] = true
    update(instance, line: line, cause: cause)
  }

  /// `instance` put a screen, which may not be on a stack (its router's container is not).
  mutating func markPut(_ instance: Int) {
    hasPut[instance] = true
  }

  /// Sets how many screens each instance has on a stack, from a count of every stack
  /// (instances missing from `counts` have none).
  mutating func sync(_ counts: [Int32: Int], line: Int, cause: Cause) {
    for instance in screensOnStack.indices {
      let count = Int32(counts[Int32(instance)] ?? 0)
      guard count != screensOnStack[instance] else { continue }
      screensOnStack[instance] = count
      update(instance, line: line, cause: cause)
    }
  }

  /// A screen `instance` put was removed from its stack.
  mutating func removed(by instance: Int, line: Int, cause: Cause) {
    screensOnStack[instance] -= 1
    update(instance, line: line, cause: cause)
  }

  /// `instance` is attached under another parent (or a first one).
  mutating func reparent(_ instance: Int, to newParent: Int?, line: Int, cause: Cause) {
    let old = Int(parent[instance])
    let new = newParent ?? -1
    guard old != new else { return }
    let counts = isShowing[instance] && !finished[instance]
    if counts, old >= 0 {
      showingChildren[old] -= 1
      update(old, line: line, cause: cause)
    }
    parent[instance] = Int32(new)
    if counts, new >= 0 {
      showingChildren[new] += 1
      update(new, line: line, cause: cause)
    }
  }

  /// `instance`, finished, started again (a child kept in a stored property and reused): while
  /// showing it keeps its parent showing again, and only a stop in its new life can make it an
  /// orphan (the screens it put before and are still on a stack count for the new one).
  mutating func restart(_ instance: Int, line: Int) {
    guard finished[instance] else { return }
    finished[instance] = false
    stops[instance] = nil
    let up = Int(parent[instance])
    if isShowing[instance], up >= 0 {
      showingChildren[up] += 1
      // Only starts ancestors showing, so no stop is recorded and the cause is never worded.
      update(up, line: line, cause: .childMoved(instance))
    }
  }

  /// `instance` finished: a showing child no longer keeps its parent showing.
  mutating func finish(_ instance: Int, line: Int, cause: Cause) {
    guard !finished[instance] else { return }
    finished[instance] = true
    let up = Int(parent[instance])
    if isShowing[instance], up >= 0 {
      showingChildren[up] -= 1
      update(up, line: line, cause: cause)
    }
  }

  /// Recomputes `start`, whose counts changed, and its parents as far as an answer changes.
  private mutating func update(_ start: Int, line: Int, cause: Cause) {
    var instance = start
    while true {
      let now = screensOnStack[instance] > 0 || showingChildren[instance] > 0
      guard now != isShowing[instance] else { return }
      isShowing[instance] = now
      if !now { stops[instance] = Stop(line: line, cause: cause) }
      let up = Int(parent[instance])
      guard !finished[instance], up >= 0 else { return }
      showingChildren[up] += now ? 1 : -1
      instance = up
    }
  }
}
