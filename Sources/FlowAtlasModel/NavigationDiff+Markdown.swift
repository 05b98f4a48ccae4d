import FlowAtlasBytes
import FlowAtlasTrace

extension NavigationDiff {
  /// The diff as GitHub-flavoured Markdown, to paste into a pull request or a review.
  ///
  /// Every name from a trace is shown as inline code with backticks and table pipes
  /// neutralised, so a hostile screen name cannot inject markup.
  package var markdown: String {
    var lines = [
      "## Navigation changes: \(Self.code(oldApp, inTable: false)) → \(Self.code(newApp, inTable: false))",
      "",
    ]
    if isEmpty {
      lines.append("No change: both versions show the same screens through the same transitions.")
      if !changedPictures.isEmpty { lines.append("") }
    } else {
      lines += [summary, ""]
    }
    for section in sections { write(section, into: &lines) }
    return lines.joined(separator: "\n") + (isEmpty && changedPictures.isEmpty ? "\n" : "")
  }

  /// One part of the review (``sections``): a list, or a table, under its title.
  private func write(_ section: Section, into lines: inout [String]) {
    lines += ["### \(section.title)", ""]
    switch section.content {
    case .screens(let names, _), .flows(let names), .containers(let names):
      lines += names.map { "- \(Self.code($0, inTable: false))" }
    case .transitions(let transitions):
      lines += ["| from | to | kind | coordinator | triggers |", "|---|---|---|---|---|"]
      lines += transitions.map { transition in
        transition.markdownRow(
          kind: transition.kind.rawValue, entry: "*(entry)*", type: { Self.code($0) },
          trigger: { Self.code($0) })
      }
    case .triggers(let changes):
      lines += [
        "| from | to | kind | coordinator | triggers before | triggers after |", "|---|---|---|---|---|---|",
      ]
      lines += changes.map { change in
        change.markdownRow(
          kind: change.transition.kind.rawValue, entry: "*(entry)*", type: { Self.code($0) },
          trigger: { Self.code($0) })
      }
    case .moves(let moves):
      lines += ["| screen | before | after |", "|---|---|---|"]
      for change in moves {
        lines.append(
          "| \(Self.code(change.screen)) | \(change.old.map { Self.code($0) } ?? "none") | \(change.new.map { Self.code($0) } ?? "none") |"
        )
      }
    case .pictures(let pictures):
      // A review of the look, which the HTML shows side by side.
      lines += [Self.picturesNote, ""]
      lines += pictures.map { "- \(Self.code($0.screen, inTable: false))" }
    }
    lines.append("")
  }

  /// One sentence counting what changed.
  package var summary: String {
    let parts = [
      Self.count(addedScreens.count, "screen", "added"),
      Self.count(removedScreens.count, "screen", "removed"),
      Self.count(addedTransitions.count, "transition", "added"),
      Self.count(removedTransitions.count, "transition", "removed"),
      Self.count(changedTriggers.count, "transition", "taken another way"),
      Self.count(addedCoordinators.count, "flow", "added"),
      Self.count(removedCoordinators.count, "flow", "removed"),
      Self.count(ownerChanges.count, "screen", "moved to another flow"),
      Self.count(addedContainers.count, "container", "added"),
      Self.count(removedContainers.count, "container", "removed"),
    ].compactMap { $0 }
    return parts.joined(separator: ", ") + "."
  }

  private static func count(_ number: Int, _ noun: String, _ verb: String) -> String? {
    number == 0 ? nil : "\(number) \(noun)\(number == 1 ? "" : "s") \(verb)"
  }

  /// Inline code that hostile text cannot break out of: the fence is longer than any run of
  /// backticks inside, line breaks and tabs become spaces, every other control character is
  /// written as `\u{…}` (as ``Printable`` writes it), and in tables pipes are escaped.
  ///
  /// Read scalar by scalar, not by `Character`: `"\r\n"` is one `Character`, equal to neither
  /// `"\r"` nor `"\n"`, and once slipped through whole to end a table row.
  static func code(_ text: String, inTable: Bool = true) -> String {
    var flattened = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x0D, 0x09, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: flattened.append(" ")
      case 0x7C where inTable: flattened += "\\|"
      case _ where Printable.isControl(scalar): flattened += Printable.line(String(scalar))
      default: flattened.unicodeScalars.append(scalar)
      }
    }
    var longest = 0
    var run = 0
    for scalar in flattened.unicodeScalars {
      run = scalar == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padding = flattened.hasPrefix("`") || flattened.hasSuffix("`") ? " " : ""
    return fence + padding + flattened + padding + fence
  }
}

extension NavigationDiff.TriggerChange {
  /// Its row in a Markdown table (from, to, kind, coordinator, triggers before, after), written as
  /// ``Transition/markdownRow(kind:entry:type:trigger:)`` writes a transition's.
  package func markdownRow(
    kind: String, entry: String, type: (String) -> String, trigger: (String) -> String
  ) -> String {
    func actions(_ triggers: [String], _ automatic: Bool) -> String {
      (triggers.map(trigger) + (automatic ? ["automatic"] : [])).joined(separator: ", ")
    }
    let origin: String = transition.from.map(type) ?? entry
    let by: String = transition.coordinator.map(type) ?? "—"
    return "| \(origin) | \(type(transition.to)) | \(kind) | \(by) | \(actions(old, oldAutomatic)) | "
      + "\(actions(new, newAutomatic)) |"
  }
}

extension Transition {
  /// Its row in a Markdown table of transitions (from, to, kind, coordinator, triggers), as `diff`'s
  /// Markdown and DocC's changes article write it: types as `type` writes them (code voice, a
  /// symbol link), each trigger as `trigger` does, `entry` where it has no origin.
  package func markdownRow(
    kind: String, entry: String, type: (String) -> String, trigger: (String) -> String
  ) -> String {
    let origin: String = from.map(type) ?? entry
    let by: String = coordinator.map(type) ?? "—"
    let actions: String = triggers.isEmpty ? "automatic" : triggers.map(trigger).joined(separator: ", ")
    return "| \(origin) | \(type(to)) | \(kind) | \(by) | \(actions) |"
  }
}
