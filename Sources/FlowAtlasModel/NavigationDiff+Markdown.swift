extension NavigationDiff {
  /// The diff as GitHub-flavoured Markdown, to paste into a pull request or a review.
  ///
  /// Every name from a trace is shown as inline code with backticks and table pipes
  /// neutralised, so a hostile screen name cannot inject markup.
  public var markdown: String {
    var lines = [
      "## Navigation changes: \(Self.code(oldApp, inTable: false)) → \(Self.code(newApp, inTable: false))",
      "",
    ]
    if isEmpty {
      lines.append("No change: both versions show the same screens through the same transitions.")
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append(summary)
    lines.append("")
    section("Screens added", addedScreens, into: &lines)
    section("Screens removed", removedScreens, into: &lines)
    section("Flows added", addedCoordinators, into: &lines)
    section("Flows removed", removedCoordinators, into: &lines)
    table("Transitions added", addedTransitions, into: &lines)
    table("Transitions removed", removedTransitions, into: &lines)
    if !ownerChanges.isEmpty {
      lines += ["### Screens that moved to another flow", "", "| screen | before | after |", "|---|---|---|"]
      for change in ownerChanges {
        lines.append(
          "| \(Self.code(change.screen)) | \(change.old.map { Self.code($0) } ?? "none") | \(change.new.map { Self.code($0) } ?? "none") |"
        )
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// One sentence counting what changed.
  public var summary: String {
    let parts = [
      Self.count(addedScreens.count, "screen", "added"),
      Self.count(removedScreens.count, "screen", "removed"),
      Self.count(addedTransitions.count, "transition", "added"),
      Self.count(removedTransitions.count, "transition", "removed"),
      Self.count(addedCoordinators.count, "flow", "added"),
      Self.count(removedCoordinators.count, "flow", "removed"),
      Self.count(ownerChanges.count, "screen", "moved to another flow"),
    ].compactMap { $0 }
    return parts.joined(separator: ", ") + "."
  }

  private func section(_ title: String, _ names: [String], into lines: inout [String]) {
    guard !names.isEmpty else { return }
    lines += ["### \(title)", ""]
    lines += names.map { "- \(Self.code($0, inTable: false))" }
    lines.append("")
  }

  private func table(_ title: String, _ transitions: [Transition], into lines: inout [String]) {
    guard !transitions.isEmpty else { return }
    lines += ["### \(title)", "", "| from | to | kind | coordinator | triggers |", "|---|---|---|---|---|"]
    for transition in transitions {
      let from = transition.from.map { Self.code($0) } ?? "*(entry)*"
      let coordinator = transition.coordinator.map { Self.code($0) } ?? "—"
      let triggers =
        transition.triggers.isEmpty
        ? "automatic" : transition.triggers.map { Self.code($0) }.joined(separator: ", ")
      lines.append(
        "| \(from) | \(Self.code(transition.to)) | \(transition.kind.rawValue) | \(coordinator) | \(triggers) |"
      )
    }
    lines.append("")
  }

  private static func count(_ number: Int, _ noun: String, _ verb: String) -> String? {
    number == 0 ? nil : "\(number) \(noun)\(number == 1 ? "" : "s") \(verb)"
  }

  /// Inline code that hostile text cannot break out of: the fence is longer than any run of
  /// backticks inside, newlines are flattened, and in tables pipes are escaped.
  static func code(_ text: String, inTable: Bool = true) -> String {
    var flattened = ""
    for character in text {
      switch character {
      case "\n", "\r", "\t": flattened.append(" ")
      case "|" where inTable: flattened += "\\|"
      default: flattened.append(character)
      }
    }
    var longest = 0
    var run = 0
    for character in flattened {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padding = flattened.hasPrefix("`") || flattened.hasSuffix("`") ? " " : ""
    return fence + padding + flattened + padding + fence
  }
}
