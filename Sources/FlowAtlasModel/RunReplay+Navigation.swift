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
    let coordinatorType = coordinator.flatMap(coordinatorType)
    let trigger = takeTrigger()
    let before = stacks.current
    if !change(&stacks) {
      reportEmptyStack(kind, line: line)
    }
    if let target, let coordinatorType {
      tally.screens[target.type, default: ScreenTally()].shownBy[coordinatorType, default: 0] += 1
    }
    guard let after = stacks.current, after.id != before?.id else { return }
    let key = TransitionKey(from: before?.type, to: after.type, kind: kind, coordinator: coordinatorType)
    tally.transitions[key, default: TransitionTally()].count += 1
    if let name = trigger.name {
      tally.transitions[key]!.triggers.insert(name)
    }
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

  /// The screen a mention names, remembering it (and its title) for later events.
  mutating func resolve(_ mention: ScreenMention) -> Screen {
    switch mention {
    case .introduce(let screen):
      screens[screen.id] = screen
      if let title = screen.title {
        tally.screens[screen.type, default: ScreenTally()].titles.insert(title)
      } else if tally.screens[screen.type] == nil {
        tally.screens[screen.type] = ScreenTally()
      }
      return screen
    case .reference(let id):
      // The reader resolves every mention; an id alone is treated as its own type.
      return screens[id] ?? Screen(id: id, type: id)
    }
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
