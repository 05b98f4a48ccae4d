import FlowAtlasModel
import FlowAtlasTrace

/// The words the site uses for navigation: transition kinds, triggers, counts.
enum Wording {
  /// "pushes", "presents … modally": what a coordinator does to show `target`.
  static func showing(_ kind: TransitionKind, _ target: HTML) -> [HTML] {
    let words = showingWords(kind)
    return words.after.isEmpty
      ? [.text(words.before), target] : [.text(words.before), target, .text(words.after)]
  }

  /// The words before and after the target screen in ``showing(_:_:)``.
  static func showingWords(_ kind: TransitionKind) -> (before: String, after: String) {
    switch kind {
    case .setRoot: ("sets ", " as the root screen")
    case .push: ("pushes ", "")
    case .present: ("presents ", " modally")
    case .selectTab: ("switches to the tab showing ", "")
    case .pop: ("goes back to ", " (pop)")
    case .popToRoot: ("goes back to the first screen, ", " (pop to root)")
    case .dismiss: ("dismisses back to ", "")
    }
  }

  /// A short label for a kind, for tables and badges.
  static func label(_ kind: TransitionKind) -> String {
    switch kind {
    case .setRoot: "set root"
    case .push: "push"
    case .present: "modal"
    case .selectTab: "tab"
    case .pop: "pop"
    case .popToRoot: "pop to root"
    case .dismiss: "dismiss"
    }
  }

  /// "when the person taps “login” or “signUp”", "when the app is opened at …", "automatically".
  static func trigger(_ triggers: [String]) -> [HTML] {
    let actions = triggers.filter { !isDeeplink($0) }
    let links = triggers.filter(isDeeplink)
    var parts: [[HTML]] = []
    if !actions.isEmpty { parts.append([.text("when the person taps ")] + orList(actions.map(quoted))) }
    if !links.isEmpty {
      parts.append([.text("when the app is opened at ")] + orList(links.map { .code($0) }))
    }
    if parts.isEmpty { return [.text("automatically")] }
    return Array(parts.joined(separator: [.text(", or ")]))
  }

  /// Whether `trigger` contains `://`; checked by its bytes (`String.contains` goes through
  /// Foundation's search here, about a hundred times slower for these short names).
  static func isDeeplink(_ trigger: String) -> Bool {
    trigger.withUTF8Bytes { bytes in
      var last = (UInt8(0), UInt8(0))
      for byte in bytes {
        if byte == UInt8(ascii: "/") && last == (UInt8(ascii: ":"), UInt8(ascii: "/")) { return true }
        last = (last.1, byte)
      }
      return false
    }
  }

  /// Text in typographic quotes, escaped as text.
  static func quoted(_ text: String) -> HTML {
    .el("q", [.cls("action")], [.text(text)])
  }

  /// "a", "a or b", "a, b or c".
  static func orList(_ items: [HTML], conjunction: String = "or") -> [HTML] {
    var out: [HTML] = []
    for (index, item) in items.enumerated() {
      if index > 0 { out.append(.text(index == items.count - 1 ? " \(conjunction) " : ", ")) }
      out.append(item)
    }
    return out
  }

  /// "once", "twice", "3 times".
  static func times(_ count: Int) -> String {
    switch count {
    case 1: "once"
    case 2: "twice"
    default: "\(count) times"
    }
  }

  /// "1 screen", "2 screens".
  static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
  }
}
