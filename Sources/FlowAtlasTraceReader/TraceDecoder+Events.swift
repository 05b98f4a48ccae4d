import FlowAtlasBytes
import FlowAtlasTrace

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
      try scanner.eventObject(into: &fields)
    } catch {
      notAnObject(view, error, unterminated: unterminated, into: &consumer)
      return
    }
    // 2. `seq` and `event` present.
    guard let seq = view.integer(fields.seq) else {
      let what =
        switch fields.seq.kind {
        case .absent: "the event has no `seq`"
        case .integer: "`seq` does not fit in 64 bits"
        default: "`seq` must be an integer, not \(Self.kindName(fields.seq))"
        }
      let message =
        fields.seq.kind == .absent && Self.namesHeaderKey(view.bytes)
        ? "a second header: a trace file holds one run, from its header on; write each run to a file "
          + "of its own (the line is skipped, and the events after it are read as this run's)"
        : what + "; give every event an integer `seq` that increases line by line"
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
          "unknown event \(Self.quoted(view.string(fields.event))), skipped; check its spelling, or upgrade "
            + "FlowAtlas if a newer writer made it",
          into: &consumer)
      }
      return
    }
    events += 1
    // 5. The event's own keys: types, then screens, then coordinators.
    let line = EventLine(fields: fields, scanner: view)
    let decoded: EventLine.Decoded
    do {
      decoded = try line.decode(kind, symbols: &symbols)
    } catch {
      if !reported { report(.malformedLine, error.message + " (the line is skipped)", into: &consumer) }
      return
    }
    var screen: Screen?
    switch decoded.screen {
    case .object(let object):
      let known = symbols[object.id].screen
      // `screen.update` tells of a screen shown before: an id no event introduced is unknown.
      if decoded.kind == .screenUpdate, known == nil {
        if !reported { reportUnknownScreen(object.id, into: &consumer) }
        return
      }
      // What an object leaves out stays as the screen was last given, but for `hosts`: a line
      // declares a container's routers only where it gives them (the model may refuse a change).
      screen = Screen(
        id: symbols[object.id].string, type: symbols[object.type].string,
        title: object.title.map { symbols[$0].string } ?? known?.title,
        module: object.module.map { symbols[$0].string } ?? known?.module,
        hosts: object.hosts.map { $0.map { symbols[$0].string } })
    case .id(let id):
      guard let known = symbols[id].screen else {
        if !reported { reportUnknownScreen(id, into: &consumer) }
        return
      }
      screen = known
    case nil:
      screen = nil
    }
    guard let coordinator = checkCoordinators(decoded, name: line, reported: reported, into: &consumer)
    else { return }
    if decoded.kind == .screenImage, let problem = Self.imagePathProblem(decoded.text!) {
      if !reported {
        report(
          .badImage,
          "screen.image's file \(Self.quoted(decoded.text!)) \(problem); write the image beside the trace "
            + "and give its path relative to the trace's folder (the line is skipped)",
          into: &consumer)
      }
      return
    }
    if case .object(let object) = decoded.screen {
      symbols[object.id].screen = screen
      symbols[object.id].screen?.hosts = nil
    }
    let event = self.event(decoded, screen: screen, coordinator: coordinator)
    consumer.record(TraceRecord(seq: seq, time: decoded.time, event: event, line: lineNumber))
  }

  /// Reports `unknown-screen` for an id no earlier event introduced.
  private mutating func reportUnknownScreen<C: TraceConsumer>(_ id: Int, into consumer: inout C) {
    let text = Self.quoted(symbols[id].string)
    report(
      .unknownScreen,
      "screen \(text) was never introduced; give the screen as an object "
        + "{\"id\":\(text),\"type\":…} the first time it appears (the line is skipped)",
      into: &consumer)
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

  /// Applies the unknown-coordinator rules: the coordinator symbol to deliver (`.some(nil)` for
  /// none), or nil when the line must be skipped.
  private mutating func checkCoordinators<C: TraceConsumer>(
    _ decoded: EventLine.Decoded, name line: EventLine, reported: Bool, into consumer: inout C
  ) -> Int?? {
    guard let id = decoded.coordinator else { return .some(nil) }
    switch decoded.kind {
    case .coordinatorStart, .coordinatorAttach:
      if let parent = decoded.parent, !symbols[parent].isCoordinator, !reported {
        report(
          .unknownCoordinator,
          "parent coordinator \(Self.quoted(symbols[parent].string)) was never started or attached; record its "
            + "coordinator.start first (\(Self.quoted(symbols[id].string)) is still started under it)",
          into: &consumer)
      }
      symbols[id].isCoordinator = true
      return id
    case .coordinatorFinish, .coordinatorDetach, .coordinatorDeinit:
      guard symbols[id].isCoordinator else {
        if !reported {
          report(
            .unknownCoordinator,
            "coordinator \(Self.quoted(symbols[id].string)) was never started or attached; record its "
              + "coordinator.start before its \(line.name) (the line is skipped)",
            into: &consumer)
        }
        return nil
      }
      return id
    default:
      guard !symbols[id].isCoordinator else { return id }
      if !reported {
        report(
          .unknownCoordinator,
          "coordinator \(Self.quoted(symbols[id].string)) was never started or attached; record its "
            + "coordinator.start before its first \(line.name) (the event is used without a coordinator)",
          into: &consumer)
      }
      return .some(nil)
    }
  }

  /// The event to deliver, built once from the checked line.
  private func event(_ decoded: EventLine.Decoded, screen: Screen?, coordinator: Int?) -> TraceEvent {
    let coordinatorName = coordinator.map { symbols[$0].string }
    let router = decoded.router.map { symbols[$0].string }
    let mention = screen.map { ScreenMention.introduce($0) }
    let background = decoded.background
    let initiator = decoded.initiator
    switch decoded.kind {
    case .coordinatorStart:
      return .coordinatorStart(
        coordinator: coordinatorName!, type: symbols[decoded.type!].string,
        parent: decoded.parent.map { symbols[$0].string }, module: decoded.module.map { symbols[$0].string })
    case .coordinatorAttach:
      return .coordinatorAttach(
        coordinator: coordinatorName!, type: symbols[decoded.type!].string,
        parent: symbols[decoded.parent!].string, module: decoded.module.map { symbols[$0].string })
    case .coordinatorFinish:
      return .coordinatorFinish(coordinator: coordinatorName!, output: decoded.detail)
    case .coordinatorDetach:
      return .coordinatorDetach(coordinator: coordinatorName!, parent: symbols[decoded.parent!].string)
    case .coordinatorDeinit:
      return .coordinatorDeinit(coordinator: coordinatorName!)
    case .setRoot:
      return .setRoot(
        screen: mention!, coordinator: coordinatorName, router: router, background: background,
        initiator: initiator)
    case .push:
      return .push(
        screen: mention!, coordinator: coordinatorName, router: router, animated: decoded.flag,
        initiator: initiator, background: background)
    case .pop:
      return .pop(
        coordinator: coordinatorName, router: router, screen: mention, initiator: initiator,
        background: background)
    case .popTo:
      return .popTo(
        screen: mention!, coordinator: coordinatorName, router: router, initiator: initiator,
        background: background)
    case .popToRoot:
      return .popToRoot(
        coordinator: coordinatorName, router: router, initiator: initiator, background: background)
    case .present:
      return .present(
        screen: mention!, coordinator: coordinatorName, router: router, animated: decoded.flag,
        initiator: initiator, background: background)
    case .dismiss:
      return .dismiss(
        coordinator: coordinatorName, router: router, screen: mention, initiator: initiator,
        background: background)
    case .selectTab:
      return .selectTab(
        screen: mention!, coordinator: coordinatorName, router: router, tab: decoded.text!,
        initiator: initiator, background: background)
    case .userAction:
      return .userAction(screen: mention!, action: decoded.text!, label: decoded.detail)
    case .deeplinkOpen:
      return .deeplinkOpen(url: decoded.text!, coordinator: coordinatorName)
    case .screenUpdate:
      return .screenUpdate(screen: screen!)
    case .screenImage:
      return .screenImage(
        screen: screen!.id, file: decoded.text!, width: decoded.width, height: decoded.height)
    case .note:
      return .note(text: decoded.text!)
    }
  }

  /// What is wrong with a `screen.image`'s `file` as the spec allows it (relative to the trace's
  /// folder and inside it), or nil.
  static func imagePathProblem(_ file: String) -> String? {
    if file.isEmpty { return "is empty" }
    if file.hasPrefix("/") || file.hasPrefix("\\") { return "is absolute" }
    if file.utf8.contains(0) { return "holds a NUL character" }
    let components = file.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains(where: { $0 == ".." }) {
      return "has a `..` component, which leads out of its folder"
    }
    return nil
  }

  /// Whether `line` holds the header's key `"flowatlas"` anywhere: a line without `seq` that does
  /// is a run's header pasted after another's (files appended one to another).
  static func namesHeaderKey(_ line: ByteView) -> Bool {
    let key: StaticString = "\"flowatlas\""
    let length = key.utf8CodeUnitCount
    var offset = 0
    while let quote = line.firstIndex(of: UInt8(ascii: "\""), from: offset), quote + length <= line.count {
      if line.view(quote..<quote + length).elementsEqual(key) { return true }
      offset = quote + 1
    }
    return false
  }
}
