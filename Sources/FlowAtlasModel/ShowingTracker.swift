/// Which coordinator instances of one run are *showing* (spec, "Orphans"): an instance is
/// showing while a screen it put on a stack is still on one, or while an unfinished child of
/// it is showing.
///
/// Kept up to date event by event in time proportional to the depth of the coordinator
/// tree: each instance counts its screens on stacks and its showing unfinished children, and
/// a change walks up the parents only as far as some instance's answer changes.
struct ShowingTracker {
  /// Why an instance stopped showing, kept only for the message of an orphan.
  struct Stop: Hashable {
    var line: Int
    var cause: String
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
  /// Instances whose counts changed since the last ``settle(line:cause:)``.
  private var dirty: [Int] = []

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
  mutating func put(by instance: Int) {
    screensOnStack[instance] += 1
    hasPut[instance] = true
    dirty.append(instance)
  }

  /// A screen `instance` put was removed from its stack.
  mutating func removed(by instance: Int) {
    screensOnStack[instance] -= 1
    dirty.append(instance)
  }

  /// `instance` is attached under another parent (or a first one).
  mutating func reparent(_ instance: Int, to newParent: Int?, line: Int, cause: () -> String) {
    let old = Int(parent[instance])
    let new = newParent ?? -1
    guard old != new else { return }
    let counts = isShowing[instance] && !finished[instance]
    if counts, old >= 0 {
      showingChildren[old] -= 1
      dirty.append(old)
    }
    parent[instance] = Int32(new)
    if counts, new >= 0 {
      showingChildren[new] += 1
      dirty.append(new)
    }
    settle(line: line, cause: cause)
  }

  /// `instance` finished: a showing child no longer keeps its parent showing.
  mutating func finish(_ instance: Int, line: Int, cause: () -> String) {
    guard !finished[instance] else { return }
    finished[instance] = true
    let up = Int(parent[instance])
    if isShowing[instance], up >= 0 {
      showingChildren[up] -= 1
      dirty.append(up)
    }
    settle(line: line, cause: cause)
  }

  /// Recomputes the instances whose counts changed, and their parents as far as needed.
  /// - Parameters:
  ///   - line: the line after which the change holds (for an instance that stops showing).
  ///   - cause: what the line did, in words, asked only when an instance stops showing.
  mutating func settle(line: Int, cause: () -> String) {
    guard !dirty.isEmpty else { return }
    for start in dirty {
      var instance = start
      while true {
        let now = screensOnStack[instance] > 0 || showingChildren[instance] > 0
        guard now != isShowing[instance] else { break }
        isShowing[instance] = now
        if !now { stops[instance] = Stop(line: line, cause: cause()) }
        let up = Int(parent[instance])
        guard !finished[instance], up >= 0 else { break }
        showingChildren[up] += now ? 1 : -1
        instance = up
      }
    }
    dirty.removeAll(keepingCapacity: true)
  }
}
