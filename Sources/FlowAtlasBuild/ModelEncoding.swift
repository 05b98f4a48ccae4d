import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader

/// Where FlowAtlas's own encodings of the model write: the run archive (``RunArchive``, bytes a
/// rebuild reads back) and the digest every cache key is hashed from (``ModelDigest``).
///
/// Each model value's fields are listed once, in this file: `encode` for both, and beside it the
/// archive's reading (`init(from:)`), so a new field or a new case is one change here, and the
/// digest (what decides whether a cached page or drawing is still good) follows by itself.
/// (`model.json` is the spec's export: its own fields, in ``ModelExport`` and ``ModelImport``.)
protocol ModelEncoder {
  mutating func number(_ value: Int)
  mutating func string(_ text: String)
  mutating func optional(_ text: String?)
  mutating func optional(_ value: Int?)
  /// A case of an enumeration, or a flag.
  mutating func byte(_ value: UInt8)
}

extension ModelEncoder {
  /// A count, then each text.
  mutating func strings(_ texts: some Collection<String>) {
    number(texts.count)
    for text in texts { string(text) }
  }
}

extension JourneyStep {
  func encode(to encoder: inout some ModelEncoder) {
    encoder.number(line)
    switch kind {
    case .userAction(let screen, let action, let label):
      encoder.byte(0)
      encoder.string(screen)
      encoder.string(action)
      encoder.optional(label)
    case .transition(let from, let to, let kind, let coordinator, let trigger):
      encoder.byte(1)
      encoder.optional(from)
      encoder.string(to)
      encoder.string(kind.rawValue)
      encoder.optional(coordinator)
      trigger.encode(to: &encoder)
    case .flowStarted(let coordinator, let parent):
      encoder.byte(2)
      encoder.string(coordinator)
      encoder.optional(parent)
    case .flowFinished(let coordinator, let output):
      encoder.byte(3)
      encoder.string(coordinator)
      encoder.optional(output)
    case .deeplink(let url, let coordinator):
      encoder.byte(4)
      encoder.string(url)
      encoder.optional(coordinator)
    case .note(let text):
      encoder.byte(5)
      encoder.string(text)
    }
  }

  init?(from reader: inout RunArchive.Reader) {
    guard let line = reader.number(), let tag = reader.byte() else { return nil }
    let kind: Kind
    switch tag {
    case 0:
      guard let screen = reader.string(), let action = reader.string(), let label = reader.optionalString()
      else { return nil }
      kind = .userAction(screen: screen, action: action, label: label)
    case 1:
      guard let from = reader.optionalString(), let to = reader.string(),
        let transition = reader.string().flatMap(TransitionKind.init(rawValue:)),
        let coordinator = reader.optionalString(), let trigger = Trigger(from: &reader)
      else { return nil }
      kind = .transition(from: from, to: to, kind: transition, coordinator: coordinator, trigger: trigger)
    case 2:
      guard let coordinator = reader.string(), let parent = reader.optionalString() else { return nil }
      kind = .flowStarted(coordinator: coordinator, parent: parent)
    case 3:
      guard let coordinator = reader.string(), let output = reader.optionalString() else { return nil }
      kind = .flowFinished(coordinator: coordinator, output: output)
    case 4:
      guard let url = reader.string(), let coordinator = reader.optionalString() else { return nil }
      kind = .deeplink(url: url, coordinator: coordinator)
    case 5:
      guard let text = reader.string() else { return nil }
      kind = .note(text)
    default:
      return nil
    }
    self.init(kind, line: line)
  }
}

extension Trigger {
  func encode(to encoder: inout some ModelEncoder) {
    switch self {
    case .action(let action, let label):
      encoder.byte(0)
      encoder.string(action)
      encoder.optional(label)
    case .deeplink(let url):
      encoder.byte(1)
      encoder.string(url)
    case .automatic:
      encoder.byte(2)
    case .system(let gesture):
      encoder.byte(3)
      encoder.string(gesture)
    }
  }

  init?(from reader: inout RunArchive.Reader) {
    switch reader.byte() {
    case 0:
      guard let action = reader.string(), let label = reader.optionalString() else { return nil }
      self = .action(action, label: label)
    case 1:
      guard let url = reader.string() else { return nil }
      self = .deeplink(url: url)
    case 2: self = .automatic
    case 3:
      guard let gesture = reader.string() else { return nil }
      self = .system(gesture: gesture)
    default: return nil
    }
  }
}

extension CoordinatorInstance {
  func encode(to encoder: inout some ModelEncoder) {
    encoder.string(id)
    encoder.string(type)
    encoder.optional(parent)
    encoder.number(startLine)
    encoder.optional(finishLine)
    encoder.optional(detachLine)
    encoder.optional(output)
    encoder.byte(leaked ? 1 : 0)
    encoder.optional(deinitLine)
    encoder.optional(orphanedLine)
  }

  init?(from reader: inout RunArchive.Reader) {
    guard let id = reader.string(), let type = reader.string(), let parent = reader.optionalString(),
      let start = reader.number(), let finish = reader.optionalNumber(), let detach = reader.optionalNumber(),
      let output = reader.optionalString(), let leaked = reader.byte(), leaked <= 1,
      let deinitLine = reader.optionalNumber(), let orphaned = reader.optionalNumber()
    else { return nil }
    self.init(
      id: id, type: type, parent: parent, startLine: start, finishLine: finish, detachLine: detach,
      output: output, leaked: leaked == 1, deinitLine: deinitLine, orphanedLine: orphaned)
  }
}

extension ScreenPicture {
  func encode(to encoder: inout some ModelEncoder) {
    encoder.string(screenType)
    encoder.string(file)
    encoder.number(line)
    encoder.optional(width)
    encoder.optional(height)
  }

  init?(from reader: inout RunArchive.Reader) {
    guard let type = reader.string(), let file = reader.string(), let line = reader.number(), line >= 1,
      let width = reader.optionalNumber(), let height = reader.optionalNumber()
    else { return nil }
    self.init(screenType: type, file: file, line: line, width: width, height: height)
  }
}

extension ScreenShowing {
  func encode(to encoder: inout some ModelEncoder) {
    encoder.string(screenType)
    encoder.number(step)
  }

  init?(from reader: inout RunArchive.Reader) {
    guard let type = reader.string(), let step = reader.number(), step >= 1 else { return nil }
    self.init(screenType: type, step: step)
  }
}

extension ScreenAtLine {
  func encode(to encoder: inout some ModelEncoder) {
    encoder.number(line)
    encoder.string(screenType)
  }

  init?(from reader: inout RunArchive.Reader) {
    guard let line = reader.number(), line >= 1, let type = reader.string() else { return nil }
    self.init(line: line, screenType: type)
  }
}

extension Diagnostic {
  func encode(to encoder: inout some ModelEncoder) {
    encoder.string(code.rawValue)
    encoder.string(file)
    encoder.number(line)
    encoder.string(message)
  }

  init?(from reader: inout RunArchive.Reader) {
    guard let code = reader.string().flatMap(Diagnostic.Code.init(rawValue:)), let file = reader.string(),
      let line = reader.number(), let message = reader.string()
    else { return nil }
    self.init(code: code, file: file, line: line, message: message)
  }
}

extension Run {
  /// What a run is without its journey (which the archive keeps last, and the digest names by
  /// the replay's key when it has one).
  func encodeSummary(to encoder: inout some ModelEncoder) {
    encoder.string(name)
    encoder.optional(title)
    encoder.string(file)
    encoder.number(metadata.count)
    for entry in metadata {
      encoder.string(entry.key)
      encoder.string(entry.value)
    }
    encoder.number(events)
    encoder.number(transitionCount)
    encoder.number(stepCount)
    encoder.number(headerLine)
    encoder.number(flaggedInstances.count)
    for instance in flaggedInstances { instance.encode(to: &encoder) }
    encoder.number(pictures.count)
    for picture in pictures { picture.encode(to: &encoder) }
    encoder.number(firstShown.count)
    for showing in firstShown { showing.encode(to: &encoder) }
    encoder.number(screensAtProblems.count)
    for place in screensAtProblems { place.encode(to: &encoder) }
  }

  init?(summaryFrom reader: inout RunArchive.Reader) {
    guard let name = reader.string(), let title = reader.optionalString(), let file = reader.string(),
      let metadataCount = reader.count()
    else { return nil }
    var metadata: [MetadataEntry] = []
    for _ in 0..<metadataCount {
      guard let key = reader.string(), let value = reader.string() else { return nil }
      metadata.append(MetadataEntry(key: key, value: value))
    }
    guard let events = reader.eventTally(), let transitionCount = reader.eventTally(),
      let stepCount = reader.number(), stepCount >= 0, let headerLine = reader.number(), headerLine >= 1,
      let flagged = reader.list({ CoordinatorInstance(from: &$0) }),
      let pictures = reader.list({ ScreenPicture(from: &$0) }),
      let firstShown = reader.list({ ScreenShowing(from: &$0) }),
      let screensAtProblems = reader.list({ ScreenAtLine(from: &$0) })
    else { return nil }
    self.init(
      summary: name, title: title, file: file, metadata: metadata, events: events,
      transitionCount: transitionCount, stepCount: stepCount, flaggedInstances: flagged,
      headerLine: headerLine, firstShown: firstShown, screensAtProblems: screensAtProblems)
    self.pictures = pictures
  }
}

/// A transition's fields, as the model lists it (``Transition``) and as a run tallies it
/// (``TransitionKey`` and ``TransitionTally``): one layout for both.
enum TransitionFields {
  static func encode(
    from: String?, to: String, kind: TransitionKind, coordinator: String?, count: Int, system: Int,
    automatic: Int, triggers: [String], deeplinks: [String], to encoder: inout some ModelEncoder
  ) {
    encoder.optional(from)
    encoder.string(to)
    encoder.string(kind.rawValue)
    encoder.optional(coordinator)
    encoder.number(count)
    encoder.number(system)
    encoder.number(automatic)
    encoder.strings(triggers)
    encoder.strings(deeplinks)
  }

  static func decode(from reader: inout RunArchive.Reader) -> (TransitionKey, TransitionTally)? {
    guard let from = reader.optionalString(), let to = reader.string(),
      let kind = reader.string().flatMap(TransitionKind.init(rawValue:)),
      let coordinator = reader.optionalString(), let total = reader.eventTally(),
      let system = reader.eventTally(), system <= total,
      let automatic = reader.eventTally(), automatic <= total - system,
      let triggers = reader.stringList(), let deeplinks = reader.stringList()
    else { return nil }
    return (
      TransitionKey(from: from, to: to, kind: kind, coordinator: coordinator),
      TransitionTally(
        count: total, system: system, automatic: automatic, triggers: triggers, deeplinks: deeplinks)
    )
  }
}

extension Transition {
  func encode(to encoder: inout some ModelEncoder) {
    TransitionFields.encode(
      from: from, to: to, kind: kind, coordinator: coordinator, count: count, system: system,
      automatic: automatic, triggers: triggers, deeplinks: deeplinks, to: &encoder)
  }
}
