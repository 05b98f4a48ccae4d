import FlowAtlasTrace

extension RunReplay {
  /// Applies one router event: updates the stacks, adds the transition it causes
  /// (if the current screen changed), credits the target's owner and consumes the trigger.
  ///
  /// - Parameters:
  ///   - kind: the event's kind.
  ///   - coordinator: the instance that asked for it (nil where unknown).
  ///   - target: the screen a `setRoot`/`push`/`present`/`selectTab` shows.
  ///   - line: the event's line, for `empty-stack`.
  ///   - change: applies the event; returns false for `empty-stack`.
  mutating func navigate(
    _ kind: TransitionKind, coordinator: String?, target: Screen?, line: Int,
    change: (inout RouterStacks) -> Bool
  ) {
    let coordinatorType = coordinator.map { type(ofCoordinator: $0) } ?? nil
    let trigger = takeTrigger()
    let before = currentScreen
    if !change(&stacks) {
      reportEmptyStack(kind, line: line)
    }
    if let target {
      Self.tally(
        &tally.screens[target.type, default: ScreenTally()], title: target.title, shownBy: coordinatorType)
    }
    currentScreen = stacks.current
    guard let after = currentScreen, after.id != before?.id else { return }
    let key = TransitionKey(from: before?.type, to: after.type, kind: kind, coordinator: coordinatorType)
    Self.count(&tally.transitions[key, default: TransitionTally()], trigger: trigger.name)
    transitionCount += 1
    keep(
      .transition(
        from: before?.type, to: after.type, kind: kind, coordinator: coordinatorType, trigger: trigger),
      line)
  }

  /// The trigger of the next transition: the latest action since the previous
  /// router event, else a deep link since then, else automatic. Every router
  /// event consumes it, so an action triggers only the first event after it.
  mutating func takeTrigger() -> Trigger {
    defer {
      pendingAction = nil
      pendingDeeplink = nil
    }
    if let pendingAction { return .action(pendingAction.action, label: pendingAction.label) }
    if let pendingDeeplink { return .deeplink(url: pendingDeeplink) }
    return .automatic
  }

  /// One lookup per event for the screen type's title and owner count.
  private static func tally(_ screen: inout ScreenTally, title: String?, shownBy coordinator: String?) {
    if let title { screen.add(title: title) }
    if let coordinator { screen.shown(by: coordinator) }
  }

  /// One lookup per transition for its count and trigger.
  private static func count(_ transition: inout TransitionTally, trigger: String?) {
    transition.count += 1
    if let trigger { transition.triggers.insert(trigger) }
  }

  /// The screen a mention names. The reader resolves every mention to its object
  /// form; for an id alone, the screen is looked up among those the routers show.
  mutating func resolve(_ mention: ScreenMention) -> Screen {
    switch mention {
    case .introduce(let screen):
      return screen
    case .reference(let id):
      return Screen(id: id, type: screenType(id))
    }
  }

  /// Records a screen a `pop` or `dismiss` names (its type and title count as seen).
  mutating func note(_ mention: ScreenMention) {
    let screen = resolve(mention)
    Self.tally(&tally.screens[screen.type, default: ScreenTally()], title: screen.title, shownBy: nil)
  }

  /// The type of the screen with this id: the current screen's, else one a router still
  /// shows, else one of the last few removed (a `user.action` names its screen by id only,
  /// and people act on what they see). A screen long gone is named by its id.
  func screenType(_ id: String) -> String {
    if let currentScreen, currentScreen.id == id { return currentScreen.type }
    return stacks.type(ofScreen: id) ?? id
  }

  /// Appends a journey step unless journeys are off.
  mutating func keep(_ kind: JourneyStep.Kind, _ line: Int) {
    if keepsJourney { steps.append(JourneyStep(kind, line: line)) }
  }

  /// Adds a replay diagnostic unless the reader already reported this line.
  mutating func report(_ code: Diagnostic.Code, line: Int, message: String) {
    guard line != lastReaderDiagnosticLine else { return }
    lastReplayDiagnostic = (line, tally.diagnostics.count)
    tally.diagnostics.append(Diagnostic(code: code, file: file, line: line, message: message))
  }

  private mutating func reportEmptyStack(_ kind: TransitionKind, line: Int) {
    let what =
      kind == .dismiss
      ? "router.dismiss found no modal layer to remove"
      : "router.\(kind.rawValue) found nothing to remove (a layer keeps its last screen)"
    report(
      .emptyStack, line: line,
      message: "\(what); record only what the router really removed, or use setRoot to replace its root")
  }
}
