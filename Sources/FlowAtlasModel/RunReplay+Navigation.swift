import FlowAtlasTrace
import FlowAtlasTraceReader

extension RunReplay {
  /// Applies one router event: updates the stacks, adds the transition it causes
  /// (if the current screen changed), credits the target's owner, consumes the trigger and
  /// keeps track of which coordinators still show a screen.
  ///
  /// - Parameters:
  ///   - kind: the event's kind.
  ///   - coordinator: the instance that asked for it (nil where unknown).
  ///   - initiator: the app, or the system on a gesture (whose trigger is the gesture).
  ///   - target: the screen a `setRoot`/`push`/`present`/`selectTab` shows.
  ///   - puts: whether the coordinator puts `target` on a stack (`setRoot`, `push`, `present`).
  ///   - line: the event's line, for `empty-stack` and `not-on-stack`.
  ///   - change: applies the event to the stacks (given `target`, owned where it is put);
  ///     returns the problem where nothing could change.
  mutating func navigate(
    _ kind: TransitionKind, coordinator: String?, initiator: Initiator, target: ShownScreen? = nil,
    puts: Bool = false, line: Int,
    change: (inout RouterStacks, ShownScreen?) -> Diagnostic.Code?
  ) {
    let instance = coordinator.flatMap { self.instance(ofCoordinator: $0) }
    let coordinatorType = instance.map { instanceTypes[$0] }
    var target = target
    if puts, let instance { target?.owner = Int32(instance) }
    let before = currentScreen
    if let problem = change(&stacks, target) {
      reportNoChange(problem, kind, line: line)
    }
    // A background event (or one on a hosted router that is not shown) leaves the trigger.
    let trigger: Trigger
    if case .system(let gesture) = initiator {
      trigger = .system(gesture: gesture ?? "system")
      _ = takeTrigger()
    } else {
      trigger = stacks.lastChangeEntered ? takeTrigger() : pendingTrigger
    }
    let cause = ShowingTracker.Cause.event(kind, initiator)
    trackShowing(put: puts ? instance : nil, line: line, cause: cause)
    if let target, let coordinatorType, kind != .selectTab {
      screenTallies[Int(target.typeIndex)].shown(
        by: coordinatorType, asContainer: stacks.isContainer(target.id))
    }
    // A container added showing nothing yet: its first screen takes this event's kind and trigger.
    if puts, let target, stacks.isContainer(target.id), stacks.isPlaced(target.id),
      stacks.showsNothing(container: target.id), stacks.lastChangeEntered
    {
      containerEntry = (target.id, kind, trigger)
    }
    if let entry = containerEntry, !stacks.isPlaced(entry.container) { containerEntry = nil }
    guard let (after, through) = stacks.currentPath else {
      // Nothing is current: the next screen to become current is reached by this trigger, whether
      // it is a container's first screen (which takes the entry's, the same) or another (a sheet
      // presented over a tab bar whose tabs are still empty, which then ends the entry).
      if stacks.lastChangeEntered { keptTrigger = trigger }
      return
    }
    currentScreen = after
    guard after.id != before?.id else { return }
    var (shownKind, shownTrigger) = (kind, trigger)
    if let entry = containerEntry {
      // The container's first screen is the adding event's only while no other screen became
      // current first: else that screen took the trigger the adding event left pending, and one
      // tap reached one screen.
      containerEntry = nil
      if through.contains(entry.container) {
        (shownKind, shownTrigger) = (entry.kind, entry.trigger)
        // A background event brought it: what the adding event left pending is used up here.
        keptTrigger = nil
      }
    }
    openDeeplink = nil
    let key = RunTransitionKey(
      from: before?.typeIndex ?? -1, to: after.typeIndex, kind: shownKind, coordinator: coordinatorType ?? -1)
    transitions[key, default: RunTransitionTally()].add(shownTrigger)
    transitionCount += 1
    if keepsJourney {
      let coordinatorName = coordinatorType.map { coordinatorTypes[$0] }
      keep(
        .transition(
          from: before.map { screenTypes[$0.typeIndex] }, to: screenTypes[after.typeIndex], kind: shownKind,
          coordinator: coordinatorName, trigger: shownTrigger),
        line)
    }
  }

  /// Keeps track of which coordinator instances show a screen after a router event, from the
  /// screens it put and those the stacks removed; where the event placed a container, took one
  /// off every stack or changed what one hosts, by counting what is on a stack again, since a
  /// container's leaving takes its routers' screens and its coming brings them.
  private mutating func trackShowing(put instance: Int?, line: Int, cause: ShowingTracker.Cause) {
    guard stacks.placementChanged else {
      if let instance {
        if stacks.lastChangeCounts {
          showing.put(by: instance, line: line, cause: cause)
        } else {
          showing.markPut(instance)
        }
      }
      stacks.drainDeparted { screen in showing.removed(by: Int(screen.owner), line: line, cause: cause) }
      return
    }
    stacks.placementChanged = false
    stacks.drainDeparted { _ in }
    if let instance { showing.markPut(instance) }
    showing.sync(stacks.screensOnStacks(), line: line, cause: cause)
  }

  /// Reports the open deep link as `deeplink-ignored` when the current screen has not changed
  /// since it was opened: at the next deep link, or at the end of the run.
  mutating func reportIgnoredDeeplink(atEnd: Bool = false) {
    defer { openDeeplink = nil }
    guard let open = openDeeplink else { return }
    // Kept as it is, not through report(_:line:message:): the line is an earlier one, which the
    // reader may have warned about, and a reader's problem later must not replace this one.
    _ = keep(
      Diagnostic(
        code: .deeplinkIgnored, file: file, line: open.line,
        message:
          "the app was opened at \(quoted(open.url)) and showed nothing new before "
          + "\(atEnd ? "the run ended" : "the next deep link"); handle the route, or record the screen it "
          + "shows"))
  }

  /// What a `screen.update` tells: a title (the type's titles gain it), a container's routers.
  /// A line that would change what a container on a stack hosts is skipped whole.
  mutating func update(_ screen: Screen, line: Int) {
    if let hosts = screen.hosts {
      let routers = hosts.map { routerID($0) }
      guard stacks.declare(container: screenIDs.index(screen.id), hosts: routers) else {
        report(
          .malformedLine, line: line,
          message:
            "screen.update changes the routers that screen \(quoted(screen.id)) hosts while it is on a "
            + "stack; give `hosts` when the container first appears (the line is skipped)")
        return
      }
    }
    let shown = show(
      .introduce(Screen(id: screen.id, type: screen.type, title: screen.title, module: screen.module)))
    if screen.hosts != nil { screenTallies[Int(shown.typeIndex)].isContainer = true }
  }

  /// The trigger a router event would take now, without taking it.
  var pendingTrigger: Trigger {
    if let keptTrigger { return keptTrigger }
    if let pendingAction { return .action(pendingAction.action, label: pendingAction.label) }
    if let pendingDeeplink { return .deeplink(url: pendingDeeplink) }
    return .automatic
  }

  /// The trigger of the next transition: the latest action since the previous
  /// router event, else a deep link since then, else automatic. Every router
  /// event consumes it, so an action triggers only the first event after it.
  mutating func takeTrigger() -> Trigger {
    defer {
      pendingAction = nil
      pendingDeeplink = nil
      keptTrigger = nil
    }
    return pendingTrigger
  }

  /// The screen a mention names, with its type interned and its title counted as seen.
  /// The reader resolves every mention to its object form; for an id alone, the screen
  /// is looked up among those the routers show.
  mutating func show(_ mention: ScreenMention) -> ShownScreen {
    switch mention {
    case .introduce(let screen):
      let index = screenTypes.index(screen.qualifiedType)
      if Int(index) == screenTallies.count {
        // A type's module is noted once, when the type is first seen.
        if let module = screen.module { modules.insert(module) }
        screenTallies.append(RunScreenTally())
      }
      if let title = screen.title { screenTallies[Int(index)].add(title: title) }
      let shown = ShownScreen(id: screenIDs.index(screen.id), typeIndex: index)
      if let hosts = screen.hosts {
        // Hosts given again keep their routers while the container is on a stack.
        if stacks.declare(container: shown.id, hosts: hosts.map { routerID($0) }) {
          screenTallies[Int(index)].isContainer = true
        }
      }
      return shown
    case .reference(let id):
      if let known = shownScreen(id) { return known }
      return show(.introduce(Screen(id: id, type: id)))
    }
  }

  /// `type` as the model names it: `Module.Type` where a module is given.
  func qualified(_ type: String, _ module: String?) -> String {
    module.map { "\($0).\(type)" } ?? type
  }

  /// Records a screen a `pop` or `dismiss` names (its type and title count as seen).
  mutating func note(_ mention: ScreenMention) {
    _ = show(mention)
  }

  /// The screen with this id: the current one, else one a router still shows, else one
  /// of the last few removed (a `user.action` names its screen by id only, and people
  /// act on what they see).
  mutating func shownScreen(_ id: String) -> ShownScreen? {
    guard let id = screenIDs.find(id) else { return nil }
    if let currentScreen, currentScreen.id == id { return currentScreen }
    return stacks.screen(withID: id)
  }

  /// The type name of the screen a `user.action` names: from its object (which may introduce
  /// it), else the screen with this id; a screen long gone is named by its id.
  mutating func screenType(_ mention: ScreenMention) -> String {
    if case .introduce(let screen) = mention { return screen.qualifiedType }
    return shownScreen(mention.id).map { screenTypes[$0.typeIndex] } ?? mention.id
  }

  /// Turns this run's indexed tallies into named ones, once per distinct type.
  /// - Returns: the run's transitions by name, as a list: each name is unique within
  ///   the run, so they go straight into the app's table without a table of their own.
  mutating func nameTallies() -> [(TransitionKey, TransitionTally)] {
    let named = transitions.map { key, value in
      let name = TransitionKey(
        from: key.from < 0 ? nil : screenTypes[key.from], to: screenTypes[key.to], kind: key.kind,
        coordinator: key.coordinator < 0 ? nil : coordinatorTypes[key.coordinator])
      return (name, value.named)
    }
    for (index, screen) in screenTallies.enumerated() {
      var screenTally = ScreenTally()
      screenTally.titles = screen.titles
      screenTally.isContainer = screen.isContainer
      for (type, count) in screen.shownBy { screenTally.shown(by: coordinatorTypes[type], count: count) }
      for (type, count) in screen.containerShownBy {
        screenTally.shown(by: coordinatorTypes[type], count: count, asContainer: true)
      }
      tally.screens[screenTypes.names[index], default: ScreenTally()].merge(screenTally)
    }
    return named
  }

  /// Appends a journey step unless journeys are off.
  mutating func keep(_ kind: JourneyStep.Kind, _ line: Int) {
    if keepsJourney { steps.append(JourneyStep(kind, line: line)) }
  }

  /// Adds a replay diagnostic unless the reader already reported this line.
  mutating func report(_ code: Diagnostic.Code, line: Int, message: String) {
    guard line != lastReaderDiagnosticLine else { return }
    let index = tally.diagnostics.count
    if keep(Diagnostic(code: code, file: file, line: line, message: message)) {
      lastReplayDiagnostic = (line, index)
    }
  }

  private mutating func reportNoChange(_ problem: Diagnostic.Code, _ kind: TransitionKind, line: Int) {
    let what =
      switch (problem, kind) {
      case (.notOnStack, _):
        "router.popTo names a screen that is not in the top layer of its router; pop only to a screen "
          + "still on that stack, as popToViewController does"
      case (_, .popTo):
        "router.popTo names the top screen already: nothing to remove; record popTo only when screens "
          + "above it were removed"
      case (_, .dismiss):
        "router.dismiss found no modal layer to remove; record only what the router really removed, "
          + "or use setRoot to replace its root"
      default:
        "router.\(kind.rawValue) found nothing to remove (a layer keeps its last screen); record only "
          + "what the router really removed, or use setRoot to replace its root"
      }
    report(problem, line: line, message: what)
  }
}
