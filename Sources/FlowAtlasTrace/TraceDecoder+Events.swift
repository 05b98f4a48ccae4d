/// Decoding event lines: the spec's checks, in the spec's order, at most one diagnostic a line.
extension TraceDecoder {
  mutating func eventLine<C: TraceConsumer>(
    _ scanner: JSONScanner, unterminated: Bool, into consumer: inout C
  ) {
    var scanner = scanner
    let view = scanner
    var fields = EventFields()
    // 1. A JSON object.
    do throws(JSONSyntaxError) {
      try scanner.object { (key, value) throws(JSONSyntaxError) in
        let known =
          key.kind == .plainString
          ? EventFields.Key.match(key, in: view) : EventFields.Key.named(view.string(key))
        if let known { fields[known] = value }
      }
      scanner.skipWhitespace()
      if scanner.index != scanner.count {
        throw JSONSyntaxError(offset: scanner.index, problem: "unexpected text after the object")
      }
    } catch {
      notAnObject(view, error, unterminated: unterminated, into: &consumer)
      return
    }
    // 2. `seq` and `event` present.
    guard let seq = view.integer(fields.seq) else {
      let message =
        fields.seq.kind == .absent
        ? "the event has no `seq`; give every event an integer `seq` that increases line by line"
        : "`seq` must be an integer, not \(Self.kindName(fields.seq)); "
          + "give every event an integer `seq` that increases line by line"
      report(.malformedLine, message, into: &consumer)
      return
    }
    guard fields.event.isString else {
      let message =
        fields.event.kind == .absent
        ? "the line has no `event` name; add one such as \"router.push\""
        : "`event` must be a string such as \"router.push\", not \(Self.kindName(fields.event))"
      report(.malformedLine, message, into: &consumer)
      return
    }
    // 3. `seq` order: reported, and the line goes on.
    var reported = false
    if let last = lastSeq, seq <= last {
      report(
        .seqOrder,
        "`seq` \(seq) does not increase (the event before has \(last)); "
          + "number events in the order they happened",
        into: &consumer)
      reported = true
    }
    lastSeq = seq
    // 4. A known event.
    let kind =
      fields.event.kind == .plainString
      ? EventName.match(fields.event, in: view) : EventName.named(view.string(fields.event))
    guard let kind else {
      if !reported {
        report(
          .unknownEvent,
          "unknown event \"\(view.string(fields.event))\", skipped; check its spelling, or upgrade "
            + "FlowAtlas if a newer writer made it",
          into: &consumer)
      }
      return
    }
    events += 1
    // 5. The event's own keys: types, then screens, then coordinators.
    let keys = EventLine(fields: fields, scanner: view, name: view.string(fields.event))
    var event: TraceEvent
    var mention: ScreenMention?
    let time: Double?
    do {
      (event, mention) = try keys.event(kind)
      time = try keys.time()
    } catch {
      if !reported { report(.malformedLine, error.message + " (the line is skipped)", into: &consumer) }
      return
    }
    var introduced: Screen?
    if let written = mention {
      guard let screen = resolve(written) else {
        if !reported {
          report(
            .unknownScreen,
            "screen \"\(written.id)\" was never introduced; give the screen as an object "
              + "{\"id\":\"\(written.id)\",\"type\":…} the first time it appears (the line is skipped)",
            into: &consumer)
        }
        return
      }
      if case .introduce = written { introduced = screen }
      event = event.replacingScreen(with: screen)
    }
    guard checkCoordinators(&event, reported: reported, into: &consumer) else { return }
    if let introduced { screens[introduced.id] = introduced }
    consumer.record(TraceRecord(seq: seq, time: time, event: event, line: lineNumber))
  }

  /// Reports a line that is not a JSON object: `truncated` for a cut-off last line.
  private mutating func notAnObject<C: TraceConsumer>(
    _ view: JSONScanner, _ error: JSONSyntaxError, unterminated: Bool, into consumer: inout C
  ) {
    var whole = view
    let isJSON: Bool
    do {
      _ = try whole.value()
      whole.skipWhitespace()
      isJSON = whole.index == whole.count
    } catch {
      isJSON = false
    }
    if isJSON {
      report(
        .malformedLine,
        "the line is JSON but not an object; write each event as one object such as "
          + #"{"seq":1,"event":"note","text":"…"} (the line is skipped)"#,
        into: &consumer)
    } else if unterminated {
      report(
        .truncated,
        "the last line ends without a newline and is not valid JSON (\(Self.describe(error))): "
          + "the writer was probably cut off; let it finish or delete the partial line",
        into: &consumer)
    } else {
      report(
        .malformedLine,
        "the line is not valid JSON (\(Self.describe(error))); write each event as one JSON object "
          + "on one line (the line is skipped)",
        into: &consumer)
    }
  }

  /// The screen a mention stands for, with the latest known title; nil for an unknown id.
  private func resolve(_ mention: ScreenMention) -> Screen? {
    switch mention {
    case .introduce(var screen):
      if screen.title == nil { screen.title = screens[screen.id]?.title }
      return screen
    case .reference(let id):
      return screens[id]
    }
  }

  /// Applies the unknown-coordinator rules; false when the line must be skipped.
  private mutating func checkCoordinators<C: TraceConsumer>(
    _ event: inout TraceEvent, reported: Bool, into consumer: inout C
  ) -> Bool {
    switch event {
    case .coordinatorStart(let id, _, let parent?), .coordinatorAttach(let id, _, let parent):
      if !coordinators.contains(parent), !reported {
        report(
          .unknownCoordinator,
          "parent coordinator \"\(parent)\" was never started or attached; record its "
            + "coordinator.start first (\"\(id)\" is still started under it)",
          into: &consumer)
      }
      coordinators.insert(id)
    case .coordinatorStart(let id, _, nil):
      coordinators.insert(id)
    case .coordinatorFinish(let id, _), .coordinatorDetach(let id, _), .coordinatorDeinit(let id):
      guard coordinators.contains(id) else {
        if !reported {
          report(
            .unknownCoordinator,
            "coordinator \"\(id)\" was never started or attached; record its coordinator.start "
              + "before its \(event.name) (the line is skipped)",
            into: &consumer)
        }
        return false
      }
    default:
      guard let id = event.askingCoordinator, !coordinators.contains(id) else { return true }
      if !reported {
        report(
          .unknownCoordinator,
          "coordinator \"\(id)\" was never started or attached; record its coordinator.start "
            + "before its first \(event.name) (the event is used without a coordinator)",
          into: &consumer)
      }
      event = event.removingCoordinator()
    }
    return true
  }
}
