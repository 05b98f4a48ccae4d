import FlowAtlasBytes

/// One run's type names (and router ids) as small integers, so the replay's hot path hashes
/// and compares integers; names come back once per distinct type when the run ends.
///
/// Found by ``WordHash`` over their UTF-8 bytes in a table of its own: a name is looked up on
/// most trace lines, and Swift's `String` hashing cost more than the rest of the lookup.
struct TypeTable {
  private(set) var names: [String] = []
  /// Each name's hash, parallel to ``names``.
  private var hashes: [UInt64] = []
  /// Open addressing: a name's index + 1, or 0 when empty. A power of two long.
  private var slots: [Int32] = Array(repeating: 0, count: 64)
  /// Random per table, so that a hostile trace cannot choose colliding names.
  private let seed = UInt64.random(in: .min ... .max)
  /// Consecutive events mostly name the same type: a comparison instead of a hash.
  private var last: (name: String, index: Int32)?

  /// The index of `name`, adding it on first sight.
  mutating func index(_ name: String) -> Int32 {
    if let last, last.name == name { return last.index }
    let (found, slot, hash) = lookUp(name)
    if let found {
      last = (name, found)
      return found
    }
    let index = Int32(names.count)
    names.append(name)
    hashes.append(hash)
    slots[slot] = index + 1
    if names.count * 2 > slots.count { grow() }
    last = (name, index)
    return index
  }

  /// The index of `name`, if it was added.
  mutating func find(_ name: String) -> Int32? {
    if let last, last.name == name { return last.index }
    guard let found = lookUp(name).index else { return nil }
    last = (name, found)
    return found
  }

  subscript(index: Int32) -> String { names[Int(index)] }

  /// `name`'s index if it is here, else the empty slot it would take; and its hash.
  private func lookUp(_ name: String) -> (index: Int32?, slot: Int, hash: UInt64) {
    var bytes = name
    let hash = WordHash.hash(&bytes, seed: seed)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let index = slots[slot] - 1
      if hashes[Int(index)] == hash, names[Int(index)] == name { return (index, slot, hash) }
      slot = (slot + 1) & mask
    }
    return (nil, slot, hash)
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }
}

/// A screen on a router's stack: its id (in the run's ``RunReplay/screenIDs``) and its type (in
/// ``RunReplay/screenTypes``), as indices. Plain integers: the stacks copy screens on every
/// router event, and two strings each made those copies a tenth of a replay's work.
struct ShownScreen {
  var id: Int32
  var typeIndex: Int32
  /// The coordinator instance (an index in the run's instances) that put it on its stack
  /// with `setRoot`, `push` or `present`; -1 for none.
  var owner: Int32 = -1
}

/// A transition's identity within one run, by type indices (-1 for none).
struct RunTransitionKey: Hashable {
  var from: Int32
  var to: Int32
  var kind: TransitionKind
  var coordinator: Int32
}

/// How often one run made one transition, and on what triggers.
struct RunTransitionTally {
  var count = 0
  /// How many of `count` the system did on a gesture.
  var system = 0
  /// How many of `count` had no trigger: automatic.
  var automatic = 0
  /// Distinct, searched linearly: a transition has one or two triggers in a run, and the
  /// trace's interned names compare equal at once where a set would hash them every time.
  var triggers: [String] = []
  /// Those of ``triggers`` that were deep links.
  var deeplinks: [String] = []

  mutating func add(_ trigger: Trigger) {
    count += 1
    if trigger.isSystem { system += 1 }
    guard let name = trigger.name else {
      automatic += 1
      return
    }
    if !triggers.contains(name) { triggers.append(name) }
    if case .deeplink(let url) = trigger, !deeplinks.contains(url) { deeplinks.append(url) }
  }

  var named: TransitionTally {
    TransitionTally(
      count: count, system: system, automatic: automatic, triggers: triggers, deeplinks: deeplinks)
  }
}

/// What one run saw of one screen type: titles and who showed it, by coordinator type index.
struct RunScreenTally {
  var titles: Set<String> = []
  /// Some instance of the type hosts routers: a container, not a node of the graph.
  var isContainer = false
  var lastTitle: String?
  /// Who showed an instance that is a screen; ``containerShownBy``, one that is a container.
  var shownBy: [(type: Int32, count: Int)] = []
  var containerShownBy: [(type: Int32, count: Int)] = []

  mutating func add(title: String) {
    if title == lastTitle { return }
    lastTitle = title
    titles.insert(title)
  }

  /// Counts a show by the coordinator type `type` of an instance that is a container or not.
  mutating func shown(by type: Int32, asContainer: Bool) {
    if asContainer {
      containerShownBy.add(1, to: type)
    } else {
      shownBy.add(1, to: type)
    }
  }
}
