/// One run's type names as small integers, so the replay's hot path hashes and
/// compares integers; names come back once per distinct type when the run ends.
struct TypeTable {
  private(set) var names: [String] = []
  private var indices: [String: Int32] = [:]
  /// Consecutive events mostly name the same type: a comparison instead of a hash.
  private var last: (name: String, index: Int32)?

  /// The index of `name`, adding it on first sight.
  mutating func index(_ name: String) -> Int32 {
    if let last, last.name == name { return last.index }
    let index: Int32
    if let known = indices[name] {
      index = known
    } else {
      index = Int32(names.count)
      names.append(name)
      indices[name] = index
    }
    last = (name, index)
    return index
  }

  subscript(index: Int32) -> String { names[Int(index)] }
}

/// A screen on a router's stack: its id and its type, by name and by index.
struct ShownScreen {
  var id: String
  var type: String
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

/// What one run saw of one screen type: titles and who showed it, by coordinator type index.
struct RunScreenTally {
  var titles: Set<String> = []
  var lastTitle: String?
  var shownBy: [(type: Int32, count: Int)] = []

  mutating func add(title: String) {
    if title == lastTitle { return }
    lastTitle = title
    titles.insert(title)
  }

  mutating func shown(by type: Int32) {
    if let index = shownBy.firstIndex(where: { $0.type == type }) {
      shownBy[index].count += 1
    } else {
      shownBy.append((type, 1))
    }
  }
}
