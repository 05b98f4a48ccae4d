import FlowAtlasModel
import FlowAtlasSite
import Foundation

/// A journey's article (one recorded run, step by step) and an app's changes.
extension DocCArticles {
  func journeyArticle(_ run: Run, drawn: Set<DocCImage>) -> String {
    let title = run.title ?? run.name
    let journey = run.journey
    let problems = app.diagnostics.filter { $0.file == run.file }
    var lines = ["# Journey: \(DocCMarkdown.text(title))", ""]
    lines.append(
      "The run \(DocCMarkdown.code(run.name)) of \(DocCMarkdown.code(app.name)), recorded in "
        + "\(DocCMarkdown.code((run.file as NSString).lastPathComponent)): \(Wording.count(run.events, "event")), "
        + "\(Wording.count(run.transitionCount, "transition")), \(Wording.count(problems.count, "problem")).")
    lines += ["", "## Overview", ""]
    lines.append(
      image(.diagram(.journey(run: run.slug)), alt: "Diagram of the journey “\(title)”", drawn: drawn))
    if !run.metadata.isEmpty {
      // A table, not a list: DocC makes a list item that starts with `Note:` or `Date:` an aside.
      lines += ["", "### Details", "", "| Detail | Value |", "|---|---|"]
      lines += run.metadata.map {
        "| \(DocCMarkdown.code($0.key, inTable: true)) | \(DocCMarkdown.text($0.value)) |"
      }
    }
    lines += ["", "### Steps", ""]
    if journey.steps.isEmpty { lines.append("This run recorded no steps.") }
    for (index, step) in journey.steps.prefix(Self.stepsListed).enumerated() {
      lines.append("\(index + 1). \(sentence(step.kind)) (line \(step.line))")
    }
    if journey.steps.count > Self.stepsListed {
      lines += [
        "", "The run has \(journey.steps.count - Self.stepsListed) more steps; the site lists them all.",
      ]
    }
    lines += ["", "### Coordinators", ""]
    if journey.instances.isEmpty {
      lines.append("No coordinators were recorded.")
    } else {
      lines += ["| Coordinator | Instance | Started | Finished | Output |", "|---|---|---|---|---|"]
      for instance in journey.instances {
        lines.append(
          "| \(markdown.type(instance.type, inTable: true)) | \(DocCMarkdown.code(instance.id, inTable: true)) | "
            + "line \(instance.startLine) | \(instance.finishLine.map { "line \($0)" } ?? "—") | "
            + "\(instance.output.map { DocCMarkdown.code($0, inTable: true) } ?? "—") |")
      }
    }
    lines += ["", "### Problems", ""]
    lines += self.problems(problems, empty: "No problems in this run.")
    return lines.joined(separator: "\n") + "\n"
  }

  /// "Taps “Log in” on ``LoginViewController``", "``AuthCoordinator`` finishes (`loggedIn`)" …
  func sentence(_ kind: JourneyStep.Kind) -> String {
    switch kind {
    case .userAction(let screen, let action, let label):
      let code = label.map { $0 != action ? " (\(DocCMarkdown.code(action)))" : "" } ?? ""
      return "Taps \(quoted(label ?? action))\(code) on \(markdown.type(screen))"
    case .transition(_, let to, let kind, let coordinator, let trigger):
      var text: String
      if case .system(let name) = trigger {
        text = "The person \(gesture(name)), and the system"
      } else {
        text = coordinator.map { markdown.type($0) } ?? "The app"
      }
      let words = Wording.showingWords(kind)
      text += " " + words.before + markdown.type(to) + words.after
      if case .deeplink(let url) = trigger { text += " for \(DocCMarkdown.code(url))" }
      return text
    case .flowStarted(let coordinator, let parent):
      return parent.map { "\(markdown.type($0)) starts \(markdown.type(coordinator))" }
        ?? "\(markdown.type(coordinator)) starts as a root flow"
    case .flowFinished(let coordinator, let output):
      return "\(markdown.type(coordinator)) finishes" + (output.map { " (\(DocCMarkdown.code($0)))" } ?? "")
    case .deeplink(let url, let coordinator):
      return "Opens the deep link \(DocCMarkdown.code(url))"
        + (coordinator.map { ", handled by \(markdown.type($0))" } ?? "")
    case .note(let note):
      // Not "Note: …": DocC turns a list item that starts so into an aside, out of the steps.
      return "The trace notes “\(DocCMarkdown.text(note))”"
    }
  }

  func changesArticle(_ baseline: AppModel, drawn: Set<DocCImage>) -> String {
    let diff = NavigationDiff(old: baseline, new: app)
    var lines = ["# Changes in \(DocCMarkdown.text(app.name))", ""]
    let summary =
      diff.isEmpty ? "no change, both show the same screens through the same transitions." : diff.summary
    lines.append(
      "How \(DocCMarkdown.code(app.name)) differs from its baseline, \(DocCMarkdown.code(baseline.name)): \(summary)"
    )
    lines += ["", "## Overview", ""]
    lines.append(
      image(.changes, alt: "The navigation of both versions, what changed marked", drawn: drawn))
    lines += [
      "",
      "Added is green and bold, removed red and dashed, changed amber (other triggers or counts, or a "
        + "screen now in another flow).",
    ]
    // A screen or flow links to its symbol page while the app still has it (named as the diff names
    // it, modules matched with the baseline's); one only the baseline had is code voice, since the
    // module no longer declares it and DocC would warn of the link. Containers are code voice, as in
    // the app's article: most are the system's.
    let compared = app.matchingModules(of: baseline)
    let known = Set(compared.screens.map(\.type) + compared.coordinators.map(\.type))
    // The names as the diff gives them may carry the baseline's modules.
    let markdown = DocCMarkdown(module: markdown.module, modules: Set(compared.modules))
    func name(_ type: String, inTable: Bool = false) -> String {
      known.contains(type) ? markdown.type(type, inTable: inTable) : DocCMarkdown.code(type, inTable: inTable)
    }
    // A type in a table's cell, or `placeholder` where there is none. (The table's rows were one
    // expression of `+`, `??` and `map`s that took the compiler six seconds to type-check.)
    func cell(_ type: String?, or placeholder: String = "") -> String {
      type.map { name($0, inTable: true) } ?? placeholder
    }
    for section in diff.sections {
      lines += ["", "### \(section.title)", ""]
      switch section.content {
      case .screens(let names, _), .flows(let names):
        lines += names.map { "- " + name($0) }
      case .containers(let names):
        lines += names.map { "- " + DocCMarkdown.code($0) }
      case .transitions(let transitions):
        lines += ["| From | To | Kind | Coordinator | Triggers |", "|---|---|---|---|---|"]
        lines += transitions.map { transition in
          transition.markdownRow(
            kind: Wording.label(transition.kind), entry: "(entry)", type: { name($0, inTable: true) },
            trigger: { DocCMarkdown.code($0, inTable: true) })
        }
      case .triggers(let changes):
        lines += [
          "| From | To | Kind | Coordinator | Triggers before | Triggers after |",
          "|---|---|---|---|---|---|",
        ]
        lines += changes.map { change in
          change.markdownRow(
            kind: Wording.label(change.transition.kind), entry: "(entry)", type: { name($0, inTable: true) },
            trigger: { DocCMarkdown.code($0, inTable: true) })
        }
      case .moves(let moves):
        lines += ["| Screen | Before | After |", "|---|---|---|"]
        for change in moves {
          lines.append(
            "| \(cell(change.screen)) | \(cell(change.old, or: "none")) | \(cell(change.new, or: "none")) |")
        }
      case .pictures(let changes):
        lines += [NavigationDiff.picturesNote, ""] + changes.map { "- " + name($0.screen) }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
