import FlowAtlasBytes
import FlowAtlasTrace

/// One scanned event line's keys, type-checked for its event and interned.
///
/// A missing required key or a key of the wrong type is a ``Problem`` (`malformed-line`);
/// screen ids and coordinator ids are checked afterwards by the decoder, against the
/// trace's tables, as the spec orders the checks.
struct EventLine {
  struct Problem: Error {
    var message: String
  }

  /// A screen as written: the object form, or an id string naming an earlier one.
  enum ScreenReference {
    case object(ScreenObject)
    case id(Int)
  }

  /// A screen object's keys, as symbols.
  struct ScreenObject {
    var id: Int
    var type: Int
    var title: Int?
    var module: Int?
    /// `hosts`: the router ids a container shows.
    var hosts: [Int]?
  }

  /// The line's values, as symbols of the trace's ``SymbolTable`` where they are ids or names.
  struct Decoded {
    var kind: EventName
    var coordinator: Int?
    var type: Int?
    var parent: Int?
    var router: Int?
    var screen: ScreenReference?
    /// `animated` (push, present).
    var flag: Bool?
    /// `background` (every router event).
    var background: Bool?
    /// `module` (coordinator.start, coordinator.attach).
    var module: Int?
    /// `tab`, `action`, `url` or `text`: the event's one required string.
    var text: String?
    /// `output` or `label`: the event's optional string.
    var detail: String?
    /// `width` and `height` (screen.image).
    var width: Int?
    var height: Int?
    var time: Double?
    /// Router events only: who did it (`initiator`, `gesture`).
    var initiator: Initiator = .app
  }

  let fields: EventFields
  let scanner: JSONScanner

  /// The event's name as written, for messages.
  var name: String { scanner.string(fields.event) }

  /// Checks every key the event needs and interns the ids and names.
  func decode(_ kind: EventName, symbols: inout SymbolTable) throws(Problem) -> Decoded {
    var decoded = Decoded(kind: kind)
    switch kind {
    case .coordinatorStart, .coordinatorAttach:
      decoded.coordinator = try symbol(.coordinator, &symbols)
      decoded.type = try symbol(.type, &symbols)
      decoded.parent =
        kind == .coordinatorAttach ? try symbol(.parent, &symbols) : try optionalSymbol(.parent, &symbols)
      decoded.module = try optionalSymbol(.module, &symbols)
    case .coordinatorFinish:
      decoded.coordinator = try symbol(.coordinator, &symbols)
      decoded.detail = try optionalSymbol(.output, &symbols).map { symbols[$0].string }
    case .coordinatorDetach:
      decoded.coordinator = try symbol(.coordinator, &symbols)
      decoded.parent = try symbol(.parent, &symbols)
    case .coordinatorDeinit:
      decoded.coordinator = try symbol(.coordinator, &symbols)
    case .setRoot, .push, .present, .selectTab, .pop, .popTo, .dismiss, .popToRoot:
      if kind != .popToRoot {
        decoded.screen = try screen(&symbols, required: kind != .pop && kind != .dismiss)
      }
      decoded.coordinator = try optionalSymbol(.coordinator, &symbols)
      decoded.router = try optionalSymbol(.router, &symbols)
      switch kind {
      case .push, .present: decoded.flag = try optionalBool(.animated)
      case .selectTab: decoded.text = symbols[try symbol(.tab, &symbols)].string
      default: break
      }
      decoded.background = try optionalBool(.background)
      decoded.initiator = try initiator()
    case .userAction:
      // The screen's id, or its object where no router event showed it (a tab's content).
      decoded.screen = try screen(&symbols, required: true)
      decoded.text = symbols[try symbol(.action, &symbols)].string
      decoded.detail = try optionalSymbol(.label, &symbols).map { symbols[$0].string }
    case .deeplinkOpen:
      decoded.text = try string(.url)
      decoded.coordinator = try optionalSymbol(.coordinator, &symbols)
    case .screenUpdate:
      guard fields.screen.kind == .object else {
        throw Problem(
          message: "`\(name)` needs `screen` as an object {\"id\":…,\"type\":…} with what became known "
            + "(a `title`, `hosts`), not \(TraceDecoder.kindName(fields.screen)); fix the writer")
      }
      decoded.screen = try screenObject(fields.screen, &symbols)
    case .screenImage:
      // The screen shown before, by its id.
      guard fields.screen.isString else {
        throw Problem(
          message: "`\(name)` needs `screen` as the id of a screen shown before, not "
            + "\(TraceDecoder.kindName(fields.screen)); fix the writer")
      }
      decoded.screen = .id(symbols.intern(fields.screen, in: scanner))
      decoded.text = try string(.file)
      decoded.width = try optionalPixels(.width)
      decoded.height = try optionalPixels(.height)
    case .note:
      decoded.text = try string(.text)
    }
    decoded.time = try time()
    return decoded
  }

  /// `t`: absent or null is no time; anything but a number is a problem.
  private func time() throws(Problem) -> Double? {
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

  /// `initiator` and `gesture`: `"system"` is the system; any other string, absent or null is
  /// the app. Either key of another type is a problem.
  private func initiator() throws(Problem) -> Initiator {
    let gesture = try optionalString(.gesture)
    switch fields.initiator.kind {
    case .absent, .null:
      return .app
    case .plainString, .escapedString:
      return scanner.string(fields.initiator) == "system" ? .system(gesture: gesture) : .app
    default:
      throw Problem(
        message: "`\(name)`'s `initiator` must be a string (\"system\" or \"app\"), not "
          + "\(TraceDecoder.kindName(fields.initiator)); fix the writer")
    }
  }

  private func optionalString(_ key: EventFields.Key) throws(Problem) -> String? {
    let kind = fields[key].kind
    if kind == .absent || kind == .null { return nil }
    return try string(key)
  }

  private func requireString(_ key: EventFields.Key) throws(Problem) -> JSONToken {
    let token = fields[key]
    guard token.isString else {
      if token.kind == .absent {
        throw Problem(message: "`\(name)` needs `\(key.name)` (a string); add it to the line")
      }
      throw Problem(
        message: "`\(name)`'s `\(key.name)` must be a string, not \(TraceDecoder.kindName(token)); "
          + "fix the writer")
    }
    return token
  }

  private func string(_ key: EventFields.Key) throws(Problem) -> String {
    scanner.string(try requireString(key))
  }

  private func symbol(_ key: EventFields.Key, _ symbols: inout SymbolTable) throws(Problem) -> Int {
    symbols.intern(try requireString(key), in: scanner)
  }

  private func optionalSymbol(_ key: EventFields.Key, _ symbols: inout SymbolTable) throws(Problem) -> Int? {
    let kind = fields[key].kind
    if kind == .absent || kind == .null { return nil }
    return try symbol(key, &symbols)
  }

  /// `width` or `height`: absent, null, or a positive integer.
  private func optionalPixels(_ key: EventFields.Key) throws(Problem) -> Int? {
    let token = fields[key]
    if token.kind == .absent || token.kind == .null { return nil }
    guard let value = scanner.integer(token), value > 0 else {
      throw Problem(
        message: "`\(name)`'s `\(key.name)` must be a positive whole number of pixels, not "
          + (token.kind == .integer || token.kind == .number
            ? TraceDecoder.numberText(token, in: scanner) : TraceDecoder.kindName(token))
          + "; fix the writer")
    }
    return value
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

  private func screen(_ symbols: inout SymbolTable, required: Bool) throws(Problem) -> ScreenReference? {
    let token = fields.screen
    switch token.kind {
    case .absent, .null:
      guard required else { return nil }
      throw Problem(
        message:
          "`\(name)` needs `screen` (an object {\"id\":…,\"type\":…} or an earlier screen's id); add it")
    case .plainString, .escapedString:
      return .id(symbols.intern(token, in: scanner))
    case .object:
      return try screenObject(token, &symbols)
    default:
      throw Problem(
        message: "`\(name)`'s `screen` must be an object {\"id\":…,\"type\":…} or an id string, not "
          + "\(TraceDecoder.kindName(token)); fix the writer")
    }
  }

  private func screenObject(_ token: JSONToken, _ symbols: inout SymbolTable) throws(Problem)
    -> ScreenReference
  {
    let (id, type) = (fields.screenID, fields.screenType)
    guard id.isString else {
      throw Problem(
        message: "`\(name)`'s screen object needs `id` (a string), not \(TraceDecoder.kindName(id)); add it")
    }
    guard type.isString else {
      throw Problem(
        message: "`\(name)`'s screen object needs `type` (a string, the screen's class), not "
          + "\(TraceDecoder.kindName(type)); add it")
    }
    return .object(
      ScreenObject(
        id: symbols.intern(id, in: scanner), type: symbols.intern(type, in: scanner),
        title: try screenString(fields.screenTitle, "title", &symbols),
        module: try screenString(fields.screenModule, "module", &symbols),
        hosts: try hosts(&symbols)))
  }

  /// A screen object's optional string (`title`, `module`), interned.
  private func screenString(_ token: JSONToken, _ key: String, _ symbols: inout SymbolTable) throws(Problem)
    -> Int?
  {
    switch token.kind {
    case .absent, .null: return nil
    case .plainString, .escapedString: return symbols.intern(token, in: scanner)
    default:
      throw Problem(
        message: "`\(name)`'s screen `\(key)` must be a string, not \(TraceDecoder.kindName(token)); "
          + "fix the writer")
    }
  }

  /// A screen object's `hosts`: a list of router ids.
  private func hosts(_ symbols: inout SymbolTable) throws(Problem) -> [Int]? {
    let token = fields.screenHosts
    switch token.kind {
    case .absent, .null: return nil
    case .array: break
    default:
      throw Problem(
        message: "`\(name)`'s screen `hosts` must be a list of router ids, not "
          + "\(TraceDecoder.kindName(token)); fix the writer")
    }
    var list = JSONScanner(scanner.view(token))
    var routers: [Int] = []
    var wrong: JSONToken?
    do throws(JSONSyntaxError) {
      try list.elements { element throws(JSONSyntaxError) in
        let value = try element.value(depth: 2)
        guard value.isString else {
          if wrong == nil { wrong = value }
          return
        }
        let shifted = JSONToken(
          kind: value.kind, start: value.start + token.start, end: value.end + token.start)
        routers.append(symbols.intern(shifted, in: scanner))
      }
    } catch {
      // The line was scanned whole already: the list is valid JSON.
      throw Problem(message: "`\(name)`'s screen `hosts` is not a list; fix the writer")
    }
    if let wrong {
      throw Problem(
        message: "`\(name)`'s screen `hosts` must list router ids as strings, not "
          + "\(TraceDecoder.kindName(wrong)); fix the writer")
    }
    return routers
  }
}
