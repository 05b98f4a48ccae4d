import FlowAtlasTrace
import Foundation

/// Reads `model.json` (what ``ModelExport`` writes) back into a model, so a team can keep one
/// small file as the baseline of a review or a CI check instead of old traces.
///
/// The file keeps what the spec's "Model export" lists, so the model read back has the
/// hierarchy, the screens with their owners, the transitions and the diagnostics; flows are
/// derived again as from traces. Runs are listed without journeys (the file has none), and
/// what the export leaves out (coordinator outputs, leak counts) is empty.
public enum ModelImport {
  /// Whether `prefix` (the first bytes of a file) starts a FlowAtlas model rather than a trace:
  /// a JSON object whose first key is `"flowatlas"` with the value `"model"`.
  public static func isModel(prefix: [UInt8]) -> Bool {
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
  public static func model(from bytes: [UInt8], file: String) throws(ModelError) -> NavigationModel {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: Data(bytes))
    } catch let error as DecodingError {
      throw .badModel(path: file, line: line(of: error, in: bytes), reason: describe(error))
    } catch {
      throw .badModel(path: file, line: nil, reason: error.localizedDescription)
    }
    guard document.flowatlas == "model" else {
      throw .badModel(
        path: file, line: nil, reason: "\"flowatlas\" is \"\(document.flowatlas)\", not \"model\"")
    }
    guard document.version == 1 else {
      throw .badModel(
        path: file, line: nil, reason: "version \(document.version) is newer than this reader (1)")
    }
    // What JSON can say but a model cannot hold: one app twice, a negative count.
    var names: Set<String> = []
    for (index, app) in document.apps.enumerated() {
      guard names.insert(app.app).inserted else {
        throw .badModel(path: file, line: nil, reason: "apps[\(index)]: a second app named \"\(app.app)\"")
      }
      if let problem = app.negativeCount {
        throw .badModel(path: file, line: nil, reason: "apps[\(index)].\(problem): a count is never negative")
      }
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

  /// The line of a syntax error. The decoder does not say where it is; JSONSerialization says
  /// "around character N", which is counted into a line.
  private static func line(of error: DecodingError, in bytes: [UInt8]) -> Int? {
    guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty else { return nil }
    var message: String?
    do { _ = try JSONSerialization.jsonObject(with: Data(bytes)) } catch { message = "\(error)" }
    guard let text = message, let range = text.range(of: #"character \d+"#, options: .regularExpression),
      let offset = Int(text[range].dropFirst("character ".count))
    else { return nil }
    return bytes.prefix(offset).reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
  }

  private static func describe(_ error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
      var out = ""
      for key in path {
        if let index = key.intValue {
          out += "[\(index)]"
        } else {
          out += (out.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return out.isEmpty ? "the document" : out
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(place(context.codingPath)): missing key \"\(key.stringValue)\""
    case .typeMismatch(let type, let context):
      return "\(place(context.codingPath)): expected \(type)"
    case .valueNotFound(let type, let context):
      return "\(place(context.codingPath)): expected \(type), found null"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "not valid JSON" : "\(place(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  private struct Document: Decodable {
    var flowatlas: String
    var version: Int
    var apps: [App]
    var diagnostics: [DiagnosticEntry]
  }

  private struct App: Decodable {
    struct RunEntry: Decodable {
      var run: String
      var title: String?
      var file: String
      var events: Int
      var transitions: Int
    }
    struct CoordinatorEntry: Decodable {
      var type: String
      var starts: Int
      var children: [String]
    }
    struct ScreenEntry: Decodable {
      var type: String
      var titles: [String]
      var owner: String?
      var visits: Int
    }
    struct TransitionEntry: Decodable {
      var from: String?
      var to: String
      var kind: TransitionKind
      var coordinator: String?
      var count: Int
      var system: Int?
      var triggers: [String]
    }

    var app: String
    var runs: [RunEntry]
    var coordinators: [CoordinatorEntry]
    var screens: [ScreenEntry]
    var transitions: [TransitionEntry]

    /// Where the first negative count is, if any.
    var negativeCount: String? {
      if let index = runs.firstIndex(where: { $0.events < 0 || $0.transitions < 0 }) {
        return "runs[\(index)]"
      }
      if let index = coordinators.firstIndex(where: { $0.starts < 0 }) {
        return "coordinators[\(index)].starts"
      }
      if let index = screens.firstIndex(where: { $0.visits < 0 }) { return "screens[\(index)].visits" }
      if let index = transitions.firstIndex(where: { $0.count < 0 || ($0.system ?? 0) < 0 }) {
        return "transitions[\(index)]"
      }
      return nil
    }

    func model(slug: String) -> AppModel {
      var parents: [String: Set<String>] = [:]
      for coordinator in coordinators {
        for child in coordinator.children { parents[child, default: []].insert(coordinator.type) }
      }
      // One namespace for the app's coordinators, screens and runs, as from traces.
      var slugger = Slugger(reserved: ModelAccumulator.reservedPageSlugs)
      let types = coordinators.sorted { $0.type < $1.type }.map { entry in
        CoordinatorType(
          type: entry.type, slug: slugger.slug(for: entry.type), starts: entry.starts,
          children: Array(Set(entry.children)).sorted(), parents: (parents[entry.type] ?? []).sorted(),
          outputs: [], leaks: 0)
      }
      let screenTypes = screens.sorted { $0.type < $1.type }.map { entry in
        ScreenType(
          type: entry.type, slug: slugger.slug(for: entry.type), titles: entry.titles,
          owner: entry.owner, visits: entry.visits)
      }
      let edges = transitions.map { entry in
        Transition(
          from: entry.from, to: entry.to, kind: entry.kind, coordinator: entry.coordinator,
          count: entry.count,
          triggers: entry.triggers, system: entry.system ?? 0)
      }.sorted(by: Transition.exportOrder)
      let runList = runs.map { entry in
        Run(
          name: entry.run, slug: slugger.slug(for: entry.run), title: entry.title, file: entry.file,
          metadata: [],
          events: entry.events, transitionCount: entry.transitions, steps: [], instances: [])
      }
      return AppModel(
        name: app, slug: slug, runs: runList, coordinators: types, screens: screenTypes, transitions: edges,
        flows: FlowDerivation.flows(coordinators: types, screens: screenTypes, transitions: edges),
        diagnostics: [])
    }
  }

  private struct DiagnosticEntry: Decodable {
    var code: String
    var file: String
    var line: Int
    var message: String
  }
}

extension ModelImport {
  /// Where each screen and transition is written in a `model.json` laid out as
  /// ``ModelExport`` writes it (one key per line), for a check's findings about the baseline.
  /// A file laid out otherwise gives no places, and findings name its first line.
  public static func places(in bytes: [UInt8], file: String) -> NavigationCheck.Places {
    var places = NavigationCheck.Places(fallback: file)
    // Split on the byte, not on `Character`: a CRLF file's "\r\n" is one `Character`, which
    // made its whole text one line; the `\r` goes with the trimming below.
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    var app: String?
    var section = ""
    var index = 0
    while index < lines.count {
      let line = lines[index].trimmingCharacters(in: .whitespacesAndNewlines)
      if line.hasPrefix(#""app": "#) {
        app = value(line, key: "app") ?? nil
      } else if line.hasSuffix(": ["), Self.sections.contains(String(line.dropLast(3))) {
        section = String(line.dropLast(3))
      } else if let app, section == #""screens""#, line.hasPrefix(#""type": "#),
        let screen = value(line, key: "type") ?? nil
      {
        places.note(screen: screen, app: app, file: file, line: index + 1)
      } else if let app, section == #""transitions""#, line.hasPrefix(#""from": "#), index + 3 < lines.count {
        let next = (1...3).map { lines[index + $0].trimmingCharacters(in: .whitespacesAndNewlines) }
        if let from = value(line, key: "from"), let to = value(next[0], key: "to") ?? nil,
          let kindName = value(next[1], key: "kind") ?? nil, let kind = TransitionKind(rawValue: kindName),
          let coordinator = value(next[2], key: "coordinator")
        {
          places.note(
            NavigationCheck.TransitionKey(app: app, from: from, to: to, kind: kind, coordinator: coordinator),
            file: file, line: index + 1)
        }
      }
      index += 1
    }
    return places
  }

  /// The lists of an app entry; `titles`, `children` and `triggers` open lists inside them.
  private static let sections: Set<String> = [
    #""runs""#, #""coordinators""#, #""screens""#, #""transitions""#,
  ]

  /// The string or null value of a `"key": value,` line: `.some(nil)` for null, `nil` when the
  /// line is not that key with such a value.
  private static func value(_ line: String, key: String) -> String?? {
    let prefix = "\"\(key)\": "
    guard line.hasPrefix(prefix) else { return nil }
    var text = line.dropFirst(prefix.count)
    if text.hasSuffix(",") { text = text.dropLast() }
    if text == "null" { return .some(nil) }
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed),
      let string = object as? String
    else { return nil }
    return .some(string)
  }
}
