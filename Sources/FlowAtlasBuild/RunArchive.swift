import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader

/// A replayed trace written as bytes and read back: what the ``ReplayCache`` keeps per trace,
/// so that a rebuild replays only the traces that changed.
///
/// The layout is private to this file and versioned by ``ReplayCache/version``: a header line,
/// the hash of the payload, then the payload, where every string is written once and named by
/// its number afterwards (a journey names the same few screens thousands of times). Reading
/// checks the hash and every length and count against the bytes left, so a truncated, edited
/// or foreign file reads as nil, never as a wrong run and never as a crash.
enum RunArchive {
  static let magic = Array("flowatlas-replayed-run \(ReplayCache.version)\n".utf8)
  /// The largest tally an archive may hold: 2³⁶ events, more than a terabyte of trace. The sum
  /// of 2²⁶ runs' tallies still fits an `Int`.
  static let maximumTally = 1 << 36

  /// The archive of `run`.
  static func bytes(of run: ReplayedRun) -> [UInt8] {
    var writer = Writer()
    writer.write(run)
    let hash = Array((writer.bytes.withUnsafeBytes { Fingerprint.fast128($0) } + "\n").utf8)
    return magic + hash + writer.bytes
  }

  /// The run `bytes` hold, or nil when they are not an intact archive of this version.
  /// - Parameter journey: false to read a summary: the run's journey stays in the archive
  ///   (counts and flagged instances are read), to be read with ``journey(from:)``.
  static func run(from bytes: [UInt8], journey: Bool = true) -> ReplayedRun? {
    guard let payload = payload(of: bytes) else { return nil }
    return run(fromPayload: payload, journey: journey)
  }

  /// The journey of the (one) run in an archive, or nil when it is not intact.
  static func journey(from bytes: [UInt8]) -> Journey? {
    guard let payload = payload(of: bytes) else { return nil }
    var reader = Reader(bytes: payload)
    guard let run = reader.replayedRun(journey: true), reader.atEnd, let only = run.run else { return nil }
    return only.journey
  }

  /// The payload of an intact archive of this version.
  private static func payload(of bytes: [UInt8]) -> ArraySlice<UInt8>? {
    let hashLength = 33
    guard bytes.count >= magic.count + hashLength, bytes.starts(with: magic) else { return nil }
    let payload = bytes[(magic.count + hashLength)...]
    let hash = payload.withUnsafeBytes { Fingerprint.fast128($0) } + "\n"
    guard bytes[magic.count..<(magic.count + hashLength)].elementsEqual(hash.utf8) else { return nil }
    return payload
  }

  /// The run a payload holds, or nil when it does not parse (to its last byte, with the journey).
  static func run(fromPayload payload: ArraySlice<UInt8>, journey: Bool = true) -> ReplayedRun? {
    var reader = Reader(bytes: payload)
    guard let run = reader.replayedRun(journey: journey), !journey || reader.atEnd else { return nil }
    return run
  }

  // MARK: - Writing

  private struct Writer {
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
        let journey = run.journey ?? Journey()
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
      number(run.flaggedInstances.count)
      for instance in run.flaggedInstances { write(instance) }
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

  // MARK: - Reading

  /// Reads what ``Writer`` wrote; every method returns nil once the bytes stop making sense.
  private struct Reader {
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
        guard let run = runSummary(), run.file == file else { return nil }
        tally.runs.append(run)
      }
      guard let tallied = transitions(), let listed = transitions(), let screenCount = count() else {
        return nil
      }
      tally.transitions = Dictionary(tallied, uniquingKeysWith: { $1 })
      for _ in 0..<screenCount {
        guard let type = string(), let titles = stringList(), let ownerCount = count() else { return nil }
        var screen = ScreenTally()
        for title in titles { screen.add(title: title) }
        for _ in 0..<ownerCount {
          guard let owner = string(), let shown = eventTally() else { return nil }
          screen.shown(by: owner, count: shown)
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
        guard let code = string().flatMap(Diagnostic.Code.init(rawValue:)), let file = string(),
          let line = number(), let message = string()
        else { return nil }
        tally.diagnostics.append(Diagnostic(code: code, file: file, line: line, message: message))
      }
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
      list { reader -> (TransitionKey, TransitionTally)? in
        guard let from = reader.optionalString(), let to = reader.string(),
          let kind = reader.string().flatMap(TransitionKind.init(rawValue:)),
          let coordinator = reader.optionalString(), let total = reader.eventTally(),
          let system = reader.eventTally(), system <= total,
          let triggers = reader.stringList()
        else { return nil }
        return (
          TransitionKey(from: from, to: to, kind: kind, coordinator: coordinator),
          TransitionTally(count: total, system: system, triggers: triggers)
        )
      }
    }

    mutating func runSummary() -> Run? {
      guard let name = string(), let title = optionalString(), let file = string(),
        let metadataCount = count()
      else { return nil }
      var metadata: [MetadataEntry] = []
      for _ in 0..<metadataCount {
        guard let key = string(), let value = string() else { return nil }
        metadata.append(MetadataEntry(key: key, value: value))
      }
      guard let events = eventTally(), let transitionCount = eventTally(), let stepCount = number(),
        stepCount >= 0,
        let flagged = instances()
      else { return nil }
      return Run(
        summary: name, title: title, file: file, metadata: metadata, events: events,
        transitionCount: transitionCount, stepCount: stepCount, flaggedInstances: flagged)
    }

    mutating func steps() -> [JourneyStep]? { list { $0.step() } }

    mutating func instances() -> [CoordinatorInstance]? { list { $0.instance() } }

    mutating func instance() -> CoordinatorInstance? {
      guard let id = string(), let type = string(), let parent = optionalString(), let start = number(),
        let finish = optionalNumber(), let detach = optionalNumber(), let output = optionalString(),
        let leaked = byte(), leaked <= 1, let deinitLine = optionalNumber(), let orphaned = optionalNumber()
      else { return nil }
      return CoordinatorInstance(
        id: id, type: type, parent: parent, startLine: start, finishLine: finish, detachLine: detach,
        output: output, leaked: leaked == 1, deinitLine: deinitLine, orphanedLine: orphaned)
    }

    mutating func step() -> JourneyStep? {
      guard let line = number(), let tag = byte() else { return nil }
      let kind: JourneyStep.Kind
      switch tag {
      case 0:
        guard let screen = string(), let action = string(), let label = optionalString() else { return nil }
        kind = .userAction(screen: screen, action: action, label: label)
      case 1:
        guard let from = optionalString(), let to = string(),
          let transition = string().flatMap(TransitionKind.init(rawValue:)),
          let coordinator = optionalString(),
          let trigger = trigger()
        else { return nil }
        kind = .transition(from: from, to: to, kind: transition, coordinator: coordinator, trigger: trigger)
      case 2:
        guard let coordinator = string(), let parent = optionalString() else { return nil }
        kind = .flowStarted(coordinator: coordinator, parent: parent)
      case 3:
        guard let coordinator = string(), let output = optionalString() else { return nil }
        kind = .flowFinished(coordinator: coordinator, output: output)
      case 4:
        guard let url = string(), let coordinator = optionalString() else { return nil }
        kind = .deeplink(url: url, coordinator: coordinator)
      case 5:
        guard let text = string() else { return nil }
        kind = .note(text)
      default:
        return nil
      }
      return JourneyStep(kind, line: line)
    }

    mutating func trigger() -> Trigger? {
      switch byte() {
      case 0:
        guard let action = string(), let label = optionalString() else { return nil }
        return .action(action, label: label)
      case 1: return string().map { .deeplink(url: $0) }
      case 2: return .automatic
      case 3: return string().map { .system(gesture: $0) }
      default: return nil
      }
    }
  }
}
