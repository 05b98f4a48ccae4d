import FlowAtlasBytes
import FlowAtlasTrace
import FlowAtlasTraceReader

/// The CI gate: what changed against a baseline, and which new problems the traces show, as
/// findings a CI annotates (`file:line: error: message [rule]`).
///
/// Only new problems count against a baseline, as linters' baseline files work: a known leak
/// still there is no finding, a new one is. A problem is known when the baseline has one of the
/// same code about the same thing: the same coordinator type for a leak or an orphan, otherwise
/// the same file and message once line numbers and ids are set aside (they move when a journey
/// changes).
package struct NavigationCheck: Sendable {
  /// What a check can fail on.
  package enum Rule: String, Hashable, Sendable, CaseIterable, Comparable {
    case addedScreen = "added-screen"
    case removedScreen = "removed-screen"
    case addedTransition = "added-transition"
    case removedTransition = "removed-transition"
    /// A transition of both versions taken on other triggers.
    case changedTrigger = "changed-trigger"
    case addedFlow = "added-flow"
    case removedFlow = "removed-flow"
    /// A screen of both versions now owned by another flow.
    case movedScreen = "moved-screen"
    case addedContainer = "added-container"
    case removedContainer = "removed-container"
    case newProblem = "new-problem"
    /// A recorded transition its flow's contract does not allow.
    case unexpectedTransition = "unexpected-transition"
    /// A contract's transition no recorded run exercised.
    case uncoveredTransition = "uncovered-transition"

    package static func < (lhs: Self, rhs: Self) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// One thing the gate found.
  package struct Finding: Hashable, Sendable, Comparable {
    package var rule: Rule
    package var file: String
    package var line: Int
    package var message: String

    package init(rule: Rule, file: String, line: Int, message: String) {
      self.rule = rule
      self.file = file
      self.line = line
      self.message = message
    }

    /// `file:line: error: message [rule]` (or `warning:` for a finding the check does not fail
    /// on), one line whatever the names hold.
    package func formatted(failing: Bool = true) -> String {
      Printable.line("\(file):\(line): \(failing ? "error" : "warning"): \(message) [\(rule.rawValue)]")
    }

    package static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.rule, lhs.file, lhs.line, lhs.message) < (rhs.rule, rhs.file, rhs.line, rhs.message)
    }
  }

  /// Where each screen and transition of one side was first seen, for a finding's `file:line`.
  package struct Places: Sendable {
    var screens: [String: (file: String, line: Int)] = [:]
    var transitions: [TransitionKey: (file: String, line: Int)] = [:]
    /// Where each coordinator type first started (in a trace) or is written (in a model.json).
    var flows: [String: (file: String, line: Int)] = [:]
    /// The first time each transition was taken on each trigger (`nil`: none).
    var triggered: [TransitionKey: [String?: (file: String, line: Int)]] = [:]
    /// Where anything not found is reported: the side's file, line 1.
    var fallback: String
    /// Whether the places are its runs' own (traces, read for their journeys): then a run's file is
    /// a file of the side, where an app's finding that has no line of its own is put.
    private(set) var hasRunFiles = false

    package init(fallback: String) {
      self.fallback = fallback
    }

    /// The first step of each run's journey that entered a screen or took a transition.
    package init(journeysOf model: NavigationModel, fallback: String) {
      self.fallback = fallback
      hasRunFiles = true
      for app in model.apps {
        for run in app.runs {
          for step in run.journey.steps {
            if case .flowStarted(let coordinator, _) = step.kind {
              note(flow: coordinator, app: app.name, file: run.file, line: step.line)
            }
            guard case .transition(let from, let to, let kind, let coordinator, let trigger) = step.kind
            else {
              continue
            }
            let place = (run.file, step.line)
            if screens[Self.key(app.name, to)] == nil { screens[Self.key(app.name, to)] = place }
            let key = TransitionKey(app: app.name, from: from, to: to, kind: kind, coordinator: coordinator)
            if transitions[key] == nil { transitions[key] = place }
            if triggered[key]?[trigger.name] == nil { triggered[key, default: [:]][trigger.name] = place }
          }
        }
      }
    }

    mutating func note(screen: String, app: String, file: String, line: Int) {
      screens[Self.key(app, screen)] = screens[Self.key(app, screen)] ?? (file, line)
    }

    mutating func note(_ key: TransitionKey, file: String, line: Int) {
      transitions[key] = transitions[key] ?? (file, line)
    }

    mutating func note(flow coordinator: String, app: String, file: String, line: Int) {
      flows[Self.key(app, coordinator)] = flows[Self.key(app, coordinator)] ?? (file, line)
    }

    /// Where `coordinator`'s flow first started, or is written; nil where unknown.
    func place(ofFlowStart coordinator: String, app: String) -> (file: String, line: Int)? {
      flows[Self.key(app, coordinator)]
    }

    func place(ofScreen screen: String, app: String) -> (file: String, line: Int) {
      screens[Self.key(app, screen)] ?? (fallback, 1)
    }

    func place(of transition: Transition, app: String) -> (file: String, line: Int) {
      transitions[TransitionKey(app: app, transition)] ?? (fallback, 1)
    }

    /// Where `transition` was first taken on `trigger` (`nil`: none), else where it was first taken.
    func place(of transition: Transition, trigger: String?, app: String) -> (file: String, line: Int) {
      triggered[TransitionKey(app: app, transition)]?[trigger] ?? place(of: transition, app: app)
    }

    private static func key(_ app: String, _ screen: String) -> String { app + "\u{0}" + screen }
  }

  /// A transition's identity within an app.
  struct TransitionKey: Hashable, Sendable {
    var app: String
    var identity: Transition.Identity

    init(app: String, from: String?, to: String, kind: TransitionKind, coordinator: String?) {
      self.app = app
      identity = Transition.Identity(from: from, to: to, kind: kind, coordinator: coordinator)
    }

    init(app: String, _ transition: Transition) {
      self.app = app
      identity = transition.identity
    }
  }

  /// Everything found, sorted; filter by rule to decide the exit status.
  package private(set) var findings: [Finding] = []

  /// Compares `current` with `baseline`, app by app (an app missing on one side is compared
  /// with an empty one), and lists the new problems.
  /// - Parameters:
  ///   - current: The model of the traces under test.
  ///   - places: Where `current`'s screens and transitions were first seen.
  ///   - baseline: The model to compare with; without one, every problem is new and nothing
  ///     counts as added or removed.
  ///   - baselinePlaces: Where `baseline`'s screens and transitions are written.
  ///   - contracts: Flows' intended navigation, checked against every app with that flow.
  ///   - roots: The folders `current`'s traces were given in (a file's own folder for a file):
  ///     a problem is matched by its trace's path within them.
  ///   - baselineRoots: Likewise for `baseline` (none for a `model.json`).
  package init(
    current: NavigationModel, places: Places, baseline: NavigationModel?, baselinePlaces: Places?,
    contracts: [NavigationContract] = [], roots: [String] = [], baselineRoots: [String] = []
  ) {
    // Known problems by their code and words; then by where, as the path within its side's folder.
    var known: [String: [[Substring]]] = [:]
    for diagnostic in baseline?.diagnostics ?? [] {
      known[Self.problemKey(diagnostic), default: []].append(
        Self.place(of: diagnostic, within: baselineRoots))
    }
    // The modules each side names its types with (a type's first component is a module only
    // where its side recorded that module: `Outer.Inner` may be a nested type).
    let currentModules = Set(current.apps.flatMap(\.modules))
    // A model.json (no roots) does not say which names carry a module: any first component may.
    let baselineModules: Set<String>? =
      baseline != nil && baselineRoots.isEmpty ? nil : Set(baseline?.apps.flatMap(\.modules) ?? [])
    func isKnown(_ diagnostic: Diagnostic) -> Bool {
      guard let places = known[Self.problemKey(diagnostic)] else {
        return Self.isKnownAcrossModules(
          diagnostic, knownKeys: known.keys, modules: currentModules, knownModules: baselineModules)
      }
      let place = Self.place(of: diagnostic, within: roots)
      // One path ends the other: a model.json keeps the folder its traces were given in.
      return places.contains { $0.isEmpty || place.isEmpty || $0.ends(with: place) || place.ends(with: $0) }
    }
    for diagnostic in current.diagnostics where !isKnown(diagnostic) {
      findings.append(
        Finding(
          rule: .newProblem, file: diagnostic.file, line: diagnostic.line,
          message: "new \(diagnostic.severity.rawValue) \(diagnostic.code.rawValue): \(diagnostic.message)"))
    }
    if let baseline, let baselinePlaces {
      // Each app with its baseline's (``NavigationModel/baselineApp(for:in:)``); an app only one
      // side has is compared with none.
      let paired = current.apps.map { ($0, current.baselineApp(for: $0, in: baseline)) }
      let compared = Set(paired.compactMap { $0.1?.name })
      for (new, old) in paired {
        compare(old: old ?? Self.empty(new.name), new: new, places: places, baselinePlaces: baselinePlaces)
      }
      for old in baseline.apps where !compared.contains(old.name) {
        compare(old: old, new: Self.empty(old.name), places: places, baselinePlaces: baselinePlaces)
      }
    }
    for contract in contracts { check(contract, in: current, places: places) }
    findings.sort()
  }

  private mutating func check(_ contract: NavigationContract, in model: NavigationModel, places: Places) {
    // Each app reads the contract's bare names as its own `Module.Type` where it has only that.
    let apps = model.apps.map { ($0, contract.resolved(in: $0)) }.filter {
      $0.0.flow($0.1.coordinator) != nil
    }
    guard !apps.isEmpty else {
      for edge in contract.edges {
        findings.append(
          Finding(
            rule: .uncoveredTransition, file: contract.file, line: edge.line,
            message: "\(Self.describe(edge)) of \(contract.coordinator)'s contract: no recorded run started "
              + contract.coordinator))
      }
      return
    }
    for (app, contract) in apps {
      let coverage = ContractCoverage(contract: contract, app: app)
      for edge in coverage.uncovered {
        findings.append(
          Finding(
            rule: .uncoveredTransition, file: contract.file, line: edge.line,
            message:
              "\(app.name): \(Self.describe(edge)) of \(contract.coordinator)'s contract was never exercised")
        )
      }
      for transition in coverage.unexpected {
        // One finding per trigger no edge allows, where it was first taken so.
        for trigger in coverage.disallowed(transition) {
          let place = places.place(of: transition, trigger: trigger, app: app.name)
          let how = trigger.map { " on \"\($0)\"" } ?? " with no action"
          findings.append(
            Finding(
              rule: .unexpectedTransition, file: place.file, line: place.line,
              message: "\(app.name): \(Self.describe(transition))\(how) is not in \(contract.coordinator)'s "
                + "contract (\(contract.file))"))
        }
      }
    }
  }

  /// `A → B on “action”` for a contract edge.
  static func describe(_ edge: NavigationContract.Edge) -> String {
    "\(edge.from ?? "start") → \(edge.to)" + (edge.action.map { " on \"\($0)\"" } ?? "")
  }

  private mutating func compare(old: AppModel, new: AppModel, places: Places, baselinePlaces: Places) {
    let diff = NavigationDiff(old: old, new: new)
    let app = new.name
    // The baseline's places are under its app's name, which may be another.
    let baselineApp = old.name
    func report(_ rule: Rule, at place: (file: String, line: Int), _ message: String) {
      findings.append(Finding(rule: rule, file: place.file, line: place.line, message: "\(app): \(message)"))
    }
    for screen in diff.addedScreens {
      report(
        .addedScreen, at: places.place(ofScreen: screen, app: app),
        "screen \(screen) is new (not in the baseline)")
    }
    for screen in diff.removedScreens {
      report(
        .removedScreen, at: baselinePlaces.place(ofScreen: screen, app: baselineApp),
        "screen \(screen) of the baseline is gone")
    }
    for transition in diff.addedTransitions {
      report(
        .addedTransition, at: places.place(of: transition, app: app),
        "\(Self.describe(transition)) is new (not in the baseline)")
    }
    for transition in diff.removedTransitions {
      report(
        .removedTransition, at: baselinePlaces.place(of: transition, app: baselineApp),
        "\(Self.describe(transition)) of the baseline is gone")
    }
    // An app's finding with no line of its own: its first trace, else the side's file.
    func start(of model: AppModel, _ places: Places) -> (file: String, line: Int) {
      ((places.hasRunFiles ? model.runs.map(\.file).min() : nil) ?? places.fallback, 1)
    }
    // A flow where it first navigated (in the order of files and lines); a container, which is
    // no node of the graph, at the start of its app's first trace.
    func place(ofFlow flow: String, in model: AppModel, _ places: Places) -> (file: String, line: Int) {
      model.transitions.filter { $0.coordinator == flow }.map { places.place(of: $0, app: model.name) }
        .min { ($0.file, $0.line) < ($1.file, $1.line) } ?? places.place(ofFlowStart: flow, app: model.name)
        ?? start(of: model, places)
    }
    for flow in diff.addedCoordinators {
      report(
        .addedFlow, at: place(ofFlow: flow, in: new, places), "flow \(flow) is new (not in the baseline)")
    }
    for flow in diff.removedCoordinators {
      report(
        .removedFlow, at: place(ofFlow: flow, in: old, baselinePlaces), "flow \(flow) of the baseline is gone"
      )
    }
    for move in diff.ownerChanges {
      report(
        .movedScreen, at: places.place(ofScreen: move.screen, app: app),
        "screen \(move.screen) is in \(move.new ?? "no flow") now, in \(move.old ?? "no flow") in the baseline"
      )
    }
    for container in diff.addedContainers {
      report(
        .addedContainer, at: start(of: new, places), "container \(container) is new (not in the baseline)")
    }
    for container in diff.removedContainers {
      report(
        .removedContainer, at: start(of: old, baselinePlaces),
        "container \(container) of the baseline is gone")
    }
    for change in diff.changedTriggers {
      // Where it was first taken on one of its triggers (the first by name; the ways share none),
      // else where it was first taken.
      let place =
        change.new.first.map { places.place(of: change.transition, trigger: $0, app: app) }
        ?? places.place(of: change.transition, app: app)
      func said(_ triggers: [String], _ automatic: Bool) -> String {
        (triggers.map { "on \"\($0)\"" } + (automatic ? ["automatically"] : [])).joined(separator: ", ")
      }
      report(
        .changedTrigger, at: place,
        "\(Self.describe(change.transition)) is taken \(said(change.new, change.newAutomatic)), the "
          + "baseline's \(said(change.old, change.oldAutomatic))")
    }
  }

  /// `LoginViewController → HomeViewController (push by AppCoordinator)`.
  static func describe(_ transition: Transition) -> String {
    "\(transition.from ?? "(entry)") → \(transition.to) (\(transition.kind.rawValue)"
      + (transition.coordinator.map { " by \($0)" } ?? "") + ")"
  }

  /// What makes two problems the same one across versions.
  /// Its file's place (``place(of:within:)``) aside: same code, and the same coordinator type
  /// for a leak or an orphan, else the same message without its digits.
  static func problemKey(_ diagnostic: Diagnostic) -> String {
    let code = diagnostic.code.rawValue
    switch diagnostic.code {
    case .coordinatorLeak, .orphanedCoordinator:
      // The message begins with the coordinator's type.
      return code + "\u{0}" + (diagnostic.message.split(separator: " ").first.map(String.init) ?? "")
    default:
      let message = String(diagnostic.message.unicodeScalars.filter { !("0"..."9").contains($0) })
      return code + "\u{0}" + message
    }
  }

  /// Whether a leak or an orphan of a coordinator type is known under the type's other spelling,
  /// where one side was recorded with modules and the other without (the spec's reading of a bare
  /// `Type` as a `Module.Type` of that name): `HelpCoordinator` and `SettingsKit.HelpCoordinator`.
  /// - Parameters:
  ///   - modules: The modules the checked traces recorded.
  ///   - knownModules: The baseline's; nil for a model.json, which does not say.
  static func isKnownAcrossModules(
    _ diagnostic: Diagnostic, knownKeys: Dictionary<String, [[Substring]]>.Keys, modules: Set<String>?,
    knownModules: Set<String>?
  ) -> Bool {
    guard diagnostic.code == .coordinatorLeak || diagnostic.code == .orphanedCoordinator,
      let type = diagnostic.message.split(separator: " ").first.map(String.init)
    else { return false }
    let prefix = diagnostic.code.rawValue + "\u{0}"
    /// The name within its module, where its first component is one of `modules` (any, where
    /// they are not known); else nil.
    func withinModule(_ name: String, _ modules: Set<String>?) -> String? {
      guard let dot = name.firstIndex(of: "."), dot != name.startIndex,
        modules?.contains(String(name[..<dot])) ?? true
      else { return nil }
      return String(name[name.index(after: dot)...])
    }
    // One side with its module, the other bare: `Mail.Outer.Inner` and `Outer.Inner`.
    if let within = withinModule(type, modules), knownKeys.contains(prefix + within) { return true }
    return knownKeys.contains { key in
      key.hasPrefix(prefix) && withinModule(String(key.dropFirst(prefix.count)), knownModules) == type
    }
  }

  /// Where a problem is, for telling it from the same words elsewhere: its trace's path within
  /// the first of `roots` that holds it, as components (no `.`, no empty one); nothing for a
  /// leak or an orphan, which are known by type wherever they are.
  static func place(of diagnostic: Diagnostic, within roots: [String]) -> [Substring] {
    if diagnostic.code == .coordinatorLeak || diagnostic.code == .orphanedCoordinator { return [] }
    let file = TracePath.parts(diagnostic.file)
    for root in roots.map(TracePath.parts)
    where !root.isEmpty && file.count > root.count && file.starts(with: root) {
      return Array(file.dropFirst(root.count))
    }
    return file
  }

  private static func empty(_ name: String) -> AppModel {
    AppModel(
      name: name, slug: Slug.make(name), runs: [], coordinators: [], screens: [], transitions: [], flows: [],
      diagnostics: [])
  }
}

extension Array where Element: Equatable {
  /// Whether the last elements are `suffix`'s.
  func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
  }
}
