import FlowAtlasTrace
import FlowAtlasTraceReader

/// `model.json` as the spec's "Model export" lists it: every key, in the order it is written.
///
/// The one description of the file: ``ModelExport`` writes these records, ``ModelImport`` reads
/// them, both through their synthesized `Codable` conformances (``ModelJSONEncoder``,
/// ``ModelJSONDecoder``), so a field of the file is one line here and one in each mapping below.
/// (What the site's caches are keyed by, the digest, follows the model's own types instead:
/// ``ModelDigest``.)
struct ModelFile: Codable {
  var flowatlas = "model"
  var version = 1
  var apps: [App]
  var diagnostics: [DiagnosticEntry]

  struct App: Codable {
    var app: String
    var runs: [RunEntry]
    var coordinators: [CoordinatorEntry]
    var screens: [ScreenEntry]
    var transitions: [TransitionEntry]
    /// Revision 4: absent from models written before it.
    var containers: [ContainerEntry]?
  }

  struct RunEntry: Codable {
    var run: String
    var title: String?
    var file: String
    var events: Int
    var transitions: Int
  }

  struct CoordinatorEntry: Codable {
    var type: String
    var starts: Int
    var children: [String]
  }

  struct ScreenEntry: Codable {
    var type: String
    var titles: [String]
    var owner: String?
    var visits: Int
  }

  /// The spec's transition object; `model.json` and the diff's JSON share it.
  struct TransitionEntry: Codable {
    var from: String?
    var to: String
    var kind: TransitionKind
    var coordinator: String?
    var count: Int
    /// Absent from models written before system transitions were counted.
    var system: Int?
    var triggers: [String]
  }

  struct ContainerEntry: Codable {
    var type: String
    var owner: String?
  }

  struct DiagnosticEntry: Codable {
    var code: String
    var severity: String?
    var file: String
    var line: Int
    var message: String
  }
}

// MARK: The model as the file lists it

extension ModelFile {
  init(_ model: NavigationModel) {
    apps = model.apps.map(App.init)
    diagnostics = model.diagnostics.map { diagnostic in
      DiagnosticEntry(
        code: diagnostic.code.rawValue, severity: diagnostic.severity.rawValue, file: diagnostic.file,
        line: diagnostic.line, message: diagnostic.message)
    }
  }
}

extension ModelFile.App {
  init(_ app: AppModel) {
    self.app = app.name
    runs = app.runs.map { run in
      ModelFile.RunEntry(
        run: run.name, title: run.title, file: run.file, events: run.events, transitions: run.transitionCount)
    }
    coordinators = app.coordinators.map { coordinator in
      ModelFile.CoordinatorEntry(
        type: coordinator.type, starts: coordinator.starts, children: coordinator.children)
    }
    screens = app.screens.map { screen in
      ModelFile.ScreenEntry(
        type: screen.type, titles: screen.titles, owner: screen.owner, visits: screen.visits)
    }
    transitions = app.transitions.map(ModelFile.TransitionEntry.init)
    containers = app.containers.map { ModelFile.ContainerEntry(type: $0.type, owner: $0.owner) }
  }
}

extension ModelFile.TransitionEntry {
  init(_ transition: Transition) {
    self.init(
      from: transition.from, to: transition.to, kind: transition.kind, coordinator: transition.coordinator,
      count: transition.count, system: transition.system, triggers: transition.triggers)
  }
}

// MARK: The file as a model

extension ModelFile.App {
  /// The app the file lists, its flows derived again as from traces; what the file leaves out
  /// (journeys, coordinator outputs, leak counts) is empty.
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
        type: entry.type, slug: slugger.slug(for: entry.type), titles: entry.titles, owner: entry.owner,
        visits: entry.visits)
    }
    let edges = transitions.map { entry in
      Transition(
        from: entry.from, to: entry.to, kind: entry.kind, coordinator: entry.coordinator, count: entry.count,
        triggers: entry.triggers, system: entry.system ?? 0)
    }.sorted(by: Transition.exportOrder)
    let runList = runs.map { entry in
      Run(
        name: entry.run, slug: slugger.slug(for: entry.run), title: entry.title, file: entry.file,
        metadata: [],
        events: entry.events, transitionCount: entry.transitions, journey: Journey())
    }
    let containerTypes = (containers ?? []).map { ContainerType(type: $0.type, owner: $0.owner) }
    return AppModel(
      name: app, slug: slug, runs: runList, coordinators: types, screens: screenTypes, transitions: edges,
      flows: FlowDerivation.flows(coordinators: types, screens: screenTypes, transitions: edges),
      diagnostics: [], containers: containerTypes)
  }
}
