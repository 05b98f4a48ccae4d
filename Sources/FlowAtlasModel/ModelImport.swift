import FlowAtlasBytes
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation

/// Reads `model.json` (what ``ModelExport`` writes) back into a model, so a team can keep one
/// small file as the baseline of a review or a CI check instead of old traces.
///
/// The file keeps what the spec's "Model export" lists, so the model read back has the
/// hierarchy, the screens with their owners, the transitions and the diagnostics; flows are
/// derived again as from traces. Runs are listed without journeys (the file has none), and
/// what the export leaves out (coordinator outputs, leak counts) is empty.
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

  private static func read(_ bytes: [UInt8], file: String) throws(ModelError) -> (
    document: Document, places: [ModelJSON.Place]
  ) {
    do {
      return try ModelJSON.read(bytes)
    } catch {
      throw .badModel(path: file, line: ModelJSON.line(of: error.offset, in: bytes), reason: error.problem)
    }
  }

  private static func model(of document: Document, file: String) throws(ModelError) -> NavigationModel {
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

  struct Document {
    var flowatlas: String
    var version: Int
    var apps: [App]
    var diagnostics: [DiagnosticEntry]
  }

  struct App {
    struct RunEntry {
      var run: String
      var title: String?
      var file: String
      var events: Int
      var transitions: Int
    }
    struct CoordinatorEntry {
      var type: String
      var starts: Int
      var children: [String]
    }
    struct ScreenEntry {
      var type: String
      var titles: [String]
      var owner: String?
      var visits: Int
    }
    struct TransitionEntry {
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
    var containers: [ContainerType] = []

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
          events: entry.events, transitionCount: entry.transitions, journey: Journey())
      }
      return AppModel(
        name: app, slug: slug, runs: runList, coordinators: types, screens: screenTypes, transitions: edges,
        flows: FlowDerivation.flows(coordinators: types, screens: screenTypes, transitions: edges),
        diagnostics: [], containers: containers)
    }
  }

  struct DiagnosticEntry {
    var code: String
    var file: String
    var line: Int
    var message: String
  }
}

extension ModelImport {
  /// Where each screen and transition is written in a `model.json`, for a check's findings
  /// about the baseline: read by the same reader as the model, so any layout (and any line
  /// ending) gives each its own line. A file that cannot be read gives no places, and findings
  /// name its first line.
  package static func places(in bytes: [UInt8], file: String) -> NavigationCheck.Places {
    guard
      let read = try? ModelJSON.read(bytes).places
    else { return NavigationCheck.Places(fallback: file) }
    return places(read, in: bytes, file: file)
  }

  /// The places `read` found in `bytes`, as lines.
  private static func places(_ read: [ModelJSON.Place], in bytes: [UInt8], file: String)
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
    let lines = ModelJSON.lines(of: firstKeys, in: bytes)
    for (place, line) in zip(read, lines) {
      if let screen = place.screen {
        places.note(screen: screen, app: place.app, file: file, line: line)
      } else if let transition = place.transition {
        places.note(transition, file: file, line: line)
      }
    }
    return places
  }
}
