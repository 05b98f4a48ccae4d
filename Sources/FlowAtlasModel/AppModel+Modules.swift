/// Comparing an app recorded with modules (revision 4: types named `Module.Type`) with one
/// recorded without: the spec's "Model export" takes a bare `Type` for the one `Module.Type` of
/// that name, where there is one.
extension AppModel {
  /// `name` as this app writes it: itself where the app has that type, else the one `Module.name`
  /// among its types (the spec's reading of a bare `Type`), else nil.
  package func typeName(_ name: String) -> String? {
    let names = screens.map(\.type) + coordinators.map(\.type) + containers.map(\.type)
    if names.contains(name) { return name }
    let qualified = Set(
      names.filter { type in
        guard let dot = type.firstIndex(of: "."), dot != type.startIndex else { return false }
        return type[type.index(after: dot)...] == name
      })
    return qualified.count == 1 ? qualified.first : nil
  }

  /// This app with each type name that `other` has only qualified by a module (exactly one
  /// `Module.Name` for a bare `Name` here that `other` lacks) renamed to it; the app itself where
  /// nothing matches. Diffs and checks compare `old.matchingModules(of: new)` with
  /// `new.matchingModules(of: old)`.
  package func matchingModules(of other: AppModel) -> AppModel {
    let names = Set(screens.map(\.type) + coordinators.map(\.type) + containers.map(\.type))
    let theirs = Set(
      other.screens.map(\.type) + other.coordinators.map(\.type) + other.containers.map(\.type))
    var qualified: [String: [String]] = [:]
    for name in theirs {
      guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { continue }
      qualified[String(name[name.index(after: dot)...]), default: []].append(name)
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
