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
        guard let run = runSummary(), run.file == file else { return nil }
        tally.runs.append(run)
      }
      guard let tallied = transitions(), let listed = transitions(), let screenCount = count() else {
        return nil
      }
      tally.transitions = Dictionary(tallied, uniquingKeysWith: { $1 })
      for _ in 0..<screenCount {
        guard let type = string(), let titles = stringList(), let container = byte(), container <= 1,
          let ownerCount = count()
        else { return nil }
        var screen = ScreenTally()
        screen.isContainer = container == 1
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
          let triggers = reader.stringList(), let deeplinks = reader.stringList()
        else { return nil }
        return (
          TransitionKey(from: from, to: to, kind: kind, coordinator: coordinator),
          TransitionTally(count: total, system: system, triggers: triggers, deeplinks: deeplinks)
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
        stepCount >= 0, let headerLine = number(), headerLine >= 1,
        let flagged = instances(), let pictures = list({ $0.picture() }),
        let firstShown = list({ $0.showing() })
      else { return nil }
      var run = Run(
        summary: name, title: title, file: file, metadata: metadata, events: events,
        transitionCount: transitionCount, stepCount: stepCount, flaggedInstances: flagged,
        headerLine: headerLine, firstShown: firstShown)
      run.pictures = pictures
      return run
    }

    mutating func showing() -> ScreenShowing? {
      guard let type = string(), let step = number(), step >= 1 else { return nil }
      return ScreenShowing(screenType: type, step: step)
    }

    mutating func picture() -> ScreenPicture? {
      guard let type = string(), let file = string(), let line = number(), line >= 1,
        let width = optionalNumber(), let height = optionalNumber()
      else { return nil }
      return ScreenPicture(screenType: type, file: file, line: line, width: width, height: height)
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
