import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader

extension RunArchive {

  /// Reads what ``Writer`` wrote; every method returns nil once the bytes stop making sense.
  struct Reader {
    let bytes: ArraySlice<UInt8>
    var position: Int
    var strings: [String] = []

    init(bytes: ArraySlice<UInt8>) {
      self.bytes = bytes
      position = bytes.startIndex
    }

    var atEnd: Bool { position == bytes.endIndex }
    var remaining: Int { bytes.endIndex - position }

    mutating func byte() -> UInt8? {
      guard position < bytes.endIndex else { return nil }
      defer { position += 1 }
      return bytes[position]
    }

    mutating func number() -> Int? {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while let byte = byte() {
        guard shift < 64 else { return nil }
        value |= UInt64(byte & 0x7F) << shift
        if byte < 0x80 { return Int(Int64(bitPattern: value)) }
        shift += 7
      }
      return nil
    }

    /// A tally of events (a transition's count, a coordinator's starts): never negative, and
    /// never more than a trace can hold, so that merging the tallies of any number of runs
    /// cannot overflow (an archive edited to say `Int.max` once trapped every later build).
    mutating func eventTally() -> Int? {
      guard let value = number(), (0...RunArchive.maximumTally).contains(value) else { return nil }
      return value
    }

    /// A count of things each at least one byte long: never more than the bytes left.
    mutating func count() -> Int? {
      guard let count = number(), count >= 0, count <= remaining else { return nil }
      return count
    }

    mutating func string() -> String? {
      guard let index = number() else { return nil }
      if index >= 0, index < strings.count { return strings[index] }
      guard index == strings.count, let length = count() else { return nil }
      let utf8 = bytes[position..<(position + length)]
      position += length
      guard let text = String(validating: utf8, as: UTF8.self) else { return nil }
      strings.append(text)
      return text
    }

    /// A flag byte, then the value when it is 1: `.some(nil)` for an absent value, nil when broken.
    mutating func optional<T>(_ read: (inout Reader) -> T?) -> T?? {
      switch byte() {
      case 0: return .some(nil)
      case 1: return read(&self).map { .some($0) }
      default: return nil
      }
    }

    mutating func optionalString() -> String?? { optional { $0.string() } }
    mutating func optionalNumber() -> Int?? { optional { $0.number() } }

    /// A count, then that many values `read` reads.
    mutating func list<T>(_ read: (inout Reader) -> T?) -> [T]? {
      guard let count = count() else { return nil }
      var list: [T] = []
      list.reserveCapacity(count)
      for _ in 0..<count {
        guard let value = read(&self) else { return nil }
        list.append(value)
      }
      return list
    }

    mutating func stringList() -> [String]? { list { $0.string() } }

    mutating func replayedRun(journey: Bool) -> ReplayedRun? {
      guard let file = string(), let app = optionalString(), let runCount = count() else { return nil }
      var tally = AppTally()
      for _ in 0..<runCount {
        // A run is of the archive's own trace: one naming another file would have the build
        // read that file (or block on a FIFO) when it replays the run's journey again.
        guard let run = Run(summaryFrom: &self), run.file == file else { return nil }
        tally.runs.append(run)
      }
      guard let tallied = transitions(), let listed = transitions(), let screenCount = count() else {
        return nil
      }
      tally.transitions = Dictionary(tallied, uniquingKeysWith: { $1 })
      for _ in 0..<screenCount {
        guard let type = string(), let titles = stringList(), let container = byte(), container <= 1
        else { return nil }
        var screen = ScreenTally()
        screen.isContainer = container == 1
        for title in titles { screen.add(title: title) }
        for asContainer in [false, true] {
          guard let ownerCount = count() else { return nil }
          for _ in 0..<ownerCount {
            guard let owner = string(), let shown = eventTally() else { return nil }
            screen.shown(by: owner, count: shown, asContainer: asContainer)
          }
        }
        tally.screens[type] = screen
      }
      guard let coordinatorCount = count() else { return nil }
      for _ in 0..<coordinatorCount {
        guard let type = string(), let starts = eventTally(), let leaks = eventTally(),
          let orphans = eventTally(),
          let children = stringList(), let parents = stringList(), let outputs = stringList()
        else { return nil }
        tally.coordinators[type] = CoordinatorTally(
          starts: starts, children: Set(children), parents: Set(parents), outputs: Set(outputs), leaks: leaks,
          orphans: orphans)
      }
      guard let diagnosticCount = count() else { return nil }
      for _ in 0..<diagnosticCount {
        guard let diagnostic = Diagnostic(from: &self) else { return nil }
        tally.diagnostics.append(diagnostic)
      }
      guard let modules = stringList(), modules == Array(Set(modules)).sorted() else { return nil }
      tally.modules = modules
      if journey {
        for index in tally.runs.indices {
          guard let steps = steps(), steps.count == tally.runs[index].stepCount, let instances = instances()
          else { return nil }
          let flagged = tally.runs[index].flaggedInstances
          tally.runs[index].journey = Journey(steps: steps, instances: instances)
          guard tally.runs[index].flaggedInstances == flagged else { return nil }
        }
      }
      return ReplayedRun(file: file, app: app, tally: tally, transitions: listed)
    }

    mutating func transitions() -> [(TransitionKey, TransitionTally)]? {
      list { TransitionFields.decode(from: &$0) }
    }

    mutating func steps() -> [JourneyStep]? { list { JourneyStep(from: &$0) } }

    mutating func instances() -> [CoordinatorInstance]? { list { CoordinatorInstance(from: &$0) } }
  }
}
