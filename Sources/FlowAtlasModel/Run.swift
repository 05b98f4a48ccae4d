/// One recorded run (one trace file): a journey a person can read step by step.
package struct Run: Hashable, Sendable {
  /// The run's name from the header. Hostile: use ``slug`` for files and URLs.
  package internal(set) var name: String
  /// Safe and unique within the app (`[a-z0-9-]+`).
  package internal(set) var slug: String
  package var title: String?
  /// The trace's path as the reader was given it.
  package var file: String
  /// Header metadata other than the known keys (device, build …), sorted by key.
  package var metadata: [MetadataEntry]
  /// Lines that parsed as an object with an integer `seq` and a known event name.
  package var events: Int
  /// Transitions this run added.
  package var transitionCount: Int
  /// The run's journey: its steps and coordinator instances (empty when the model was built
  /// without journeys). A run holds it, or, built with a ``ReplayStore``, leaves it in the store,
  /// which reads it back on each use, so that a model's memory grows with runs, not with events:
  /// read it once where it is used.
  package var journey: Journey {
    get {
      switch place {
      case .held(let journey):
        // A summary read from an archive holds an empty one until it is read or left in a store.
        assert(
          journey.steps.count == stepCount, "\(file): a summary's journey read before it was set or left")
        return journey
      case .kept(let store): return store.journey(of: self)
      }
    }
    set {
      place = .held(newValue)
      stepCount = newValue.steps.count
      flaggedInstances = Self.flagged(newValue.instances)
      firstShown = Self.firstShown(newValue.steps)
    }
  }
  /// Where ``journey`` is.
  private var place: JourneyPlace
  /// Whether the run holds its journey (false: a store keeps it, under ``replayKey``).
  package var holdsJourney: Bool {
    if case .held = place { true } else { false }
  }
  /// How many steps the journey has, wherever it is.
  package private(set) var stepCount: Int
  /// The instances that leaked or were orphaned, in start order: what the model's problems
  /// name, held even when the journey is not. At most ``flaggedPerKind`` of each kind, as
  /// diagnostics list at most that many per code (the coordinator types' counts stay exact).
  package private(set) var flaggedInstances: [CoordinatorInstance]
  /// The most leaked, and the most orphaned, instances ``flaggedInstances`` lists.
  package static let flaggedPerKind = RunReplay.detailsPerCode
  /// When the run came through a ``ReplayStore``: the key of its entry, which names the
  /// trace's path and bytes and the replay's version. Two runs with the same key have the same
  /// journey and instances, so a digest may hash the key instead of them.
  package var replayKey: String?
  /// The header's line in the trace (the first that is not blank), where `duplicate-run` is
  /// reported.
  package var headerLine: Int
  /// The screenshots the run names (`screen.image`), in trace order: where each file is, for a
  /// build to read and check. None from a model read back from `model.json`.
  package var pictures: [ScreenPicture] = []
  /// The screenshots of ``pictures`` a build could read and check, by their `screen.image` line
  /// (``NavigationModel/withPictures(_:ofRuns:problems:)``): what the run's journey player shows.
  package internal(set) var checkedPictures: [Int: CheckedPicture] = [:]
  /// ``checkedPictures`` in line order: what a digest or a list of the site's files takes.
  package var checkedPicturesByLine: [(line: Int, picture: CheckedPicture)] {
    checkedPictures.keys.sorted().map { ($0, checkedPictures[$0]!) }
  }
  /// Each screen type the run showed, at the step (from 1) that first showed it, in step order:
  /// what a screen's page lists of the journeys, without reading them. Held, like ``stepCount``,
  /// when the journey is not; empty when the model was built without journeys.
  package private(set) var firstShown: [ScreenShowing] = []
  /// The screen shown at each line of the trace where the replay found a problem (what the last
  /// transition on an earlier line showed), in line order; lines before the first screen have
  /// none. What a screen's page lists of the problems, without reading the journey.
  package internal(set) var screensAtProblems: [ScreenAtLine] = []

  package init(
    name: String, slug: String, title: String?, file: String, metadata: [MetadataEntry],
    events: Int, transitionCount: Int, journey: Journey, replayKey: String? = nil, headerLine: Int = 1
  ) {
    self.replayKey = replayKey
    self.headerLine = headerLine
    self.name = name
    self.slug = slug
    self.title = title
    self.file = file
    self.metadata = metadata
    self.events = events
    self.transitionCount = transitionCount
    place = .held(journey)
    stepCount = journey.steps.count
    flaggedInstances = Self.flagged(journey.instances)
    firstShown = Self.firstShown(journey.steps)
  }

  /// The screen shown at each of `lines` (any order): what the last transition of `steps` on an
  /// earlier line showed, in line order; a line before the first screen has none.
  package static func screens(at lines: Set<Int>, in steps: [JourneyStep]) -> [ScreenAtLine] {
    var found: [ScreenAtLine] = []
    var shown: String?
    var index = 0
    for line in lines.sorted() {
      while index < steps.count, steps[index].line < line {
        if case .transition(_, let to, _, _, _) = steps[index].kind { shown = to }
        index += 1
      }
      if let shown { found.append(ScreenAtLine(line: line, screenType: shown)) }
    }
    return found
  }

  /// Each screen type `steps` show, at the step (from 1) that first shows it, in step order.
  static func firstShown(_ steps: [JourneyStep]) -> [ScreenShowing] {
    var seen: Set<String> = []
    var found: [ScreenShowing] = []
    for (index, step) in steps.enumerated() {
      guard case .transition(_, let to, _, _, _) = step.kind, seen.insert(to).inserted else { continue }
      found.append(ScreenShowing(screenType: to, step: index + 1))
    }
    return found
  }

  /// A summary read from an archive: counts and flagged instances only. Its journey is then
  /// read from the archive too (setting ``journey``) or left in the store that keeps the archive
  /// (``leaveJourney(in:under:)``), before anyone reads it.
  package init(
    summary name: String, title: String?, file: String, metadata: [MetadataEntry], events: Int,
    transitionCount: Int, stepCount: Int, flaggedInstances: [CoordinatorInstance], headerLine: Int = 1,
    firstShown: [ScreenShowing] = [], screensAtProblems: [ScreenAtLine] = []
  ) {
    self.init(
      name: name, slug: "", title: title, file: file, metadata: metadata, events: events,
      transitionCount: transitionCount, journey: Journey(), headerLine: headerLine)
    self.stepCount = stepCount
    self.flaggedInstances = flaggedInstances
    self.firstShown = firstShown
    self.screensAtProblems = screensAtProblems
  }

  /// Leaves the journey in `store`, which keeps it under `key`.
  package mutating func leaveJourney(in store: any JourneyStore, under key: String) {
    replayKey = key
    place = .kept(store)
  }

  /// The first ``flaggedPerKind`` leaked and orphaned instances of `instances`, in order.
  private static func flagged(_ instances: [CoordinatorInstance]) -> [CoordinatorInstance] {
    var (leaked, orphaned) = (0, 0)
    return instances.filter { instance in
      if instance.leaked {
        leaked += 1
        if leaked <= flaggedPerKind { return true }
      }
      if instance.orphanedLine != nil {
        orphaned += 1
        if orphaned <= flaggedPerKind { return true }
      }
      return false
    }
  }
}

/// Where a run's journey is: held by the run, or kept in a store. Two kept journeys are the same
/// when their runs' ``Run/replayKey``s are (which the runs compare): a key names the trace's bytes
/// and the replay, whichever store (this build's or the next's) holds the entry.
private enum JourneyPlace: Hashable, Sendable {
  case held(Journey)
  case kept(any JourneyStore)

  static func == (left: JourneyPlace, right: JourneyPlace) -> Bool {
    switch (left, right) {
    case (.held(let one), .held(let other)): one == other
    case (.kept, .kept): true
    default: false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .held(let journey): hasher.combine(journey)
    case .kept: hasher.combine("kept")
    }
  }
}

/// A run's journey: its steps and its coordinator instances.
package struct Journey: Hashable, Sendable {
  package var steps: [JourneyStep]
  package var instances: [CoordinatorInstance]

  package init(steps: [JourneyStep] = [], instances: [CoordinatorInstance] = []) {
    self.steps = steps
    self.instances = instances
  }
}

/// One header key that is not part of the format (device, build, commit …).
package struct MetadataEntry: Hashable, Sendable {
  package var key: String
  package var value: String
  package init(key: String, value: String) {
    self.key = key
    self.value = value
  }
}

/// A coordinator instance during one run.
package struct CoordinatorInstance: Hashable, Sendable {
  /// The instance id from the trace.
  package var id: String
  package var type: String
  /// The parent instance id, if any.
  package var parent: String?
  /// Lines of the trace where it started, finished and was detached.
  package var startLine: Int
  package var finishLine: Int?
  package var detachLine: Int?
  package var output: String?
  /// Finished but still attached when the run ended.
  package var leaked: Bool
  /// Released (`coordinator.deinit`): it can no longer leak or be orphaned.
  package var deinitLine: Int?
  /// Not finished when the run ended though none of its screens was shown any more: the line
  /// after which it last stopped showing (`orphaned-coordinator`).
  package var orphanedLine: Int?

  /// Leaked or orphaned: a problem the model reports.
  package var isFlagged: Bool { leaked || orphanedLine != nil }

  package init(
    id: String, type: String, parent: String?, startLine: Int, finishLine: Int? = nil,
    detachLine: Int? = nil, output: String? = nil, leaked: Bool = false, deinitLine: Int? = nil,
    orphanedLine: Int? = nil
  ) {
    self.deinitLine = deinitLine
    self.orphanedLine = orphanedLine
    self.id = id
    self.type = type
    self.parent = parent
    self.startLine = startLine
    self.finishLine = finishLine
    self.detachLine = detachLine
    self.output = output
    self.leaked = leaked
  }
}

/// One step of a journey, with the trace line it came from.
package struct JourneyStep: Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    /// The person did something on a screen (of this type).
    case userAction(screen: String, action: String, label: String?)
    /// The current screen changed.
    case transition(
      from: String?, to: String, kind: TransitionKind, coordinator: String?, trigger: Trigger)
    /// A child flow started (under `parent`, a coordinator type, if any).
    case flowStarted(coordinator: String, parent: String?)
    /// A flow finished, with its output.
    case flowFinished(coordinator: String, output: String?)
    /// The app was opened at a route.
    case deeplink(url: String, coordinator: String?)
    /// Free text from the trace.
    case note(String)
  }

  package var kind: Kind
  package var line: Int

  package init(_ kind: Kind, line: Int) {
    self.kind = kind
    self.line = line
  }
}
