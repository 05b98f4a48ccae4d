import FlowAtlasTrace
import FlowAtlasTraceReader

/// What one or more runs of one app add up to, before sorting and slugs.
///
/// Everything here merges by sums and set unions, so the result does not
/// depend on the order runs are added in. Memory grows with distinct screens,
/// transitions and coordinator types (and with runs), never with events.
package struct AppTally: Sendable {
  package var runs: [Run] = []
  package var transitions: [TransitionKey: TransitionTally] = [:]
  package var screens: [String: ScreenTally] = [:]
  package var coordinators: [String: CoordinatorTally] = [:]
  package var diagnostics: [Diagnostic] = []
  /// The modules the traces named (`module`), sorted, each once: a type `Module.Name` is then
  /// told from a nested type `Outer.Name`.
  package var modules: [String] = []

  package init(diagnostics: [Diagnostic] = []) {
    self.diagnostics = diagnostics
  }

  /// Adds `other` (and a run's list of transitions) into this tally; keys already here keep their spelling.
  package mutating func merge(_ other: AppTally, transitions list: [(TransitionKey, TransitionTally)] = []) {
    runs.append(contentsOf: other.runs)
    for (key, tally) in other.transitions { transitions[key, default: TransitionTally()].merge(tally) }
    for (key, tally) in list { transitions[key, default: TransitionTally()].merge(tally) }
    for (key, tally) in other.screens { screens[key, default: ScreenTally()].merge(tally) }
    for (key, tally) in other.coordinators {
      coordinators[key, default: CoordinatorTally()].merge(tally)
    }
    diagnostics.append(contentsOf: other.diagnostics)
    if !other.modules.isEmpty { TransitionTally.formUnion(&modules, other.modules) }
  }
}

/// A transition's identity (spec, "Identity"): (from type, to type, kind, coordinator type).
package struct TransitionKey: Hashable, Sendable {
  package let from: String?
  package let to: String
  package let kind: TransitionKind
  package let coordinator: String?
  /// Hashed once: a key is merged run by run and chunk by chunk into tables that rehash it
  /// as they grow, and hashing its names each time was a tenth of the model's work.
  private let hashed: Int

  package init(from: String?, to: String, kind: TransitionKind, coordinator: String?) {
    self.from = from
    self.to = to
    self.kind = kind
    self.coordinator = coordinator
    var hasher = Hasher()
    hasher.combine(from)
    hasher.combine(to)
    hasher.combine(kind)
    hasher.combine(coordinator)
    hashed = hasher.finalize()
  }

  package static func == (left: TransitionKey, right: TransitionKey) -> Bool {
    left.hashed == right.hashed && left.to == right.to && left.from == right.from && left.kind == right.kind
      && left.coordinator == right.coordinator
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(hashed) }
}

package struct TransitionTally: Sendable {
  package var count = 0
  /// How many of `count` the system did on a gesture.
  package var system = 0
  /// How many of `count` had no trigger (automatic): where it has triggers too, they were not
  /// every time's.
  package var automatic = 0
  /// Sorted, each once: a transition has a few triggers, merged run by run, and merging two
  /// short sorted lists compares a few strings where a set hashed each of them.
  package private(set) var triggers: [String] = []
  /// The triggers that were deep links (`deeplink.open`'s url), sorted, each once: told apart
  /// by the event, never by the text's shape.
  package private(set) var deeplinks: [String] = []

  /// - Parameters:
  ///   - triggers: in any order, repeats allowed (the first spelling is kept).
  ///   - deeplinks: those of `triggers` that were deep links.
  package init(
    count: Int = 0, system: Int = 0, automatic: Int = 0, triggers: [String] = [], deeplinks: [String] = []
  ) {
    self.count = count
    self.system = system
    self.automatic = automatic
    self.triggers = Self.union(triggers.sorted(), [])
    self.deeplinks = Self.union(deeplinks.sorted(), [])
  }

  package mutating func merge(_ other: TransitionTally) {
    count = count.saturatingSum(other.count)
    system = system.saturatingSum(other.system)
    automatic = automatic.saturatingSum(other.automatic)
    // Sorted and each once already: nothing to merge when the other has none.
    if !other.triggers.isEmpty { Self.formUnion(&triggers, other.triggers) }
    if !other.deeplinks.isEmpty { Self.formUnion(&deeplinks, other.deeplinks) }
  }

  /// `union(list, other)`, in place. A run brings a few triggers to a transition that may have
  /// hundreds (deep links with an id in their query, one per run): each is looked up by halves and
  /// inserted, so a run costs a few comparisons per trigger it brings, not a pass over the list.
  package static func formUnion(_ list: inout [String], _ other: [String]) {
    guard other.count * 8 <= list.count else {
      list = union(list, other)
      return
    }
    // `other` is sorted: each search starts where the one before ended.
    var start = 0
    for text in other {
      var (low, high) = (start, list.count)
      while low < high {
        let middle = low + (high - low) / 2
        if list[middle] < text { low = middle + 1 } else { high = middle }
      }
      // Present already (or a repeat of the one just inserted): the list keeps its spelling.
      if low < list.count, list[low] == text {
        start = low + 1
      } else if low > 0, list[low - 1] == text {
        start = low
      } else {
        list.insert(text, at: low)
        start = low + 1
      }
    }
  }

  /// Two sorted lists as one, each string once; of two equal strings, `first`'s is kept. `first`
  /// holds each string once when `second` has any (a tally's list); alone, it may repeat them.
  package static func union(_ first: [String], _ second: [String]) -> [String] {
    if second.isEmpty, first.count < 2 { return first }
    // Most runs bring no trigger the tally lacks: then `first` is the union, with no new list.
    if !second.isEmpty, contains(first, second) { return first }
    var merged: [String] = []
    merged.reserveCapacity(first.count + second.count)
    var (i, j) = (0, 0)
    func add(_ text: String) {
      if let last = merged.last, last == text { return }
      merged.append(text)
    }
    while i < first.count, j < second.count {
      if second[j] < first[i] {
        add(second[j])
        j += 1
      } else {
        add(first[i])
        if first[i] == second[j] { j += 1 }
        i += 1
      }
    }
    for text in first[i...] { add(text) }
    for text in second[j...] { add(text) }
    return merged
  }

  /// Whether every string of `second` is in `first`, both sorted and each string once.
  private static func contains(_ first: [String], _ second: [String]) -> Bool {
    guard second.count <= first.count else { return false }
    var i = 0
    for text in second {
      while i < first.count, first[i] < text { i += 1 }
      guard i < first.count, first[i] == text else { return false }
      i += 1
    }
    return true
  }
}

package struct ScreenTally: Sendable {
  package var titles: Set<String> = []
  /// Some instance of the type is a container (it hosts routers): exported as a container,
  /// unless another instance was shown as a screen of its own.
  package var isContainer = false
  /// How often each coordinator type showed an instance that is a screen (target of setRoot,
  /// push, present; switching tabs shows no new screen), a short list (see `Array.add(_:to:)`).
  package var shownBy: [(type: String, count: Int)] = []
  /// Likewise for instances that are containers: a plain `UINavigationController` presented as
  /// a screen and the app's recorded ones, which are containers, share a type, and only the
  /// screen's showings make the screen's owner.
  package var containerShownBy: [(type: String, count: Int)] = []
  /// The title added last, so a title seen again costs a comparison, not a hash.
  private var lastTitle: String?

  package init() {}

  package mutating func add(title: String) {
    if title == lastTitle { return }
    lastTitle = title
    titles.insert(title)
  }

  package mutating func shown(by type: String, count: Int = 1, asContainer: Bool = false) {
    if asContainer {
      containerShownBy.add(count, to: type)
    } else {
      shownBy.add(count, to: type)
    }
  }

  package mutating func merge(_ other: ScreenTally) {
    titles.formUnion(other.titles)
    isContainer = isContainer || other.isContainer
    for (type, count) in other.shownBy { shown(by: type, count: count) }
    for (type, count) in other.containerShownBy { shown(by: type, count: count, asContainer: true) }
  }

  /// The coordinator type that showed it as a screen most often, a tie to the name that sorts
  /// first; where no coordinator is known to have shown it as one, that of its containers.
  package var owner: String? { Self.most(shownBy) ?? Self.most(containerShownBy) }

  /// The coordinator type that showed its containers most often, ties as for ``owner``.
  package var containerOwner: String? { Self.most(containerShownBy) }

  private static func most(_ list: [(type: String, count: Int)]) -> String? {
    var best: (type: String, count: Int)?
    for (type, count) in list {
      if let current = best, count < current.count || (count == current.count && type >= current.type) {
        continue
      }
      best = (type, count)
    }
    return best?.type
  }
}

package struct CoordinatorTally: Sendable {
  package var starts = 0
  package var children: Set<String> = []
  package var parents: Set<String> = []
  package var outputs: Set<String> = []
  package var leaks = 0
  package var orphans = 0

  package init(
    starts: Int = 0, children: Set<String> = [], parents: Set<String> = [], outputs: Set<String> = [],
    leaks: Int = 0, orphans: Int = 0
  ) {
    self.starts = starts
    self.children = children
    self.parents = parents
    self.outputs = outputs
    self.leaks = leaks
    self.orphans = orphans
  }

  package mutating func merge(_ other: CoordinatorTally) {
    starts = starts.saturatingSum(other.starts)
    children.formUnion(other.children)
    parents.formUnion(other.parents)
    outputs.formUnion(other.outputs)
    leaks = leaks.saturatingSum(other.leaks)
    orphans = orphans.saturatingSum(other.orphans)
  }
}

extension Int {
  /// The sum, or `Int.max` where it would overflow: tallies merged from many runs (some read
  /// back from a cache) must never trap.
  package func saturatingSum(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }
}

extension Array {
  /// Adds `count` to `type`'s entry of a list of who showed a screen type how often, or appends
  /// the entry: a short list searched linearly (a type has one or two owners, and comparing a few
  /// keys is cheaper than hashing one on every event).
  mutating func add<Key: Equatable>(_ count: Int, to type: Key) where Element == (type: Key, count: Int) {
    if let index = firstIndex(where: { $0.type == type }) {
      self[index].count += count
    } else {
      append((type, count))
    }
  }
}
