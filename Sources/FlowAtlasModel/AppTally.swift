import FlowAtlasTrace
import FlowAtlasTraceReader

/// What one or more runs of one app add up to, before sorting and slugs.
///
/// Everything here merges by sums and set unions, so the result does not
/// depend on the order runs are added in. Memory grows with distinct screens,
/// transitions and coordinator types (and with runs), never with events.
struct AppTally: Sendable {
  var runs: [Run] = []
  var transitions: [TransitionKey: TransitionTally] = [:]
  var screens: [String: ScreenTally] = [:]
  var coordinators: [String: CoordinatorTally] = [:]
  var diagnostics: [Diagnostic] = []

  /// Adds `other` (and a run's list of transitions) into this tally; keys already here keep their spelling.
  mutating func merge(_ other: AppTally, transitions list: [(TransitionKey, TransitionTally)] = []) {
    runs.append(contentsOf: other.runs)
    for (key, tally) in other.transitions { transitions[key, default: TransitionTally()].merge(tally) }
    for (key, tally) in list { transitions[key, default: TransitionTally()].merge(tally) }
    for (key, tally) in other.screens { screens[key, default: ScreenTally()].merge(tally) }
    for (key, tally) in other.coordinators {
      coordinators[key, default: CoordinatorTally()].merge(tally)
    }
    diagnostics.append(contentsOf: other.diagnostics)
  }
}

/// A transition's identity (spec, "Identity"): (from type, to type, kind, coordinator type).
struct TransitionKey: Hashable, Sendable {
  let from: String?
  let to: String
  let kind: TransitionKind
  let coordinator: String?
  /// Hashed once: a key is merged run by run and chunk by chunk into tables that rehash it
  /// as they grow, and hashing its names each time was a tenth of the model's work.
  private let hashed: Int

  init(from: String?, to: String, kind: TransitionKind, coordinator: String?) {
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

  static func == (left: TransitionKey, right: TransitionKey) -> Bool {
    left.hashed == right.hashed && left.to == right.to && left.from == right.from && left.kind == right.kind
      && left.coordinator == right.coordinator
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hashed) }
}

struct TransitionTally: Sendable {
  var count = 0
  /// How many of `count` the system did on a gesture.
  var system = 0
  /// Sorted, each once: a transition has a few triggers, merged run by run, and merging two
  /// short sorted lists compares a few strings where a set hashed each of them.
  private(set) var triggers: [String] = []

  /// - Parameter triggers: in any order, repeats allowed (the first spelling is kept).
  init(count: Int = 0, system: Int = 0, triggers: [String] = []) {
    self.count = count
    self.system = system
    self.triggers = Self.union(triggers.sorted(), [])
  }

  mutating func merge(_ other: TransitionTally) {
    count = count.saturatingSum(other.count)
    system = system.saturatingSum(other.system)
    // Sorted and each once already: nothing to merge when the other has none.
    if !other.triggers.isEmpty { triggers = Self.union(triggers, other.triggers) }
  }

  /// Two sorted lists as one, each string once; of two equal strings, `first`'s is kept.
  static func union(_ first: [String], _ second: [String]) -> [String] {
    if second.isEmpty, first.count < 2 { return first }
    if first == second { return first }
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
}

struct ScreenTally: Sendable {
  var titles: Set<String> = []
  /// How often each coordinator type showed the screen (target of setRoot, push, present;
  /// switching tabs shows no new screen).
  /// A short list searched linearly: a screen type has one or two owners, and comparing
  /// a few strings is cheaper than hashing one on every event.
  var shownBy: [(type: String, count: Int)] = []
  /// The title added last, so a title seen again costs a comparison, not a hash.
  private var lastTitle: String?

  mutating func add(title: String) {
    if title == lastTitle { return }
    lastTitle = title
    titles.insert(title)
  }

  mutating func shown(by type: String, count: Int = 1) {
    if let index = shownBy.firstIndex(where: { $0.type == type }) {
      shownBy[index].count += count
    } else {
      shownBy.append((type, count))
    }
  }

  mutating func merge(_ other: ScreenTally) {
    titles.formUnion(other.titles)
    for (type, count) in other.shownBy { shown(by: type, count: count) }
  }

  /// The coordinator type that showed it most often; a tie goes to the name that sorts first.
  var owner: String? {
    var best: (type: String, count: Int)?
    for (type, count) in shownBy {
      if let current = best, count < current.count || (count == current.count && type >= current.type) {
        continue
      }
      best = (type, count)
    }
    return best?.type
  }
}

struct CoordinatorTally: Sendable {
  var starts = 0
  var children: Set<String> = []
  var parents: Set<String> = []
  var outputs: Set<String> = []
  var leaks = 0
  var orphans = 0

  mutating func merge(_ other: CoordinatorTally) {
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
  func saturatingSum(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }
}
