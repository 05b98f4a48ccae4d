import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader

extension RunArchive {
  struct Writer: ModelEncoder {
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

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func write(_ run: ReplayedRun) {
      string(run.file)
      optional(run.app)
      let tally = run.tally
      number(tally.runs.count)
      for run in tally.runs { run.encodeSummary(to: &self) }
      write(Array(tally.transitions))
      write(run.transitions)
      number(tally.screens.count)
      for (type, screen) in tally.screens.sorted(by: { $0.key < $1.key }) {
        string(type)
        strings(screen.titles.sorted())
        bytes.append(screen.isContainer ? 1 : 0)
        for list in [screen.shownBy, screen.containerShownBy] {
          number(list.count)
          for (owner, count) in list {
            string(owner)
            number(count)
          }
        }
      }
      number(tally.coordinators.count)
      for (type, coordinator) in tally.coordinators.sorted(by: { $0.key < $1.key }) {
        string(type)
        for value in [coordinator.starts, coordinator.leaks, coordinator.orphans] { number(value) }
        for set in [coordinator.children, coordinator.parents, coordinator.outputs] { strings(set.sorted()) }
      }
      number(tally.diagnostics.count)
      for diagnostic in tally.diagnostics { diagnostic.encode(to: &self) }
      strings(tally.modules)
      // Last, so that a summary is read without it.
      for run in tally.runs {
        // Archived as it is replayed, before the run leaves its journey in the store.
        let journey = run.journey
        number(journey.steps.count)
        for step in journey.steps { step.encode(to: &self) }
        number(journey.instances.count)
        for instance in journey.instances { instance.encode(to: &self) }
      }
    }

    mutating func write(_ transitions: [(TransitionKey, TransitionTally)]) {
      number(transitions.count)
      for (key, tally) in transitions.sorted(by: { RunArchive.order($0.0, $1.0) }) {
        TransitionFields.encode(
          from: key.from, to: key.to, kind: key.kind, coordinator: key.coordinator, count: tally.count,
          system: tally.system, automatic: tally.automatic, triggers: tally.triggers,
          deeplinks: tally.deeplinks,
          to: &self)
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
