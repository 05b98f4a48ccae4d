import FlowAtlasTrace
import FlowAtlasTraceReader

/// One app's navigation: its hierarchy, screen transition graph, flows and runs.
///
/// Every list is sorted as the spec's "Model export" states, so the same traces
/// always give the same values and the same bytes.
package struct AppModel: Hashable, Sendable {
  package internal(set) var name: String
  /// A safe, unique slug for file names and URLs (`[a-z0-9-]+`), never the raw name.
  package internal(set) var slug: String
  /// Sorted by run name, then file.
  package private(set) var runs: [Run]
  /// Sorted by type.
  package private(set) var coordinators: [CoordinatorType]
  /// Sorted by type.
  package internal(set) var screens: [ScreenType]
  /// Sorted by from (nil first), to, kind, coordinator (nil first).
  package private(set) var transitions: [Transition]
  /// One per coordinator type, sorted by coordinator type.
  package private(set) var flows: [Flow]
  /// The diagnostics of this app's traces, sorted by file, line, code.
  package internal(set) var diagnostics: [Diagnostic]
  /// The containers (tab bar controllers, presented navigation controllers: screens that show
  /// other routers), sorted by type; never nodes of the graph.
  package private(set) var containers: [ContainerType]
  /// The modules the traces named (`module`), sorted, each once: in a type name `A.B`, `A` is a
  /// module when it is one of these, else the outer type of a nested one. Not in the spec's
  /// export: empty for a model read from `model.json`.
  package private(set) var modules: [String]

  /// A model of the given parts, each list sorted as documented on its property, whatever
  /// order they come in (a stable sort: the builder's lists are sorted already).
  package init(
    name: String, slug: String, runs: [Run], coordinators: [CoordinatorType], screens: [ScreenType],
    transitions: [Transition], flows: [Flow], diagnostics: [Diagnostic], containers: [ContainerType] = [],
    modules: [String] = []
  ) {
    self.modules = Set(modules).sorted()
    self.name = name
    self.slug = slug
    self.runs = runs.sorted { ($0.name, $0.file) < ($1.name, $1.file) }
    self.coordinators = coordinators.sorted { $0.type < $1.type }
    self.screens = screens.sorted { $0.type < $1.type }
    self.transitions = transitions.sorted(by: Transition.exportOrder)
    self.flows = flows.sorted { $0.coordinator < $1.coordinator }
    self.diagnostics = diagnostics.sorted()
    self.containers = containers.sorted { $0.type < $1.type }
  }

  // Found by binary search in the sorted lists: pages ask per screen and per diagram, so a
  // linear search made an app of 10,000 screens quadratic.
  package func coordinator(_ type: String) -> CoordinatorType? { coordinators.sortedFirst(type, by: \.type) }
  package func screen(_ type: String) -> ScreenType? { screens.sortedFirst(type, by: \.type) }
  package func flow(_ coordinator: String) -> Flow? { flows.sortedFirst(coordinator, by: \.coordinator) }
  /// The runs named `name`: one, unless traces broke the spec's rule that a run's name is
  /// unique within its app (a retried UI test writes its run again).
  package func runs(named name: String) -> [Run] { runs.filter { $0.name == name } }
  /// The run whose slug is `slug` (slugs are unique within the app).
  package func run(slug: String) -> Run? { runs.first { $0.slug == slug } }
  /// Every picture the app's pages show, each once (by its sha256), in a fixed order: each
  /// screen's, then what each run's journey shows of its own (``Run/checkedPictures``).
  package var shownPictures: [CheckedPicture] {
    var seen: Set<String> = []
    var found: [CheckedPicture] = []
    for picture in screens.compactMap(\.picture) where seen.insert(picture.hash).inserted {
      found.append(picture)
    }
    for run in runs {
      for (_, picture) in run.checkedPicturesByLine where seen.insert(picture.hash).inserted {
        found.append(picture)
      }
    }
    return found
  }

  /// Gives each run the screenshots of it a build checked, by the run's file then line: those of
  /// the app's screens (a container's picture, say, is shown nowhere).
  mutating func setCheckedPictures(_ byFile: [String: [Int: CheckedPicture]]) {
    for index in runs.indices {
      let checked = byFile[runs[index].file] ?? [:]
      var shown: [Int: CheckedPicture] = [:]
      for picture in runs[index].pictures where screen(picture.screenType) != nil {
        if let found = checked[picture.line] { shown[picture.line] = found }
      }
      runs[index].checkedPictures = shown
    }
  }

  /// The names more than one run has, each with its runs, sorted by name.
  package var sharedRunNames: [(name: String, runs: [Run])] {
    let byName: [String: [Run]] = Dictionary(grouping: runs, by: \.name)
    let shared = byName.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
    return shared.map { (name: $0.key, runs: $0.value) }
  }
}

/// A coordinator type in the hierarchy (a graph where a type has several parents).
package struct CoordinatorType: Hashable, Sendable, Encodable {
  package var type: String
  package internal(set) var slug: String
  /// How many `coordinator.start` events named this type, over all runs.
  package var starts: Int
  /// Child coordinator types, sorted, without repeats.
  package var children: [String]
  /// Parent coordinator types, sorted, without repeats (empty for a root).
  package var parents: [String]
  /// Outputs its `finish` returned, sorted, without repeats.
  package var outputs: [String]
  /// How many instances leaked (finished but still attached at the end of a run).
  package var leaks: Int
  /// How many instances were orphaned (left unfinished once none of their screens was shown).
  package var orphans: Int

  package init(
    type: String, slug: String, starts: Int, children: [String], parents: [String],
    outputs: [String], leaks: Int, orphans: Int = 0
  ) {
    self.orphans = orphans
    self.type = type
    self.slug = slug
    self.starts = starts
    self.children = children
    self.parents = parents
    self.outputs = outputs
    self.leaks = leaks
  }
}

/// A container type: a view controller that shows other routers' navigation (a tab bar
/// controller, a presented navigation controller), with the coordinator that shows it most.
package struct ContainerType: Hashable, Sendable, Encodable {
  package var type: String
  package var owner: String?

  package init(type: String, owner: String?) {
    self.type = type
    self.owner = owner
  }
}

/// A screen type: a node of the transition graph.
package struct ScreenType: Hashable, Sendable, Encodable {
  package var type: String
  package internal(set) var slug: String
  /// Titles seen, sorted, without repeats.
  package var titles: [String]
  /// The coordinator type that showed it most often (ties: the name that sorts first).
  package var owner: String?
  /// How often it became current: the sum of `count` over transitions to it.
  package var visits: Int
  /// What it looked like: the first screenshot of it a build could read and check, in run
  /// order then trace order (``NavigationModel/withPictures(_:problems:)``); nil without one.
  package var picture: CheckedPicture?

  package init(type: String, slug: String, titles: [String], owner: String?, visits: Int) {
    self.type = type
    self.slug = slug
    self.titles = titles
    self.owner = owner
    self.visits = visits
  }
}

/// An edge of the transition graph, identified by (from, to, kind, coordinator).
package struct Transition: Hashable, Sendable, Encodable {
  /// The screen type before; nil for a run's entry.
  package var from: String?
  package var to: String
  package var kind: TransitionKind
  /// The coordinator type that asked for it, if known.
  package var coordinator: String?
  /// How many times it happened over all runs.
  package var count: Int
  /// Trigger names (actions, deep-link URLs and system gestures), sorted, without repeats.
  package var triggers: [String]
  /// How many of ``count`` the system did on a person's gesture (back button, swipe, tab bar).
  package var system: Int
  /// Those of ``triggers`` that were deep links (`deeplink.open`), sorted: the site words them
  /// as links, whatever their text looks like.
  package var deeplinks: [String]
  /// How many of ``count`` had no trigger (automatic), so that words never give every time the
  /// triggers only some had. Not in the spec's export: 0 for a model read from `model.json`.
  package var automatic: Int

  package init(
    from: String?, to: String, kind: TransitionKind, coordinator: String?, count: Int,
    triggers: [String], system: Int = 0, deeplinks: [String] = [], automatic: Int = 0
  ) {
    self.automatic = automatic
    self.deeplinks = deeplinks
    self.from = from
    self.to = to
    self.kind = kind
    self.coordinator = coordinator
    self.count = count
    self.triggers = triggers
    self.system = system
  }

  /// Whether the system did it every time (no coordinator asked for it).
  package var isSystem: Bool { system > 0 && system == count }

  /// What makes a transition the same one in two versions of an app (the spec's "Identity"):
  /// from, to, kind and coordinator, not how often or on what it was recorded.
  package struct Identity: Hashable, Sendable, Comparable {
    package var from: String?
    package var to: String
    package var kind: TransitionKind
    package var coordinator: String?

    package init(from: String?, to: String, kind: TransitionKind, coordinator: String?) {
      self.from = from
      self.to = to
      self.kind = kind
      self.coordinator = coordinator
    }

    /// In the spec's export order.
    package static func < (lhs: Self, rhs: Self) -> Bool {
      exportOrder(
        Transition(
          from: lhs.from, to: lhs.to, kind: lhs.kind, coordinator: lhs.coordinator, count: 0, triggers: []),
        Transition(
          from: rhs.from, to: rhs.to, kind: rhs.kind, coordinator: rhs.coordinator, count: 0, triggers: []))
    }
  }

  /// This transition's identity.
  package var identity: Identity { Identity(from: from, to: to, kind: kind, coordinator: coordinator) }

  /// The spec's export order: from (nil first), to, kind, coordinator (nil first).
  package static func exportOrder(_ lhs: Transition, _ rhs: Transition) -> Bool {
    if lhs.from != rhs.from {
      guard let l = lhs.from else { return true }
      guard let r = rhs.from else { return false }
      return l < r
    }
    if lhs.to != rhs.to { return lhs.to < rhs.to }
    if lhs.kind != rhs.kind { return lhs.kind.rawValue < rhs.kind.rawValue }
    if lhs.coordinator != rhs.coordinator {
      guard let l = lhs.coordinator else { return true }
      guard let r = rhs.coordinator else { return false }
      return l < r
    }
    return false
  }
}

extension Array {
  /// The index of the first element that `isBefore` does not hold for, in an array where every
  /// element it holds for comes first (sorted by what it asks), by binary search; `count` when
  /// it holds for all.
  package func partitionPoint(where isBefore: (Element) -> Bool) -> Int {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The element whose `key` is `wanted`, in an array sorted by `key` (with `<`), by binary search.
  func sortedFirst(_ wanted: String, by key: (Element) -> String) -> Element? {
    let index = partitionPoint { key($0) < wanted }
    return index < count && key(self[index]) == wanted ? self[index] : nil
  }
}
