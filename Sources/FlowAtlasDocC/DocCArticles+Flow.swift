import FlowAtlasModel
import FlowAtlasSite

/// A flow's article: the site's flow page in Markdown.
extension DocCArticles {
  /// - Parameter runs: the runs that started the flow, in the app's order.
  func flowArticle(_ flow: Flow, runs journeys: [Run], drawn: Set<DocCImage>) -> String {
    let coordinator = app.coordinator(flow.coordinator)
    var lines = ["# \(DocCMarkdown.text(flow.coordinator)) flow", "", summary(flow, coordinator), ""]
    lines += ["## Overview", ""]
    lines.append(
      image(
        .diagram(.flow(coordinator: flow.coordinator)), alt: "Diagram of the \(flow.coordinator) flow",
        drawn: drawn))
    lines += ["", "### How it is reached", ""]
    lines += sentences(
      flow.entries, showSource: true, empty: "No recorded run entered this flow's screens from outside it.")
    lines += ["", "### What each screen leads to", ""]
    if flow.screens.isEmpty {
      lines.append("This flow shows no screens of its own.")
    }
    let leaving = flow.internalTransitions + flow.exits
    for (index, type) in flow.screens.enumerated() {
      lines += (index == 0 ? [] : [""]) + ["#### \(DocCMarkdown.text(type))", ""]
      let screen = app.screen(type)
      if let titles = screen?.titles, !titles.isEmpty {
        lines += ["Titled \(DocCMarkdown.list(titles.map(quoted))).", ""]
      }
      if let screen, let picture = pictured[type] {
        lines += [
          "![\(DocCMarkdown.text("\(type) as a run showed it"))](\(pictureName(screen)).\(picture.fileExtension))",
          "",
        ]
      }
      let outgoing = leaving.filter { $0.from == type }.sorted(by: Transition.exportOrder)
      lines += sentences(
        outgoing, showSource: false, empty: "Nothing leads on from this screen in the recorded runs.")
    }
    lines += ["", "### Child flows", ""]
    if flow.children.isEmpty {
      lines.append("It starts no child flows.")
    } else {
      for child in flow.children {
        let outputs = app.coordinator(child)?.outputs ?? []
        lines.append(
          "- Starts \(flowLink(child)), "
            + (outputs.isEmpty
              ? "which was not seen returning a result."
              : "which returns \(DocCMarkdown.list(outputs.map { DocCMarkdown.code($0) }))."))
      }
    }
    lines += ["", "### How it ends", ""]
    lines.append(
      flow.outputs.isEmpty
        ? Wording.endsWithoutOutput(isRoot: coordinator?.parents.isEmpty ?? true)
        : "It finishes with \(DocCMarkdown.list(flow.outputs.map { DocCMarkdown.code($0) })).")
    if let leaks = coordinator?.leaks, leaks > 0 {
      lines += [
        "", "> Warning: \(Wording.count(leaks, "instance")) finished but stayed attached to the parent.",
      ]
    }
    if let orphans = coordinator?.orphans, orphans > 0 {
      lines += [
        "",
        "> Warning: \(Wording.count(orphans, "instance")) never finished after the person left its screens "
          + "(the back button, a swipe or a tab) or the stack was replaced.",
      ]
    }
    lines += ["", "### Journeys through it", ""]
    lines +=
      journeys.isEmpty
      ? ["No recorded journey started it."] : journeys.map { "- " + DocCMarkdown.link(journeyName($0)) }
    lines += ["", "### Problems", ""]
    var problems: [String] = []
    for run in app.runs {
      for instance in run.flaggedInstances where instance.type == flow.coordinator {
        let journey = DocCMarkdown.link(journeyName(run))
        if instance.leaked {
          problems.append(
            "- Instance \(DocCMarkdown.code(instance.id)) in \(journey) finished at line "
              + "\(instance.finishLine ?? instance.startLine) but was never detached from its parent "
              + "(`coordinator-leak`).")
        }
        if let line = instance.orphanedLine {
          problems.append(
            "- Instance \(DocCMarkdown.code(instance.id)) in \(journey) showed no screen any more after line "
              + "\(line) but never finished (`orphaned-coordinator`).")
        }
      }
    }
    lines += problems.isEmpty ? ["No problems recorded for this flow."] : problems
    return lines.joined(separator: "\n") + "\n"
  }

  private func summary(_ flow: Flow, _ coordinator: CoordinatorType?) -> String {
    var text = "\(markdown.type(flow.coordinator)) owns \(Wording.count(flow.screens.count, "screen"))"
    if let coordinator {
      text += " and was started \(Wording.times(coordinator.starts)) in the recorded runs"
    }
    text += ". "
    if let parents = coordinator?.parents, !parents.isEmpty {
      text += "It is started by \(DocCMarkdown.list(parents.map { markdown.type($0) })). "
    } else if coordinator != nil {
      text += "It is a root flow: nothing starts it. "
    }
    if !flow.children.isEmpty {
      text += "It starts \(DocCMarkdown.list(flow.children.map { markdown.type($0) }, conjunction: "and")). "
    }
    if !flow.outputs.isEmpty {
      text += "It returns \(DocCMarkdown.list(flow.outputs.map { DocCMarkdown.code($0) })) to its parent."
    }
    return text.hasSuffix(" ") ? String(text.dropLast()) : text
  }

  private func sentences(_ transitions: [Transition], showSource: Bool, empty: String) -> [String] {
    transitions.isEmpty ? [empty] : transitions.map { "- " + sentence($0, showSource: showSource) }
  }

  /// "When the person taps “Buy”, ``CheckoutCoordinator`` pushes ``PaymentViewController`` (3 times)."
  func sentence(_ transition: Transition, showSource: Bool) -> String {
    var text = ""
    if showSource {
      if let from = transition.from {
        text += "From \(markdown.type(from))"
        if let owner = app.screen(from)?.owner {
          text += " (in \(markdown.type(owner)))"
        }
        text += ", "
      } else {
        text += "When a run begins, "
      }
    }
    if !transition.triggers.isEmpty {
      text += trigger(transition) + Wording.afterTriggers(transition)
    }
    let subject =
      if transition.isSystem { "the system" } else if let coordinator = transition.coordinator {
        markdown.type(coordinator)
      } else { "the app" }
    text += subject
    let words = Wording.showingWords(transition.kind)
    text += " " + words.before + markdown.type(transition.to) + words.after
    if transition.triggers.isEmpty { text += " automatically" }
    if transition.isSystem, let coordinator = transition.coordinator {
      text += Wording.systemCoordinatorWords(transition) + markdown.type(coordinator)
    } else if transition.system > 0 {
      text += " (\(Wording.times(transition.system)) by the system)"
    }
    return capitalized(text) + " — \(Wording.times(transition.count))."
  }

  /// "when the person swipes back from the edge", "when the person taps “Buy”", "when the app is opened at …".
  private func trigger(_ transition: Transition) -> String {
    // Split as the site's pages split them (``Wording/trigger(_:gestures:)``).
    let gestures = Wording.gestures(of: transition)
    let links = transition.triggers.filter { transition.deeplinks.contains($0) }
    let actions = transition.triggers.filter { !transition.deeplinks.contains($0) && !gestures.contains($0) }
    var parts: [String] = []
    if !gestures.isEmpty { parts.append("when the person " + DocCMarkdown.list(gestures.map(gesture))) }
    if !actions.isEmpty { parts.append("when the person taps " + DocCMarkdown.list(actions.map(quoted))) }
    if !links.isEmpty {
      parts.append("when the app is opened at " + DocCMarkdown.list(links.map { DocCMarkdown.code($0) }))
    }
    return parts.joined(separator: ", or ")
  }

  func gesture(_ name: String) -> String {
    if let phrase = Wording.gesturePhrases[name] { return phrase }
    if name == "system" { return "uses a control of the system" }
    return "makes the system's \(quoted(name)) gesture"
  }

  func quoted(_ text: String) -> String { "“" + DocCMarkdown.text(text) + "”" }

  /// `text` with its first letter upper-cased when it is a lowercase ASCII letter (our own words).
  func capitalized(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return text }
    return first.properties.uppercaseMapping + String(text.unicodeScalars.dropFirst())
  }
}
