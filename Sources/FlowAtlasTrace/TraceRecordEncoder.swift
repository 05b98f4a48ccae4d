import FlowAtlasBytes

/// Writes headers and records as trace lines: compact JSON, one line each, byte-deterministic.
///
/// Keys come in a fixed order: the header's `flowatlas, version, app, run, title` and then its
/// metadata sorted by key; an event's `seq, t, event` and then its keys in the spec table's
/// order. Optional keys are omitted when nil. Strings escape `"`, `\` and every control
/// character and keep other text as UTF-8, so hostile text stays on its line.
package struct TraceRecordEncoder: Sendable {
  package init() {}

  /// The header's own keys: never written from metadata.
  static let headerKeys: Set<String> = ["flowatlas", "version", "app", "run", "title"]

  /// Appends the header's line, with its newline, to `output`.
  ///
  /// Metadata keys named like the header's own keys are not written. Metadata values that are
  /// themselves JSON (numbers, booleans, null, arrays, objects, as the
  /// reader stores non-string values) are written as JSON; every other value as a string.
  package func encode(_ header: TraceHeader, into output: inout [UInt8]) {
    output.append(#"{"flowatlas":"trace","version":"#)
    output.append(decimal: header.version)
    key("app", header.app, into: &output)
    key("run", header.run, into: &output)
    if let title = header.title { key("title", title, into: &output) }
    for name in header.metadata.keys.sorted() {
      // A metadata key named like a header key would be a duplicate key that overrides it.
      guard let value = header.metadata[name], !Self.headerKeys.contains(name) else { continue }
      output.append(UInt8(ascii: ","))
      Self.appendString(name, to: &output)
      output.append(UInt8(ascii: ":"))
      if Self.isJSONValue(value) {
        output.append(utf8: value)
      } else {
        Self.appendString(value, to: &output)
      }
    }
    output.append("}\n")
  }

  /// Appends the record's line, with its newline, to `output`. `line` is not written.
  ///
  /// A non-finite `time` (NaN, infinity) has no JSON form and is omitted.
  package func encode(_ record: TraceRecord, into output: inout [UInt8]) {
    output.append(#"{"seq":"#)
    output.append(decimal: record.seq)
    if let time = record.time, time.isFinite {
      output.append(#","t":"#)
      output.append(utf8: Self.number(time))
    }
    key("event", record.event.name, into: &output)
    switch record.event {
    case .coordinatorStart(let coordinator, let type, let parent, let module):
      key("coordinator", coordinator, into: &output)
      key("type", type, into: &output)
      if let parent { key("parent", parent, into: &output) }
      if let module { key("module", module, into: &output) }
    case .coordinatorAttach(let coordinator, let type, let parent, let module):
      key("coordinator", coordinator, into: &output)
      key("type", type, into: &output)
      key("parent", parent, into: &output)
      if let module { key("module", module, into: &output) }
    case .coordinatorFinish(let coordinator, let output_):
      key("coordinator", coordinator, into: &output)
      if let output_ { key("output", output_, into: &output) }
    case .coordinatorDetach(let coordinator, let parent):
      key("coordinator", coordinator, into: &output)
      key("parent", parent, into: &output)
    case .coordinatorDeinit(let coordinator):
      key("coordinator", coordinator, into: &output)
    case .setRoot(let screen, let coordinator, let router, let background, let initiator):
      screenKey(screen, into: &output)
      routing(coordinator, router, into: &output)
      self.background(background, initiator, into: &output)
    case .push(let screen, let coordinator, let router, let animated, let initiator, let background),
      .present(let screen, let coordinator, let router, let animated, let initiator, let background):
      screenKey(screen, into: &output)
      routing(coordinator, router, into: &output)
      if let animated { key("animated", animated, into: &output) }
      self.background(background, initiator, into: &output)
    case .pop(let coordinator, let router, let screen, let initiator, let background),
      .dismiss(let coordinator, let router, let screen, let initiator, let background):
      routing(coordinator, router, into: &output)
      if let screen { screenKey(screen, into: &output) }
      self.background(background, initiator, into: &output)
    case .popTo(let screen, let coordinator, let router, let initiator, let background):
      screenKey(screen, into: &output)
      routing(coordinator, router, into: &output)
      self.background(background, initiator, into: &output)
    case .popToRoot(let coordinator, let router, let initiator, let background):
      routing(coordinator, router, into: &output)
      self.background(background, initiator, into: &output)
    case .selectTab(let screen, let coordinator, let router, let tab, let initiator, let background):
      screenKey(screen, into: &output)
      routing(coordinator, router, into: &output)
      key("tab", tab, into: &output)
      self.background(background, initiator, into: &output)
    case .userAction(let screen, let action, let label):
      screenKey(screen, into: &output)
      key("action", action, into: &output)
      if let label { key("label", label, into: &output) }
    case .deeplinkOpen(let url, let coordinator):
      key("url", url, into: &output)
      if let coordinator { key("coordinator", coordinator, into: &output) }
    case .screenUpdate(let screen):
      screenKey(.introduce(screen), into: &output)
    case .screenImage(let screen, let file, let width, let height):
      screenKey(.reference(screen), into: &output)
      key("file", file, into: &output)
      if let width { key("width", width, into: &output) }
      if let height { key("height", height, into: &output) }
    case .note(let text):
      key("text", text, into: &output)
    }
    output.append("}\n")
  }

  /// The header's line as text, without its newline.
  package func line(for header: TraceHeader) -> String {
    var output: [UInt8] = []
    encode(header, into: &output)
    return String(decoding: output.dropLast(), as: UTF8.self)
  }

  /// The record's line as text, without its newline.
  package func line(for record: TraceRecord) -> String {
    var output: [UInt8] = []
    encode(record, into: &output)
    return String(decoding: output.dropLast(), as: UTF8.self)
  }

  /// A whole trace file: the header's line, then one line per record, each ending in a newline.
  ///
  /// - Parameters:
  ///   - header: Line 1.
  ///   - records: The events, written in the order given.
  /// - Returns: The file's text, for golden files and tests.
  package func document(header: TraceHeader, records: [TraceRecord]) -> String {
    var output: [UInt8] = []
    encode(header, into: &output)
    for record in records { encode(record, into: &output) }
    return String(decoding: output, as: UTF8.self)
  }

  private func key(_ name: StaticString, _ value: String, into output: inout [UInt8]) {
    keyPrefix(name, into: &output)
    Self.appendString(value, to: &output)
  }

  private func key(_ name: StaticString, _ value: Int, into output: inout [UInt8]) {
    keyPrefix(name, into: &output)
    output.append(decimal: value)
  }

  private func key(_ name: StaticString, _ value: Bool, into output: inout [UInt8]) {
    keyPrefix(name, into: &output)
    output.append(value ? "true" : "false" as StaticString)
  }

  private func keyPrefix(_ name: StaticString, into output: inout [UInt8]) {
    output.append(#",""#)
    output.append(name)
    output.append(#"":"#)
  }

  private func routing(_ coordinator: String?, _ router: String?, into output: inout [UInt8]) {
    if let coordinator { key("coordinator", coordinator, into: &output) }
    if let router { key("router", router, into: &output) }
  }

  /// `"background":true` where the event says so, then the initiator.
  private func background(_ background: Bool?, _ initiator: Initiator, into output: inout [UInt8]) {
    if let background { key("background", background, into: &output) }
    self.initiator(initiator, into: &output)
  }

  /// `"initiator":"system"` and its `gesture` for a system event; nothing for the app (the default).
  private func initiator(_ initiator: Initiator, into output: inout [UInt8]) {
    guard case .system(let gesture) = initiator else { return }
    key("initiator", "system", into: &output)
    if let gesture { key("gesture", gesture, into: &output) }
  }

  private func screenKey(_ mention: ScreenMention, into output: inout [UInt8]) {
    switch mention {
    case .reference(let id):
      key("screen", id, into: &output)
    case .introduce(let screen):
      output.append(#","screen":{"id":"#)
      Self.appendString(screen.id, to: &output)
      key("type", screen.type, into: &output)
      if let title = screen.title { key("title", title, into: &output) }
      if let module = screen.module { key("module", module, into: &output) }
      if let hosts = screen.hosts {
        output.append(#","hosts":["#)
        for (index, router) in hosts.enumerated() {
          if index > 0 { output.append(UInt8(ascii: ",")) }
          Self.appendString(router, to: &output)
        }
        output.append(UInt8(ascii: "]"))
      }
      output.append(UInt8(ascii: "}"))
    }
  }
}
