import FlowAtlasTrace
import FlowAtlasTraceReader

/// Everything the reader derived from a set of traces: one ``AppModel`` per app,
/// and every diagnostic. Plain values: the renderer and the site draw from it.
package struct NavigationModel: Hashable, Sendable {
  /// Sorted by ``AppModel/name``.
  package private(set) var apps: [AppModel]
  /// Sorted by file, line, code.
  package private(set) var diagnostics: [Diagnostic]

  package init(apps: [AppModel], diagnostics: [Diagnostic]) {
    self.apps = apps.sorted { $0.name < $1.name }
    self.diagnostics = diagnostics.sorted()
  }

  /// The app named `name`, if any trace belonged to it.
  /// A binary search of the sorted apps: a check of thousands of apps against thousands
  /// costs a logarithm each, not a pass over all of them.
  /// The app of `baseline` that `app` of this model is compared with: the one of its name, or,
  /// where each model holds one app, that one whatever its name (a product renamed between
  /// releases, a variant compared with the app it came from: `diff` pairs them so too).
  package func baselineApp(for app: AppModel, in baseline: NavigationModel) -> AppModel? {
    baseline.app(named: app.name) ?? (apps.count == 1 && baseline.apps.count == 1 ? baseline.apps[0] : nil)
  }

  package func app(named name: String) -> AppModel? {
    var low = apps.startIndex
    var high = apps.endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if apps[middle].name < name { low = middle + 1 } else { high = middle }
    }
    return low < apps.endIndex && apps[low].name == name ? apps[low] : nil
  }
}

/// How a transition happened: the router event's kind.
package enum TransitionKind: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
  case setRoot, push, pop, popTo, popToRoot, present, dismiss, selectTab

  /// Back transitions (`pop`, `popTo`, `popToRoot`, `dismiss`) return to a screen shown before.
  package var isBack: Bool { self == .pop || self == .popTo || self == .popToRoot || self == .dismiss }

  /// Sorted by name, as its raw value spells it.
  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

  /// Hashes the case, not its name: a `String`-backed enum hashes its raw value by default,
  /// making and hashing the string each time, and each router event of a replay hashes its
  /// kind (a twentieth of the model's work).
  package func hash(into hasher: inout Hasher) { hasher.combine(rank) }

  /// The case's place among the cases sorted by name (``ReplayTablesTests`` checks the order).
  private var rank: UInt8 {
    switch self {
    case .dismiss: 0
    case .pop: 1
    case .popTo: 2
    case .popToRoot: 3
    case .present: 4
    case .push: 5
    case .selectTab: 6
    case .setRoot: 7
    }
  }
}

/// What made a transition happen (spec, "Trigger").
package enum Trigger: Hashable, Sendable {
  /// The latest `user.action` since the previous router event.
  case action(String, label: String?)
  /// Else the `url` of a `deeplink.open` since then.
  case deeplink(url: String)
  /// Neither: the app navigated by itself.
  case automatic
  /// The system did it on a person's gesture (`backButton`, `edgeSwipe` …; `system` where the
  /// writer named none), whatever action was pending.
  case system(gesture: String)

  /// The text collected in ``Transition/triggers`` (none for automatic).
  package var name: String? {
    switch self {
    case .action(let action, _): action
    case .deeplink(let url): url
    case .automatic: nil
    case .system(let gesture): gesture
    }
  }

  /// Whether the system did it on a gesture.
  package var isSystem: Bool {
    if case .system = self { return true }
    return false
  }
}
