import FlowAtlasTrace
import FlowAtlasTraceReader

/// Replays one trace, as ``TraceReader`` delivers it, into that run's share of the model:
/// stacks, transitions with triggers, owners, the coordinator hierarchy, the journey
/// and the replay's diagnostics (`empty-stack`, `not-on-stack`, `detach-unknown`,
/// `coordinator-leak`, `orphaned-coordinator`).
///
/// Holds only what one run needs (its stacks, screens and coordinator instances),
/// so files can be replayed independently and in parallel.
package struct RunReplay: TraceConsumer {
  /// The file being replayed, as the reader was given it.
  package let file: String
  /// When false, the run keeps neither journey steps nor its coordinator instances,
  /// the two things that grow with its events (for huge inputs).
  package let keepsJourney: Bool

  var header: TraceHeader?
  var stacks = RouterStacks()
  /// The current screen after the latest router event (the stacks' answer, kept).
  var currentScreen: ShownScreen?
  var instances: [CoordinatorInstance] = []
  /// Each instance's id, its index in ``instances`` (an id is added when its instance is).
  var instanceIDs = TypeTable()
  /// Each instance's type as an index in ``coordinatorTypes``, parallel to ``instances``.
  var instanceTypes: [Int32] = []
  /// Which instances still show a screen, for `orphaned-coordinator`; parallel to ``instances``.
  var showing = ShowingTracker()
  var screenTypes = TypeTable()
  /// The screen ids this run names, for ``ShownScreen/id``.
  var screenIDs = TypeTable()
  /// The screenshots the run names, in trace order.
  var pictures: [ScreenPicture] = []
  var coordinatorTypes = TypeTable()
  /// The router ids this run names, for ``RouterStacks``.
  var routers = TypeTable()
  /// Parallel to ``screenTypes``.
  var screenTallies: [RunScreenTally] = []
  /// This run's transitions by type indices; turned into names when the run ends.
  var transitions: [RunTransitionKey: RunTransitionTally] = [:]
  /// Child instance id → the parents whose `childCoordinators` hold it (by `coordinator.attach`),
  /// in the order they took it: a child kept by two parents leaks from either.
  var attachedTo: [String: [String]] = [:]
  var pendingAction: (action: String, label: String?)?
  var pendingDeeplink: String?
  /// The trigger of an event after which nothing was current: the next screen to become
  /// current is reached by it.
  var keptTrigger: Trigger?
  /// A container added showing nothing yet, with the kind and trigger of the event that added
  /// it: its first screen's transition takes them.
  var containerEntry: (container: Int32, kind: TransitionKind, trigger: Trigger)?
  /// The latest `deeplink.open` (its line and url) until the current screen changes:
  /// `deeplink-ignored` when it never does.
  var openDeeplink: (line: Int, url: String)?
  /// Which instances have started and not finished, parallel to ``instances``: a second start of
  /// a running instance adds nothing.
  var running: [Bool] = []
  var tally = AppTally()
  /// The modules the run's events named.
  var modules: Set<String> = []
  var steps: [JourneyStep] = []
  var transitionCount = 0
  /// The reader reports at most one problem per line and its checks come first,
  /// so a replay problem on a line the reader already reported is dropped.
  var lastReaderDiagnosticLine = 0
  var lastReplayDiagnostic: (line: Int, index: Int)?
  /// Diagnostics listed so far, by code, and those left out past ``detailsPerCode``.
  var listed: [Diagnostic.Code: Int] = [:]
  var omitted: [Diagnostic.Code: (count: Int, lastLine: Int)] = [:]
  var finished: ReplayedRun?

  /// - Parameters:
  ///   - file: the trace's path as the reader was given it.
  ///   - keepsJourney: false to skip journey steps (memory then stays flat for any run length).
  package init(file: String, keepsJourney: Bool = true) {
    self.file = file
    self.keepsJourney = keepsJourney
  }

  /// The replayed run, once ``end(_:)`` was called.
  package var result: ReplayedRun {
    finished ?? ReplayedRun(file: file, app: nil, tally: AppTally(diagnostics: tally.diagnostics))
  }

  package mutating func header(_ header: TraceHeader) {
    self.header = header
  }

  package mutating func diagnostic(_ diagnostic: Diagnostic) {
    if let replay = lastReplayDiagnostic, replay.line == diagnostic.line {
      let removed = tally.diagnostics.remove(at: replay.index)
      listed[removed.code, default: 0] -= 1
      lastReplayDiagnostic = nil
    }
    lastReaderDiagnosticLine = diagnostic.line
    _ = keep(diagnostic)
  }

  /// Lists `diagnostic` unless its file already lists ``detailsPerCode`` of its code; the rest
  /// are counted, and ``end(_:)`` says how many were left out. A trace of a million bad lines
  /// then costs a thousand diagnostics, not a million.
  /// - Returns: whether it was listed.
  mutating func keep(_ diagnostic: Diagnostic) -> Bool {
    let count = listed[diagnostic.code, default: 0]
    guard count < Self.detailsPerCode else {
      omitted[diagnostic.code, default: (0, 0)].count += 1
      omitted[diagnostic.code]!.lastLine = diagnostic.line
      return false
    }
    listed[diagnostic.code] = count + 1
    tally.diagnostics.append(diagnostic)
    return true
  }

  /// The most diagnostics of one code listed for one file.
  package static let detailsPerCode = 1000

  /// One diagnostic per code whose details were left out, at the last line left out.
  mutating func reportOmitted() {
    for code in Diagnostic.Code.allCases {
      guard let (count, line) = omitted[code] else { continue }
      tally.diagnostics.append(
        Diagnostic(
          code: code, file: file, line: line,
          message:
            "\(count) more \(code.rawValue) problems in this file are left out (the first "
            + "\(Self.detailsPerCode) are listed); fix what they show and run again"))
    }
  }

  package mutating func record(_ record: TraceRecord) {
    let line = record.line
    let background = record.event.isBackground
    switch record.event {
    case .coordinatorStart(let id, let type, let parent, let module):
      if let module { modules.insert(module) }
      start(id, type: qualified(type, module), parent: parent, line: line)
    case .coordinatorAttach(let id, let type, let parent, let module):
      if let module { modules.insert(module) }
      attach(id, type: qualified(type, module), parent: parent, line: line)
    case .coordinatorFinish(let id, let output):
      finish(id, output: output, line: line)
    case .coordinatorDetach(let id, let parent):
      detach(id, parent: parent, line: line)
    case .coordinatorDeinit(let id):
      deinitialize(id, line: line)
    case .setRoot(let mention, let coordinator, let router, _, let initiator):
      let router = routerID(router)
      navigate(
        .setRoot, coordinator: coordinator, initiator: initiator, target: show(mention), puts: true,
        line: line
      ) { stacks, screen in
        stacks.setRoot(screen!, router: router, background: background)
        return nil
      }
    case .push(let mention, let coordinator, let router, _, let initiator, _):
      let router = routerID(router)
      navigate(
        .push, coordinator: coordinator, initiator: initiator, target: show(mention), puts: true, line: line
      ) { stacks, screen in
        stacks.push(screen!, router: router, background: background)
        return nil
      }
    case .pop(let coordinator, let router, let mention, let initiator, _):
      let router = routerID(router)
      if let mention { note(mention) }
      navigate(.pop, coordinator: coordinator, initiator: initiator, line: line) { stacks, _ in
        stacks.pop(router: router, background: background) ? nil : .emptyStack
      }
    case .popTo(let mention, let coordinator, let router, let initiator, _):
      let router = routerID(router)
      let screen = show(mention)
      navigate(.popTo, coordinator: coordinator, initiator: initiator, line: line) { stacks, _ in
        switch stacks.popTo(screen.id, router: router, background: background) {
        case .popped: nil
        case .alreadyTop: .emptyStack
        case .notOnStack: .notOnStack
        }
      }
    case .popToRoot(let coordinator, let router, let initiator, _):
      let router = routerID(router)
      navigate(.popToRoot, coordinator: coordinator, initiator: initiator, line: line) { stacks, _ in
        stacks.popToRoot(router: router, background: background) ? nil : .emptyStack
      }
    case .present(let mention, let coordinator, let router, _, let initiator, _):
      let router = routerID(router)
      navigate(
        .present, coordinator: coordinator, initiator: initiator, target: show(mention), puts: true,
        line: line
      ) { stacks, screen in
        stacks.present(screen!, router: router, background: background)
        return nil
      }
    case .dismiss(let coordinator, let router, let mention, let initiator, _):
      let router = routerID(router)
      if let mention { note(mention) }
      navigate(.dismiss, coordinator: coordinator, initiator: initiator, line: line) { stacks, _ in
        stacks.dismiss(router: router, background: background) ? nil : .emptyStack
      }
    case .selectTab(let mention, let coordinator, let router, _, let initiator, _):
      let router = routerID(router)
      navigate(
        .selectTab, coordinator: coordinator, initiator: initiator, target: show(mention), line: line
      ) { stacks, screen in
        stacks.selectTab(screen!, router: router, background: background)
        return nil
      }
    case .userAction(let mention, let action, let label):
      pendingAction = (action, label)
      keptTrigger = nil
      keep(.userAction(screen: screenType(mention), action: action, label: label), line)
    case .deeplinkOpen(let url, let coordinator):
      reportIgnoredDeeplink()
      pendingDeeplink = url
      keptTrigger = nil
      openDeeplink = (line, url)
      let type = coordinator.flatMap { self.type(ofCoordinator: $0) }.map { coordinatorTypes[$0] }
      keep(.deeplink(url: url, coordinator: type), line)
    case .screenUpdate(let screen):
      update(screen, line: line)
    case .screenImage(let id, let file, let width, let height):
      // The reader checked its path and its screen; a build reads the file.
      pictures.append(
        ScreenPicture(
          screenType: screenType(.reference(id)), file: file, line: line, width: width, height: height))
    case .note(let text):
      keep(.note(text), line)
    }
  }

  /// `router`'s index in ``routers``, or -1 for the default router.
  mutating func routerID(_ router: String?) -> RouterStacks.RouterID {
    router.map { routers.index($0) } ?? -1
  }

  package mutating func end(_ summary: TraceSummary) {
    guard let header, !summary.rejected else {
      reportOmitted()
      finished = ReplayedRun(file: file, app: nil, tally: AppTally(diagnostics: tally.diagnostics))
      return
    }
    reportIgnoredDeeplink(atEnd: true)
    reportLeaks(at: summary.lastLine, run: header.run)
    reportOrphans(run: header.run)
    reportOmitted()
    let named = nameTallies()
    let metadata = header.metadata.map { MetadataEntry(key: $0.key, value: $0.value) }
      .sorted { $0.key < $1.key }
    tally.runs = [
      Run(
        name: header.run, slug: "", title: header.title, file: file, metadata: metadata,
        events: summary.events, transitionCount: transitionCount,
        journey: Journey(steps: steps, instances: keepsJourney ? instances : []),
        headerLine: summary.headerLine)
    ]
    tally.runs[0].pictures = pictures
    tally.modules = modules.sorted()
    tally.runs[0].screensAtProblems = Run.screens(
      at: Set(tally.diagnostics.filter(\.isOnItsLinesScreen).map(\.line)), in: steps)
    finished = ReplayedRun(file: file, app: header.app, tally: tally, transitions: named)
  }
}
