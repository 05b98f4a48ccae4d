import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace

/// The words the site uses for navigation: transition kinds, triggers, counts.
package enum Wording {
  /// "pushes", "presents … modally": what a coordinator does to show `target`.
  static func showing(_ kind: TransitionKind, _ target: HTML) -> [HTML] {
    let words = showingWords(kind)
    return words.after.isEmpty
      ? [.text(words.before), target] : [.text(words.before), target, .text(words.after)]
  }

  /// What comes before the coordinator a system transition names: the tab container's for a tab
  /// switch or a tap on the tab bar (the selected tab popped to its root), else the one whose
  /// screen the person's gesture removed.
  package static func systemCoordinatorWords(_ transition: Transition) -> String {
    transition.kind == .selectTab || transition.triggers == ["tabBar"]
      ? ", among the tabs of " : ", leaving a screen of "
  }

  /// What follows a transition's triggers: they were not every time's where some times had none.
  package static func afterTriggers(_ transition: Transition) -> String {
    transition.automatic > 0 ? ", or automatically, " : ", "
  }

  /// "How it ends" for a flow no run saw return an output: it may have finished without one (the
  /// model keeps outputs, not finishes), so nothing is claimed that a run may contradict.
  package static func endsWithoutOutput(isRoot: Bool) -> String {
    "No run saw it finish with a result (an output): it may finish without one, "
      + (isRoot ? "or last as long as the app." : "last as long as its parent, or outlast the runs.")
  }

  /// The words before and after the target screen in ``showing(_:_:)``.
  package static func showingWords(_ kind: TransitionKind) -> (before: String, after: String) {
    switch kind {
    case .setRoot: ("sets ", " as the root screen")
    case .push: ("pushes ", "")
    case .present: ("presents ", " modally")
    case .selectTab: ("switches to the tab showing ", "")
    case .pop: ("goes back to ", " (pop)")
    case .popTo: ("goes back to ", " (pop to a screen)")
    case .popToRoot: ("goes back to the first screen, ", " (pop to root)")
    case .dismiss: ("dismisses back to ", "")
    }
  }

  /// A short label for a kind, for tables and badges.
  package static func label(_ kind: TransitionKind) -> String {
    switch kind {
    case .setRoot: "set root"
    case .push: "push"
    case .present: "modal"
    case .selectTab: "tab"
    case .pop: "pop"
    case .popTo: "pop to"
    case .popToRoot: "pop to root"
    case .dismiss: "dismiss"
    }
  }

  /// The gestures the trace format names, as what the person does.
  package static let gesturePhrases: [String: String] = [
    "backButton": "taps the back button",
    "edgeSwipe": "swipes back from the edge",
    "backMenu": "picks a screen from the back button's menu",
    "swipeDown": "swipes the sheet down",
    "tapOutside": "taps outside the sheet",
    "tabBar": "taps a tab in the tab bar",
    "back": "goes back with the back button or a swipe",
  ]

  /// What the person did for the system to navigate: "swipes back from the edge".
  static func gesture(_ gesture: String) -> [HTML] {
    if let phrase = gesturePhrases[gesture] { return [.text(phrase)] }
    if gesture == "system" { return [.text("uses a control of the system")] }
    return [.text("makes the system's "), quoted(gesture), .text(" gesture")]
  }

  /// The triggers of `transition` that are gestures: where the system did some of it, the
  /// gesture names the format knows, and every trigger where the system did all of it.
  package static func gestures(of transition: Transition) -> [String] {
    guard transition.system > 0 else { return [] }
    return transition.triggers.filter {
      transition.isSystem || gesturePhrases[$0] != nil || $0 == "system"
    }
  }

  /// "when the person taps “login” or “signUp”", "when the app is opened at …", "when the person
  /// swipes back from the edge", "automatically".
  /// - Parameters:
  ///   - triggers: A transition's triggers.
  ///   - gestures: Those that are the system's gestures (``gestures(of:)``).
  ///   - deeplinks: Those that were deep links (`deeplink.open`), whatever their text looks like.
  static func trigger(_ triggers: [String], gestures: [String] = [], deeplinks: [String] = []) -> [HTML] {
    let links = triggers.filter { deeplinks.contains($0) }
    let actions = triggers.filter { !deeplinks.contains($0) && !gestures.contains($0) }
    var parts: [[HTML]] = []
    if !gestures.isEmpty {
      parts.append(
        [.text("when the person ")] + Array(gestures.map(gesture).joined(separator: [.text(" or ")])))
    }
    if !actions.isEmpty { parts.append([.text("when the person taps ")] + orList(actions.map(quoted))) }
    if !links.isEmpty {
      parts.append([.text("when the app is opened at ")] + orList(links.map { .code($0) }))
    }
    if parts.isEmpty { return [.text("automatically")] }
    return Array(parts.joined(separator: [.text(", or ")]))
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
  package static func times(_ count: Int) -> String {
    switch count {
    case 1: "once"
    case 2: "twice"
    default: "\(count) times"
    }
  }

  /// "1 screen", "2 screens".
  package static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
  }
}
