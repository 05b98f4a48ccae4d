/// One scanned event line's keys, turned into a ``TraceEvent`` with each key's type checked.
///
/// A missing required key or a key of the wrong type is a ``Problem`` (`malformed-line`);
/// screen ids and coordinator ids are checked later, against the trace's tables.
struct EventLine {
  struct Problem: Error {
    var message: String
  }

  let fields: EventFields
  let scanner: JSONScanner
  let name: String

  /// The event the line describes, and the screen it mentions as written (object or id).
  func event(_ kind: EventName) throws(Problem) -> (event: TraceEvent, screen: ScreenMention?) {
    switch kind {
    case .coordinatorStart:
      return (
        .coordinatorStart(
          coordinator: try string(.coordinator), type: try string(.type), parent: try optionalString(.parent)),
        nil
      )
    case .coordinatorAttach:
      return (
        .coordinatorAttach(
          coordinator: try string(.coordinator), type: try string(.type), parent: try string(.parent)),
        nil
      )
    case .coordinatorFinish:
      return (
        .coordinatorFinish(coordinator: try string(.coordinator), output: try optionalString(.output)), nil
      )
    case .coordinatorDetach:
      return (.coordinatorDetach(coordinator: try string(.coordinator), parent: try string(.parent)), nil)
    case .coordinatorDeinit:
      return (.coordinatorDeinit(coordinator: try string(.coordinator)), nil)
    case .setRoot:
      let screen = try screen(.screen)!
      let event = TraceEvent.setRoot(
        screen: screen, coordinator: try optionalString(.coordinator), router: try optionalString(.router),
        background: try optionalBool(.background))
      return (event, screen)
    case .push:
      let screen = try screen(.screen)!
      let event = TraceEvent.push(
        screen: screen, coordinator: try optionalString(.coordinator), router: try optionalString(.router),
        animated: try optionalBool(.animated))
      return (event, screen)
    case .pop:
      let screen = try screen(.screen, required: false)
      let event = TraceEvent.pop(
        coordinator: try optionalString(.coordinator), router: try optionalString(.router), screen: screen)
      return (event, screen)
    case .popToRoot:
      return (
        .popToRoot(coordinator: try optionalString(.coordinator), router: try optionalString(.router)), nil
      )
    case .present:
      let screen = try screen(.screen)!
      let event = TraceEvent.present(
        screen: screen, coordinator: try optionalString(.coordinator), router: try optionalString(.router),
        animated: try optionalBool(.animated))
      return (event, screen)
    case .dismiss:
      let screen = try screen(.screen, required: false)
      let event = TraceEvent.dismiss(
        coordinator: try optionalString(.coordinator), router: try optionalString(.router), screen: screen)
      return (event, screen)
    case .selectTab:
      let screen = try screen(.screen)!
      let event = TraceEvent.selectTab(
        screen: screen, coordinator: try optionalString(.coordinator), router: try optionalString(.router),
        tab: try string(.tab))
      return (event, screen)
    case .userAction:
      // The spec gives an id here; the object form is accepted too and introduces the screen.
      let screen = try screen(.screen)!
      let event = TraceEvent.userAction(
        screen: screen.id, action: try string(.action), label: try optionalString(.label))
      return (event, screen)
    case .deeplinkOpen:
      return (.deeplinkOpen(url: try string(.url), coordinator: try optionalString(.coordinator)), nil)
    case .note:
      return (.note(text: try string(.text)), nil)
    }
  }

  /// `t`: absent or null is no time; anything but a number is a problem.
  func time() throws(Problem) -> Double? {
    let token = fields.t
    switch token.kind {
    case .absent, .null: return nil
    case .integer, .number:
      guard let value = scanner.double(token), value.isFinite else {
        throw Problem(message: "`t` is out of range; write seconds since the run began as a plain number")
      }
      return value
    default:
      throw Problem(
        message: "`t` must be a number (seconds since the run began), not \(TraceDecoder.kindName(token))")
    }
  }

  private func string(_ key: EventFields.Key) throws(Problem) -> String {
    let token = fields[key]
    guard token.isString else {
      if token.kind == .absent {
        throw Problem(message: "`\(name)` needs `\(key.name)` (a string); add it to the line")
      }
      throw Problem(
        message:
          "`\(name)`'s `\(key.name)` must be a string, not \(TraceDecoder.kindName(token)); fix the writer")
    }
    return scanner.string(token)
  }

  private func optionalString(_ key: EventFields.Key) throws(Problem) -> String? {
    let token = fields[key]
    if token.kind == .absent || token.kind == .null { return nil }
    return try string(key)
  }

  private func optionalBool(_ key: EventFields.Key) throws(Problem) -> Bool? {
    let token = fields[key]
    switch token.kind {
    case .absent, .null: return nil
    case .trueValue: return true
    case .falseValue: return false
    default:
      throw Problem(
        message: "`\(name)`'s `\(key.name)` must be true or false, not \(TraceDecoder.kindName(token)); "
          + "fix the writer")
    }
  }

  /// A screen as written: `.introduce` for the object form, `.reference` for an id string.
  private func screen(_ key: EventFields.Key, required: Bool = true) throws(Problem) -> ScreenMention? {
    let token = fields[key]
    switch token.kind {
    case .absent, .null:
      guard required else { return nil }
      throw Problem(
        message:
          "`\(name)` needs `screen` (an object {\"id\":…,\"type\":…} or an earlier screen's id); add it")
    case .plainString, .escapedString:
      return .reference(scanner.string(token))
    case .object:
      return .introduce(try Self.screenObject(token, in: scanner, event: name))
    default:
      throw Problem(
        message: "`\(name)`'s `screen` must be an object {\"id\":…,\"type\":…} or an id string, not "
          + "\(TraceDecoder.kindName(token)); fix the writer")
    }
  }

  private static func screenObject(
    _ token: JSONToken, in outer: JSONScanner, event name: String
  ) throws(Problem) -> Screen {
    var scanner = JSONScanner(base: outer.base + token.start, count: token.end - token.start)
    let view = scanner
    var id = JSONToken.absent
    var type = JSONToken.absent
    var title = JSONToken.absent
    do {
      try scanner.object { (key, value) throws(JSONSyntaxError) in
        // A key written with escapes is compared as text; a plain one byte by byte.
        let text = key.kind == .plainString ? nil : view.string(key)
        func named(_ name: StaticString) -> Bool {
          text.map { $0 == name.description } ?? view.equals(key, name)
        }
        if named("id") {
          id = value
        } else if named("type") {
          type = value
        } else if named("title") {
          title = value
        }
      }
    } catch {
      // Unreachable: the whole line, this object included, was scanned already.
      throw Problem(message: "`\(name)`'s `screen` is not a valid object")
    }
    guard id.isString else {
      throw Problem(
        message: "`\(name)`'s screen object needs `id` (a string), not \(TraceDecoder.kindName(id)); add it")
    }
    guard type.isString else {
      throw Problem(
        message: "`\(name)`'s screen object needs `type` (a string, the screen's class), not "
          + "\(TraceDecoder.kindName(type)); add it")
    }
    var titleText: String?
    switch title.kind {
    case .absent, .null: titleText = nil
    case .plainString, .escapedString: titleText = view.string(title)
    default:
      throw Problem(
        message:
          "`\(name)`'s screen `title` must be a string, not \(TraceDecoder.kindName(title)); fix the writer")
    }
    return Screen(id: view.string(id), type: view.string(type), title: titleText)
  }
}
