import FlowAtlasTrace
import FlowAtlasTraceReader

/// Adds replayed runs up into a ``NavigationModel``.
///
/// Adding and merging are sums and set unions, so the model depends only on
/// which runs were added, not on their order or on how the work was split.
/// (Keys that are equal as Swift strings but spelled differently, such as
/// composed and decomposed accents, keep the spelling added first: add runs
/// in a fixed order, as ``ModelBuilder`` does, for byte-identical output.)
package struct ModelAccumulator: Sendable {
  var apps: [String: AppTally] = [:]
  /// Diagnostics of files rejected before a header named their app.
  var unattributed: [Diagnostic] = []

  package init() {}

  /// Adds one replayed trace.
  /// - Parameter run: a ``RunReplay``'s ``RunReplay/result``.
  package mutating func add(_ run: ReplayedRun) {
    guard let app = run.app else {
      unattributed.append(contentsOf: run.tally.diagnostics)
      return
    }
    apps[app, default: AppTally()].merge(run.tally, transitions: run.transitions)
  }

  /// Adds everything `other` holds (runs added to it count as added here, after this one's).
  package mutating func merge(_ other: ModelAccumulator) {
    for (app, tally) in other.apps { apps[app, default: AppTally()].merge(tally) }
    unattributed.append(contentsOf: other.unattributed)
  }

  /// The model: every list sorted as the spec's "Model export" states, slugs handed out.
  package func model() -> NavigationModel {
    var appSlugs = Slugger(reserved: Self.reservedAppSlugs)
    var models: [AppModel] = []
    var diagnostics = unattributed
    for name in apps.keys.sorted() {
      var tally = apps[name]!
      tally.diagnostics += Self.duplicateRuns(tally.runs, app: name)
      models.append(Self.app(name, slug: appSlugs.slug(for: name), tally: tally))
      diagnostics.append(contentsOf: tally.diagnostics)
    }
    return NavigationModel(apps: models, diagnostics: diagnostics)
  }

  /// Folder names next to the apps' folders that a site may need.
  /// An app's slug is its folder: never the site's own names, nor a name Windows keeps for a
  /// device (a folder `con` or `com1` cannot be opened there).
  static let reservedAppSlugs: Set<String> = Set(
    [PageScheme.assetsFolder, PageScheme.picturesFolder, "index", "con", "prn", "aux", "nul"]
      + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })
  /// Page names in an app's folder besides `flow-*` and `journey-*`: keep bare slugs clear of them too.
  static let reservedPageSlugs: Set<String> = ["index", "problems"]

  static func app(_ name: String, slug: String, tally: AppTally) -> AppModel {
    // One namespace per app for coordinators, screens and runs, so a slug is
    // unique within the app whatever kind it names (pages, anchors, SVG ids).
    var slugger = Slugger(reserved: reservedPageSlugs)
    let transitions = tally.transitions.map { key, value in
      Transition(
        from: key.from, to: key.to, kind: key.kind, coordinator: key.coordinator, count: value.count,
        triggers: value.triggers, system: value.system, deeplinks: value.deeplinks, automatic: value.automatic
      )
    }.sorted(by: Transition.exportOrder)
    var visits: [String: Int] = [:]
    var starts: Set<String> = []
    for transition in transitions {
      visits[transition.to, default: 0] += transition.count
      if let from = transition.from { starts.insert(from) }
    }

    let coordinators = tally.coordinators.keys.sorted().map { type in
      let value = tally.coordinators[type]!
      return CoordinatorType(
        type: type, slug: slugger.slug(for: type), starts: value.starts, children: value.children.sorted(),
        parents: value.parents.sorted(), outputs: value.outputs.sorted(), leaks: value.leaks,
        orphans: value.orphans)
    }
    // A type some instance of which hosts routers is a container, unless another was shown as a
    // screen of its own (a transition ends or starts there: a plain `UINavigationController`
    // presented beside the app's recorded ones; a trace that gives an id again with another type
    // starts a transition where none ended): it is then a node, so that no transition names a
    // screen the model leaves out, and its owner is who showed it as a screen, not its containers.
    let isContainer = { (type: String) in
      tally.screens[type]!.isContainer && visits[type] == nil && !starts.contains(type)
    }
    let screens = tally.screens.keys.sorted().filter { !isContainer($0) }.map { type in
      let value = tally.screens[type]!
      return ScreenType(
        type: type, slug: slugger.slug(for: type), titles: value.titles.sorted(), owner: value.owner,
        visits: visits[type] ?? 0)
    }
    let containers = tally.screens.keys.sorted().filter(isContainer).map { type in
      ContainerType(type: type, owner: tally.screens[type]!.containerOwner)
    }
    var runs = tally.runs.sorted { ($0.name, $0.file) < ($1.name, $1.file) }
    for index in runs.indices { runs[index].slug = slugger.slug(for: runs[index].name) }
    let flows = FlowDerivation.flows(coordinators: coordinators, screens: screens, transitions: transitions)
    return AppModel(
      name: name, slug: slug, runs: runs, coordinators: coordinators, screens: screens,
      transitions: transitions, flows: flows, diagnostics: tally.diagnostics.sorted(), containers: containers,
      modules: tally.modules)
  }

  /// `duplicate-run` for each run of an app named like an earlier one (files sorted by path), at
  /// its header line: both runs are kept, told apart by file.
  static func duplicateRuns(_ runs: [Run], app: String) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for (name, named) in Dictionary(grouping: runs, by: \.name) where named.count > 1 {
      let sorted = named.sorted { $0.file < $1.file }
      for run in sorted.dropFirst() {
        diagnostics.append(
          Diagnostic(
            code: .duplicateRun, file: run.file, line: run.headerLine,
            message:
              "app \(TraceDecoder.quoted(app)) has another run named \(TraceDecoder.quoted(name)) (\(sorted[0].file)); "
              + "give each run a name of its own (a retried test: add the attempt); both are kept, told apart "
              + "by file"))
      }
    }
    return diagnostics
  }
}
