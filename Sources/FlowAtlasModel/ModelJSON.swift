import FlowAtlasBytes
import FlowAtlasTrace
import FlowAtlasTraceReader

/// Reads `model.json` in one pass over its bytes, with the trace reader's JSON scanner.
///
/// Foundation's `JSONDecoder` took about twenty times the file's size in memory (a 600 MB
/// baseline aborted under an 8 GB limit) and said only "not valid JSON", with no line, for what
/// is valid JSON a model cannot hold (nesting 1,000 deep, `1e400` for a count). Here every
/// problem is a ``JSONSyntaxError`` at a byte offset, which ``ModelImport`` turns into a line;
/// memory is the file and the model read from it. Keys a model does not know are passed over,
/// as the spec asks of readers; a key it needs that is missing, a value of another type, a
/// count that is negative or not a whole number, and one app named twice are refused.
enum ModelJSON {
  /// Where a screen or a transition of an app is written: the byte offset of its object.
  struct Place {
    var app: String
    var screen: String?
    var transition: NavigationCheck.TransitionKey?
    var offset: Int
  }

  /// The document, and where each screen and transition is written in it.
  static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> (
    document: ModelImport.Document, places: [Place]
  ) {
    guard bytes.count <= JSONScanner.maximumLength else {
      throw JSONSyntaxError(offset: 0, problem: "larger than 2 GiB")
    }
    return try JSONScanner.scanning(bytes) { scanner throws(JSONSyntaxError) in
      guard let scanner else { throw JSONSyntaxError(offset: 0, problem: "the file is empty") }
      var reader = Reader(scanner: scanner, places: PlaceList())
      let document = try reader.document()
      reader.scanner.skipWhitespace()
      guard reader.scanner.index == bytes.count else {
        throw JSONSyntaxError(offset: reader.scanner.index, problem: "text after the document's closing '}'")
      }
      return (document, reader.places.list)
    }
  }

  /// The 1-based line of byte `offset`.
  static func line(of offset: Int, in bytes: [UInt8]) -> Int {
    bytes.prefix(offset).reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
  }

  /// The 1-based line of each of `offsets` (in any order), in one pass over `bytes`.
  static func lines(of offsets: [Int], in bytes: [UInt8]) -> [Int] {
    let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
    var lines = [Int](repeating: 1, count: offsets.count)
    var line = 1
    var position = 0
    for index in order {
      let end = min(offsets[index], bytes.count)
      while position < end {
        if bytes[position] == 10 { line += 1 }
        position += 1
      }
      lines[index] = line
    }
    return lines
  }

  /// The scanner, and what reading a model needs of it: objects with required keys, arrays,
  /// and values of one type each, every failure at the offset of what is wrong.
  /// Screens and transitions read so far, with where each is written: one list that every
  /// nested reader appends to (a list copied into each would be copied again on each append).
  private final class PlaceList {
    var list: [Place] = []
  }

  private struct Reader {
    var scanner: JSONScanner
    let places: PlaceList

    mutating func document() throws(JSONSyntaxError) -> ModelImport.Document {
      var flowatlas: String?
      var version: Int?
      var apps: [ModelImport.App]?
      var diagnostics: [ModelImport.DiagnosticEntry]?
      var names: Set<String> = []
      let start = try object("the document") { key, reader throws(JSONSyntaxError) in
        switch key {
        case "flowatlas": flowatlas = try reader.string("flowatlas")
        case "version": version = try reader.integer("version")
        case "apps":
          apps = try reader.array("apps") { path, reader throws(JSONSyntaxError) in
            let at = reader.position
            let app = try reader.app(path)
            guard names.insert(app.app).inserted else {
              throw JSONSyntaxError(offset: at, problem: "\(path): a second app named \"\(app.app)\"")
            }
            return app
          }
        case "diagnostics":
          diagnostics = try reader.array("diagnostics") { path, reader throws(JSONSyntaxError) in
            try reader.diagnostic(path)
          }
        default: try reader.skip()
        }
      }
      return ModelImport.Document(
        flowatlas: try required(flowatlas, "flowatlas", in: "the document", at: start),
        version: try required(version, "version", in: "the document", at: start),
        apps: try required(apps, "apps", in: "the document", at: start),
        diagnostics: try required(diagnostics, "diagnostics", in: "the document", at: start))
    }

    mutating func app(_ path: String) throws(JSONSyntaxError) -> ModelImport.App {
      var name: String?
      var screenOffsets: [Int] = []
      var transitionOffsets: [Int] = []
      var runs: [ModelImport.App.RunEntry]?
      var coordinators: [ModelImport.App.CoordinatorEntry]?
      var screens: [ModelImport.App.ScreenEntry]?
      var transitions: [ModelImport.App.TransitionEntry]?
      var containers: [ContainerType] = []
      let start = try object(path) { key, reader throws(JSONSyntaxError) in
        switch key {
        case "app": name = try reader.string(path + ".app")
        case "containers":
          // Revision 4: absent from models written before it.
          containers = try reader.array(path + ".containers") { path, reader throws(JSONSyntaxError) in
            try reader.container(path)
          }
        case "runs":
          runs = try reader.array(path + ".runs") { path, reader throws(JSONSyntaxError) in
            try reader.run(path)
          }
        case "coordinators":
          coordinators = try reader.array(path + ".coordinators") { path, reader throws(JSONSyntaxError) in
            try reader.coordinator(path)
          }
        case "screens":
          screens = try reader.array(path + ".screens") { path, reader throws(JSONSyntaxError) in
            let at = reader.position
            let screen = try reader.screen(path)
            screenOffsets.append(at)
            return screen
          }
        case "transitions":
          transitions = try reader.array(path + ".transitions") { path, reader throws(JSONSyntaxError) in
            let at = reader.position
            let transition = try reader.transition(path)
            transitionOffsets.append(at)
            return transition
          }
        default: try reader.skip()
        }
      }
      let app = try required(name, "app", in: path, at: start)
      for (screen, offset) in zip(screens ?? [], screenOffsets) {
        places.list.append(Place(app: app, screen: screen.type, transition: nil, offset: offset))
      }
      for (transition, offset) in zip(transitions ?? [], transitionOffsets) {
        let key = NavigationCheck.TransitionKey(
          app: app, from: transition.from, to: transition.to, kind: transition.kind,
          coordinator: transition.coordinator)
        places.list.append(Place(app: app, screen: nil, transition: key, offset: offset))
      }
      return ModelImport.App(
        app: app, runs: try required(runs, "runs", in: path, at: start),
        coordinators: try required(coordinators, "coordinators", in: path, at: start),
        screens: try required(screens, "screens", in: path, at: start),
        transitions: try required(transitions, "transitions", in: path, at: start), containers: containers)
    }

    mutating func container(_ path: String) throws(JSONSyntaxError) -> ContainerType {
      var type: String?
      var owner: String??
      let start = try object(path) { key, reader throws(JSONSyntaxError) in
        switch key {
        case "type": type = try reader.string(path + ".type")
        case "owner": owner = .some(try reader.optionalString(path + ".owner"))
        default: try reader.skip()
        }
      }
      return ContainerType(type: try required(type, "type", in: path, at: start), owner: owner ?? nil)
    }

    mutating func run(_ path: String) throws(JSONSyntaxError) -> ModelImport.App.RunEntry {
      var run: String?
      var title: String??
      var file: String?
      var events: Int?
      var transitions: Int?
      let start = try object(path) { key, reader throws(JSONSyntaxError) in
        switch key {
        case "run": run = try reader.string(path + ".run")
        case "title": title = .some(try reader.optionalString(path + ".title"))
        case "file": file = try reader.string(path + ".file")
        case "events": events = try reader.count(path + ".events")
        case "transitions": transitions = try reader.count(path + ".transitions")
        default: try reader.skip()
        }
      }
      return ModelImport.App.RunEntry(
        run: try required(run, "run", in: path, at: start), title: title ?? nil,
        file: try required(file, "file", in: path, at: start),
        events: try required(events, "events", in: path, at: start),
        transitions: try required(transitions, "transitions", in: path, at: start))
    }

    mutating func coordinator(_ path: String) throws(JSONSyntaxError) -> ModelImport.App.CoordinatorEntry {
      var type: String?
      var starts: Int?
      var children: [String]?
      let start = try object(path) { key, reader throws(JSONSyntaxError) in
        switch key {
        case "type": type = try reader.string(path + ".type")
        case "starts": starts = try reader.count(path + ".starts")
        case "children": children = try reader.strings(path + ".children")
        default: try reader.skip()
        }
      }
      return ModelImport.App.CoordinatorEntry(
        type: try required(type, "type", in: path, at: start),
        starts: try required(starts, "starts", in: path, at: start),
        children: try required(children, "children", in: path, at: start))
    }

    mutating func screen(_ path: String) throws(JSONSyntaxError) -> ModelImport.App.ScreenEntry {
      var type: String?
      var titles: [String]?
      var owner: String??
      var visits: Int?
      let start = try object(path) { key, reader throws(JSONSyntaxError) in
        switch key {
        case "type": type = try reader.string(path + ".type")
        case "titles": titles = try reader.strings(path + ".titles")
        case "owner": owner = .some(try reader.optionalString(path + ".owner"))
        case "visits": visits = try reader.count(path + ".visits")
        default: try reader.skip()
        }
      }
      return ModelImport.App.ScreenEntry(
        type: try required(type, "type", in: path, at: start),
        titles: try required(titles, "titles", in: path, at: start),
        owner: owner ?? nil,
        visits: try required(visits, "visits", in: path, at: start))
    }

    mutating func transition(_ path: String) throws(JSONSyntaxError) -> ModelImport.App.TransitionEntry {
      var from: String??
      var to: String?
      var kind: TransitionKind?
      var coordinator: String??
      var count: Int?
      var system: Int?
      var triggers: [String]?
      let start = try object(path) { key, reader throws(JSONSyntaxError) in
        switch key {
        case "from": from = .some(try reader.optionalString(path + ".from"))
        case "to": to = try reader.string(path + ".to")
        case "kind":
          let at = reader.position
          let name = try reader.string(path + ".kind")
          guard let known = TransitionKind(rawValue: name) else {
            throw JSONSyntaxError(offset: at, problem: "\(path).kind: unknown kind \"\(name)\"")
          }
          kind = known
        case "coordinator": coordinator = .some(try reader.optionalString(path + ".coordinator"))
        case "count": count = try reader.count(path + ".count")
        case "system": system = try reader.count(path + ".system")
        case "triggers": triggers = try reader.strings(path + ".triggers")
        default: try reader.skip()
        }
      }
      return ModelImport.App.TransitionEntry(
        from: from ?? nil, to: try required(to, "to", in: path, at: start),
        kind: try required(kind, "kind", in: path, at: start),
        coordinator: coordinator ?? nil,
        count: try required(count, "count", in: path, at: start), system: system,
        triggers: try required(triggers, "triggers", in: path, at: start))
    }

    mutating func diagnostic(_ path: String) throws(JSONSyntaxError) -> ModelImport.DiagnosticEntry {
      var code: String?
      var file: String?
      var line: Int?
      var message: String?
      let start = try object(path) { key, reader throws(JSONSyntaxError) in
        switch key {
        case "code": code = try reader.string(path + ".code")
        case "file": file = try reader.string(path + ".file")
        case "line": line = try reader.count(path + ".line")
        case "message": message = try reader.string(path + ".message")
        default: try reader.skip()
        }
      }
      return ModelImport.DiagnosticEntry(
        code: try required(code, "code", in: path, at: start),
        file: try required(file, "file", in: path, at: start),
        line: try required(line, "line", in: path, at: start),
        message: try required(message, "message", in: path, at: start))
    }

    // MARK: Values

    /// Where the next value starts.
    var position: Int {
      mutating get {
        scanner.skipWhitespace()
        return scanner.index
      }
    }

    /// Reads an object, handing each key to `member`, which must read its value.
    /// - Returns: where the object starts, for a missing key's message.
    mutating func object(
      _ path: String, _ member: (String, inout Reader) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) -> Int {
      let start = try opening("{", path, "an object")
      var keys: Set<String> = []
      try scanner.members { [places] key, scanner throws(JSONSyntaxError) in
        // A key given twice would have its values read twice, and merged wrongly.
        let name = scanner.string(key)
        guard keys.insert(name).inserted else {
          throw JSONSyntaxError(offset: key.start, problem: "\(path): the key \"\(name)\" is given twice")
        }
        var reader = Reader(scanner: scanner, places: places)
        try member(name, &reader)
        scanner = reader.scanner
      }
      return start
    }

    mutating func array<Element>(
      _ path: String, _ element: (String, inout Reader) throws(JSONSyntaxError) -> Element
    ) throws(JSONSyntaxError) -> [Element] {
      _ = try opening("[", path, "a list")
      var elements: [Element] = []
      try scanner.elements { [places] scanner throws(JSONSyntaxError) in
        var reader = Reader(scanner: scanner, places: places)
        elements.append(try element("\(path)[\(elements.count)]", &reader))
        scanner = reader.scanner
      }
      return elements
    }

    /// Where the next value starts, when it starts with `byte`; else an error that `path`
    /// expected `what`.
    mutating func opening(_ byte: Unicode.Scalar, _ path: String, _ what: String) throws(JSONSyntaxError)
      -> Int
    {
      let start = position
      guard scanner.byte(at: start) == UInt8(ascii: byte) else {
        throw JSONSyntaxError(offset: start, problem: "\(path): expected \(what)")
      }
      return start
    }

    mutating func string(_ path: String) throws(JSONSyntaxError) -> String {
      let start = position
      let token = try scanner.value()
      guard token.kind == .plainString || token.kind == .escapedString else {
        throw JSONSyntaxError(offset: start, problem: "\(path): expected a string")
      }
      return scanner.string(token)
    }

    mutating func optionalString(_ path: String) throws(JSONSyntaxError) -> String? {
      let start = position
      let token = try scanner.value()
      if token.kind == .null { return nil }
      guard token.kind == .plainString || token.kind == .escapedString else {
        throw JSONSyntaxError(offset: start, problem: "\(path): expected a string or null")
      }
      return scanner.string(token)
    }

    mutating func strings(_ path: String) throws(JSONSyntaxError) -> [String] {
      try array(path) { path, reader throws(JSONSyntaxError) in try reader.string(path) }
    }

    mutating func integer(_ path: String) throws(JSONSyntaxError) -> Int {
      let start = position
      let token = try scanner.value()
      guard token.kind == .integer || token.kind == .number else {
        throw JSONSyntaxError(offset: start, problem: "\(path): expected a whole number")
      }
      guard let value = scanner.integer(token) else {
        throw JSONSyntaxError(offset: start, problem: "\(path): not a whole number a model can hold")
      }
      return value
    }

    /// A count: a whole number, never negative.
    mutating func count(_ path: String) throws(JSONSyntaxError) -> Int {
      let start = position
      let value = try integer(path)
      guard value >= 0 else {
        throw JSONSyntaxError(offset: start, problem: "\(path): a count is never negative")
      }
      return value
    }

    /// Passes over a value of a key a model does not know (still checked to be JSON).
    mutating func skip() throws(JSONSyntaxError) { _ = try scanner.value() }

    func required<Value>(_ value: Value?, _ key: String, in path: String, at offset: Int)
      throws(JSONSyntaxError) -> Value
    {
      guard let value else {
        throw JSONSyntaxError(offset: offset, problem: "\(path): missing key \"\(key)\"")
      }
      return value
    }
  }
}
