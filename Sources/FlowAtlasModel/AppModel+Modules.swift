/// Comparing an app recorded with modules (revision 4: types named `Module.Type`) with one
/// recorded without: the spec's "Model export" takes a bare `Type` for the one `Module.Type` of
/// that name, where there is one.
extension AppModel {
  /// `name` as this app writes it: itself where the app has that type, else the one `Module.name`
  /// among its types (the spec's reading of a bare `Type`), else nil.
  package func typeName(_ name: String) -> String? {
    let names = typeNames
    if names.contains(name) { return name }
    let qualified = Set(names.filter { Self.nameWithinModule($0) == name[...] })
    return qualified.count == 1 ? qualified.first : nil
  }

  /// Every type name of the app: its screens', coordinators' and containers'.
  private var typeNames: [String] { screens.map(\.type) + coordinators.map(\.type) + containers.map(\.type) }

  /// `Type` of `Module.Type` (the part after the first dot), nil for a name with no module.
  private static func nameWithinModule(_ name: String) -> Substring? {
    guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return nil }
    return name[name.index(after: dot)...]
  }

  /// This app with each type name that `other` has only qualified by a module (exactly one
  /// `Module.Name` for a bare `Name` here that `other` lacks) renamed to it; the app itself where
  /// nothing matches. Diffs and checks compare `old.matchingModules(of: new)` with
  /// `new.matchingModules(of: old)`.
  package func matchingModules(of other: AppModel) -> AppModel {
    let names = Set(typeNames)
    let theirs = Set(other.typeNames)
    var qualified: [String: [String]] = [:]
    for name in theirs {
      guard let within = Self.nameWithinModule(name) else { continue }
      qualified[String(within), default: []].append(name)
    }
    var renamed: [String: String] = [:]
    for name in names where !theirs.contains(name) {
      if let candidates = qualified[name], candidates.count == 1, !names.contains(candidates[0]) {
        renamed[name] = candidates[0]
      }
    }
    guard !renamed.isEmpty else { return self }
    func rename(_ name: String) -> String { renamed[name] ?? name }
    let types = coordinators.map { coordinator in
      var coordinator = coordinator
      coordinator.type = rename(coordinator.type)
      coordinator.children = coordinator.children.map(rename).sorted()
      coordinator.parents = coordinator.parents.map(rename).sorted()
      return coordinator
    }
    let screenTypes = screens.map { screen in
      var screen = screen
      screen.type = rename(screen.type)
      screen.owner = screen.owner.map(rename)
      return screen
    }.sorted { $0.type < $1.type }
    let edges = transitions.map { transition in
      var transition = transition
      transition.from = transition.from.map(rename)
      transition.to = rename(transition.to)
      transition.coordinator = transition.coordinator.map(rename)
      return transition
    }.sorted(by: Transition.exportOrder)
    let boxes = containers.map { ContainerType(type: rename($0.type), owner: $0.owner.map(rename)) }
    let sortedTypes = types.sorted { $0.type < $1.type }
    return AppModel(
      name: name, slug: slug, runs: runs, coordinators: sortedTypes, screens: screenTypes, transitions: edges,
      flows: FlowDerivation.flows(coordinators: sortedTypes, screens: screenTypes, transitions: edges),
      diagnostics: diagnostics, containers: boxes,
      // Its names now name the modules they took: those are this model's modules too.
      modules: modules + renamed.values.compactMap { $0.split(separator: ".").first.map(String.init) })
  }
}
