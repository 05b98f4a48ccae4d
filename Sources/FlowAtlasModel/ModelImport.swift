import FlowAtlasBytes
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation

/// Reads `model.json` (what ``ModelExport`` writes) back into a model, so a team can keep one
/// small file as the baseline of a review or a CI check instead of old traces.
///
/// The file keeps what the spec's "Model export" lists (``ModelFile``, read by
/// ``ModelJSONDecoder``), so the model read back has the hierarchy, the screens with their
/// owners, the transitions and the diagnostics; flows are derived again as from traces. Runs are
/// listed without journeys (the file has none), and what the export leaves out (coordinator
/// outputs, leak counts) is empty.
package enum ModelImport {
  /// Whether `prefix` (the first bytes of a file) starts a FlowAtlas model rather than a trace:
  /// a JSON object whose first key is `"flowatlas"` with the value `"model"`.
  package static func isModel(prefix: [UInt8]) -> Bool {
    let text = String(decoding: prefix.prefix(256), as: UTF8.self)
    let compact = text.filter { !$0.isWhitespace }
    return compact.hasPrefix(#"{"flowatlas":"model""#)
  }

  /// The model `bytes` hold.
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: Its path, for messages.
  /// - Returns: The model.
  /// - Throws: ``ModelError/badModel(path:line:reason:)`` naming the line of a JSON syntax error,
  ///   or the place in the document of a missing or mistyped key.
  package static func model(from bytes: [UInt8], file: String) throws(ModelError) -> NavigationModel {
    try model(of: read(bytes, file: file).document, file: file)
  }

  /// The model `bytes` hold and where each of its screens and transitions is written (as
  /// ``places(in:file:)`` gives them), from one read of the file: a check needs both of its
  /// baseline.
  /// - Throws: As ``model(from:file:)``.
  package static func modelAndPlaces(from bytes: [UInt8], file: String) throws(ModelError) -> (
    model: NavigationModel, places: NavigationCheck.Places
  ) {
    let read = try read(bytes, file: file)
    return (try model(of: read.document, file: file), places(read.places, in: bytes, file: file))
  }

  /// Where a screen or a transition of an app is written: the byte offset of its object.
  struct Place {
    var app: String
    var screen: String?
    var transition: NavigationCheck.TransitionKey?
    var coordinator: String? = nil
    var offset: Int
  }

  private static func read(_ bytes: [UInt8], file: String) throws(ModelError) -> (
    document: ModelFile, places: [Place]
  ) {
    do {
      return try read(bytes)
    } catch {
      throw .badModel(path: file, line: line(of: error.offset, in: bytes), reason: error.problem)
    }
  }

  /// The file, and where each screen and transition is written in it; one app named twice is
  /// refused.
  private static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> (document: ModelFile, places: [Place])
  {
    // `apps[a].screens[s]` and `apps[a].transitions[t]`, as the decoder meets them.
    var screenOffsets: [Int: [Int]] = [:]
    var transitionOffsets: [Int: [Int]] = [:]
    var coordinatorOffsets: [Int: [Int]] = [:]
    var appOffsets: [Int] = []
    let document = try ModelJSONDecoder.decode(ModelFile.self, from: bytes) { path, offset in
      guard path.first?.stringValue == "apps", let app = path.dropFirst().first?.intValue else { return }
      switch path.count {
      case 2: appOffsets.append(offset)
      case 4 where path[2].stringValue == "screens": screenOffsets[app, default: []].append(offset)
      case 4 where path[2].stringValue == "transitions": transitionOffsets[app, default: []].append(offset)
      case 4 where path[2].stringValue == "coordinators": coordinatorOffsets[app, default: []].append(offset)
      default: break
      }
    }
    var names: Set<String> = []
    var places: [Place] = []
    for (index, app) in document.apps.enumerated() {
      guard names.insert(app.app).inserted else {
        throw JSONSyntaxError(
          offset: appOffsets[index], problem: "apps[\(index)]: a second app named \"\(app.app)\"")
      }
      for (screen, offset) in zip(app.screens, screenOffsets[index] ?? []) {
        places.append(Place(app: app.app, screen: screen.type, transition: nil, offset: offset))
      }
      for (transition, offset) in zip(app.transitions, transitionOffsets[index] ?? []) {
        let key = NavigationCheck.TransitionKey(
          app: app.app, from: transition.from, to: transition.to, kind: transition.kind,
          coordinator: transition.coordinator)
        places.append(Place(app: app.app, screen: nil, transition: key, offset: offset))
      }
      for (coordinator, offset) in zip(app.coordinators, coordinatorOffsets[index] ?? []) {
        places.append(
          Place(app: app.app, screen: nil, transition: nil, coordinator: coordinator.type, offset: offset))
      }
    }
    return (document, places)
  }

  private static func model(of document: ModelFile, file: String) throws(ModelError) -> NavigationModel {
    guard document.flowatlas == "model" else {
      throw .badModel(
        path: file, line: nil, reason: "\"flowatlas\" is \"\(document.flowatlas)\", not \"model\"")
    }
    guard document.version == 1 else {
      throw .badModel(
        path: file, line: nil, reason: "version \(document.version) is newer than this reader (1)")
    }
    var slugs = Slugger(reserved: ModelAccumulator.reservedAppSlugs)
    let apps = document.apps.sorted { $0.app < $1.app }.map { app in app.model(slug: slugs.slug(for: app.app))
    }
    let diagnostics = try document.diagnostics.enumerated().map { index, entry throws(ModelError) in
      guard let code = Diagnostic.Code(rawValue: entry.code) else {
        throw ModelError.badModel(
          path: file, line: nil, reason: "diagnostics[\(index)]: unknown code \"\(entry.code)\"")
      }
      return Diagnostic(code: code, file: entry.file, line: entry.line, message: entry.message)
    }
    return NavigationModel(apps: apps.sorted { $0.name < $1.name }, diagnostics: diagnostics)
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
}

extension ModelImport {
  /// Where each screen and transition is written in a `model.json`, for a check's findings
  /// about the baseline: read by the same reader as the model, so any layout (and any line
  /// ending) gives each its own line. A file that cannot be read gives no places, and findings
  /// name its first line.
  package static func places(in bytes: [UInt8], file: String) -> NavigationCheck.Places {
    guard
      let read = try? read(bytes).places
    else { return NavigationCheck.Places(fallback: file) }
    return places(read, in: bytes, file: file)
  }

  /// The places `read` found in `bytes`, as lines.
  private static func places(_ read: [Place], in bytes: [UInt8], file: String)
    -> NavigationCheck.Places
  {
    var places = NavigationCheck.Places(fallback: file)
    // The line of the object's first key (`"type"`, `"from"` as the export writes them), not of
    // its opening brace.
    let firstKeys = read.map { place in
      var offset = place.offset + 1
      while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
      return offset
    }
    let lines = lines(of: firstKeys, in: bytes)
    for (place, line) in zip(read, lines) {
      if let screen = place.screen {
        places.note(screen: screen, app: place.app, file: file, line: line)
      } else if let transition = place.transition {
        places.note(transition, file: file, line: line)
      } else if let coordinator = place.coordinator {
        places.note(flow: coordinator, app: place.app, file: file, line: line)
      }
    }
    return places
  }
}
