import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader

extension RunArchive {
  struct Writer {
    var bytes: [UInt8] = []
    var strings: [String: Int] = [:]

    mutating func number(_ value: Int) {
      var value = UInt64(bitPattern: Int64(value))
      while value >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
        value >>= 7
      }
      bytes.append(UInt8(value))
    }

    /// A string: its number if written before, else the next number and its UTF-8 bytes.
    mutating func string(_ text: String) {
      if let known = strings[text] {
        number(known)
        return
      }
      let next = strings.count
      strings[text] = next
      number(next)
      let utf8 = Array(text.utf8)
      number(utf8.count)
      bytes += utf8
    }

    mutating func optional(_ text: String?) {
      if let text {
        bytes.append(1)
        string(text)
      } else {
        bytes.append(0)
      }
    }

    mutating func optional(_ value: Int?) {
      if let value {
        bytes.append(1)
        number(value)
      } else {
        bytes.append(0)
      }
    }

    mutating func strings(_ texts: some Collection<String>) {
      number(texts.count)
      for text in texts { string(text) }
    }

    mutating func write(_ run: ReplayedRun) {
      string(run.file)
      optional(run.app)
      let tally = run.tally
      number(tally.runs.count)
      for run in tally.runs { writeSummary(run) }
      write(Array(tally.transitions))
      write(run.transitions)
      number(tally.screens.count)
      for (type, screen) in tally.screens.sorted(by: { $0.key < $1.key }) {
        string(type)
        strings(screen.titles.sorted())
        bytes.append(screen.isContainer ? 1 : 0)
        number(screen.shownBy.count)
        for (owner, count) in screen.shownBy {
          string(owner)
          number(count)
        }
      }
      number(tally.coordinators.count)
      for (type, coordinator) in tally.coordinators.sorted(by: { $0.key < $1.key }) {
        string(type)
        for value in [coordinator.starts, coordinator.leaks, coordinator.orphans] { number(value) }
        for set in [coordinator.children, coordinator.parents, coordinator.outputs] { strings(set.sorted()) }
      }
      number(tally.diagnostics.count)
      for diagnostic in tally.diagnostics {
        string(diagnostic.code.rawValue)
        string(diagnostic.file)
        number(diagnostic.line)
        string(diagnostic.message)
      }
      // Last, so that a summary is read without it.
      for run in tally.runs {
        // Archived as it is replayed, before the run leaves its journey in the store.
        let journey = run.journey
        number(journey.steps.count)
        for step in journey.steps { write(step) }
        number(journey.instances.count)
        for instance in journey.instances { write(instance) }
      }
    }

    mutating func write(_ transitions: [(TransitionKey, TransitionTally)]) {
      number(transitions.count)
      for (key, tally) in transitions.sorted(by: { RunArchive.order($0.0, $1.0) }) {
        optional(key.from)
        string(key.to)
        string(key.kind.rawValue)
        optional(key.coordinator)
        number(tally.count)
        number(tally.system)
        strings(tally.triggers)
        strings(tally.deeplinks)
      }
    }

    mutating func writeSummary(_ run: Run) {
      string(run.name)
      optional(run.title)
      string(run.file)
      number(run.metadata.count)
      for entry in run.metadata {
        string(entry.key)
        string(entry.value)
      }
      number(run.events)
      number(run.transitionCount)
      number(run.stepCount)
      number(run.headerLine)
      number(run.flaggedInstances.count)
      for instance in run.flaggedInstances { write(instance) }
      number(run.pictures.count)
      for picture in run.pictures {
        string(picture.screenType)
        string(picture.file)
        number(picture.line)
        optional(picture.width)
        optional(picture.height)
      }
      number(run.firstShown.count)
      for showing in run.firstShown {
        string(showing.screenType)
        number(showing.step)
      }
    }

    mutating func write(_ instance: CoordinatorInstance) {
      string(instance.id)
      string(instance.type)
      optional(instance.parent)
      number(instance.startLine)
      optional(instance.finishLine)
      optional(instance.detachLine)
      optional(instance.output)
      bytes.append(instance.leaked ? 1 : 0)
      optional(instance.deinitLine)
      optional(instance.orphanedLine)
    }

    mutating func write(_ step: JourneyStep) {
      number(step.line)
      switch step.kind {
      case .userAction(let screen, let action, let label):
        bytes.append(0)
        string(screen)
        string(action)
        optional(label)
      case .transition(let from, let to, let kind, let coordinator, let trigger):
        bytes.append(1)
        optional(from)
        string(to)
        string(kind.rawValue)
        optional(coordinator)
        switch trigger {
        case .action(let action, let label):
          bytes.append(0)
          string(action)
          optional(label)
        case .deeplink(let url):
          bytes.append(1)
          string(url)
        case .automatic:
          bytes.append(2)
        case .system(let gesture):
          bytes.append(3)
          string(gesture)
        }
      case .flowStarted(let coordinator, let parent):
        bytes.append(2)
        string(coordinator)
        optional(parent)
      case .flowFinished(let coordinator, let output):
        bytes.append(3)
        string(coordinator)
        optional(output)
      case .deeplink(let url, let coordinator):
        bytes.append(4)
        string(url)
        optional(coordinator)
      case .note(let text):
        bytes.append(5)
        string(text)
      }
    }
  }

  /// A fixed order for a run's transitions, so the same run always gives the same bytes.
  static func order(_ lhs: TransitionKey, _ rhs: TransitionKey) -> Bool {
    if lhs.from != rhs.from { return (lhs.from ?? "") < (rhs.from ?? "") || lhs.from == nil }
    if lhs.to != rhs.to { return lhs.to < rhs.to }
    if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
    if lhs.coordinator != rhs.coordinator {
      return (lhs.coordinator ?? "") < (rhs.coordinator ?? "") || lhs.coordinator == nil
    }
    return false
  }
}
