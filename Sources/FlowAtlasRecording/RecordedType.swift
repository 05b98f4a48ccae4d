/// A type as a trace names it (trace format revision 4): the module that declares it, and its name
/// within that module, its enclosing types kept.
///
/// `String(describing:)` drops the enclosing types, so `Login.ViewController` and
/// `Profile.ViewController` (an app's namespaces) would both be `ViewController`, one screen in
/// the model; `String(reflecting:)` keeps them, with the module first and the generic arguments
/// qualified too. The name here is the reflecting path without its module, the contexts of
/// private and local types (`(unknown context at $…)`) and the generic arguments, which are then
/// taken as `String(describing:)` gives them: `Outer.List<Item>`.
package struct RecordedType: Hashable, Sendable {
  /// The module that declares it, where the runtime names one.
  package let module: String?
  /// Its name within the module: `Outer.Inner` for a nested type.
  package let name: String

  package init(module: String?, name: String) {
    self.module = module
    self.name = name
  }

  /// The name the runtime gives `type`.
  package init(of type: Any.Type) {
    self.init(reflecting: String(reflecting: type), describing: String(describing: type))
  }

  /// The name from the runtime's two spellings of a type: `String(reflecting:)`, such as
  /// `MyApp.Outer.Inner<Swift.Int>` or `(extension in MyApp):Swift.Array<Swift.Int>.Row`, and
  /// `String(describing:)`, such as `Inner<Int>`.
  package init(reflecting: String, describing: String) {
    var path = Self.withoutGenericArguments(reflecting)
    var module: String?
    if path.hasPrefix("(extension in "), let close = path.firstIndex(of: ")") {
      // A type nested in an extension of another module's type: the extension's module declares
      // it, and the extended type's module is left out.
      module = String(path[path.index(path.startIndex, offsetBy: 14)..<close])
      let rest = path[path.index(after: close)...].drop { $0 == ":" }
      path = String(rest.drop { $0 != "." }.dropFirst())
    }
    var components = Self.components(of: path).filter { !$0.hasPrefix("(") }
    if module == nil, components.count > 1 { module = components.removeFirst() }
    guard let last = components.last, !last.isEmpty else {
      self.init(module: nil, name: describing)
      return
    }
    // The generic arguments as `describing` gives them, where it names the same innermost type.
    if let open = describing.firstIndex(of: "<"), describing[..<open] == last {
      components[components.count - 1] = describing
    }
    self.init(module: module, name: components.joined(separator: "."))
  }

  /// `Module.Name`, or the name alone.
  package var qualified: String { module.map { "\($0).\(name)" } ?? name }

  /// `text` without every `<…>`, nested ones too (a function type's `->` inside is no bracket).
  private static func withoutGenericArguments(_ text: String) -> String {
    var depth = 0
    var kept = ""
    var previous: Character?
    for character in text {
      defer { previous = character }
      if character == "<" {
        depth += 1
      } else if character == ">", depth > 0, previous != "-" {
        depth -= 1
      } else if depth == 0 {
        kept.append(character)
      }
    }
    return kept
  }

  /// The parts of a dotted path, a dot inside parentheses not splitting it.
  private static func components(of path: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in path {
      switch character {
      case "(": depth += 1
      case ")": depth = max(0, depth - 1)
      case "." where depth == 0:
        parts.append(current)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    parts.append(current)
    return parts
  }
}
