import FlowAtlasTraceReader
import Testing

@testable import FlowAtlasTrace

/// One bad trace and the one diagnostic it must produce.
struct BadTrace: Sendable, CustomTestStringConvertible {
  var name: String
  var text: String
  var code: Diagnostic.Code
  var line: Int
  /// Words the message must contain: it names the problem.
  var mentions: String

  var testDescription: String { name }
}

private let header = #"{"flowatlas":"trace","version":1,"app":"Shop","run":"r"}"# + "\n"
private let start =
  #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"AppCoordinator"}"# + "\n"
private let root =
  #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"HomeVC"},"coordinator":"c1"}"# + "\n"

private let badTraces: [BadTrace] = [
  BadTrace(name: "empty file", text: "", code: .missingHeader, line: 1, mentions: "empty"),
  BadTrace(name: "only blank lines", text: "\n \n", code: .missingHeader, line: 1, mentions: "blank"),
  BadTrace(
    name: "event first, after blank lines", text: "\n\n" + start, code: .missingHeader, line: 3,
    mentions: "is an event"),
  BadTrace(
    name: "header without app", text: #"{"flowatlas":"trace","version":1,"run":"r"}"# + "\n",
    code: .missingHeader, line: 1, mentions: "`app`"),
  BadTrace(
    name: "header not JSON", text: #"{"flowatlas":"trace","#, code: .missingHeader, line: 1,
    mentions: "not a JSON object"),
  BadTrace(
    name: "header with string version",
    text: #"{"flowatlas":"trace","version":"1","app":"a","run":"r"}"# + "\n", code: .missingHeader,
    line: 1, mentions: "`version`"),
  BadTrace(
    name: "header of another format", text: #"{"flowatlas":"model","version":1,"app":"a","run":"r"}"# + "\n",
    code: .missingHeader, line: 1, mentions: "`flowatlas`"),
  BadTrace(
    name: "header with numeric title",
    text: #"{"flowatlas":"trace","version":1,"app":"a","run":"r","title":3}"# + "\n", code: .missingHeader,
    line: 1, mentions: "`title`"),
  BadTrace(
    name: "newer version", text: #"{"flowatlas":"trace","version":2,"app":"a","run":"r"}"# + "\n" + start,
    code: .unsupportedVersion, line: 1, mentions: "bad.jsonl is trace format version 2"),
  BadTrace(
    name: "version past 64 bits",
    text: #"{"flowatlas":"trace","version":99999999999999999999999999999,"app":"a","run":"r"}"# + "\n"
      + start,
    code: .unsupportedVersion, line: 1, mentions: "format version 999999999999999999999999…, but"),
  BadTrace(
    name: "negative version past 64 bits",
    text: #"{"flowatlas":"trace","version":-99999999999999999999999,"app":"a","run":"r"}"# + "\n" + start,
    code: .missingHeader, line: 1, mentions: "`version` -99999999999999999999999 does not exist"),
  BadTrace(
    name: "a picture's width not whole",
    text: header + start + root
      + #"{"seq":3,"event":"screen.image","screen":"s1","file":"a.png","width":1.5,"height":2}"# + "\n",
    code: .malformedLine, line: 4, mentions: "whole number of pixels, not 1.5;"),
  BadTrace(
    name: "event not JSON", text: header + start + #"{"seq":2,"event""# + "\n", code: .malformedLine,
    line: 3, mentions: "not valid JSON"),
  BadTrace(
    name: "trailing garbage", text: header + start + #"{"seq":2,"event":"note","text":"x"} x"# + "\n",
    code: .malformedLine, line: 3, mentions: "unexpected text"),
  BadTrace(
    name: "cut-off last line", text: header + start + #"{"seq":2,"event":"no"#, code: .truncated, line: 3,
    mentions: "without a newline"),
  BadTrace(
    name: "array instead of object", text: header + "[1,2]\n", code: .malformedLine, line: 2,
    mentions: "not an object"),
  BadTrace(
    name: "unterminated array is truncated", text: header + "[1,2", code: .truncated, line: 2,
    mentions: "cut off"),
  BadTrace(
    name: "no seq", text: header + #"{"event":"note","text":"x"}"# + "\n", code: .malformedLine, line: 2,
    mentions: "no `seq`"),
  BadTrace(
    name: "a second header", text: header + start + header, code: .malformedLine, line: 3,
    mentions: "a second header: a trace file holds one run"),
  BadTrace(
    name: "string seq", text: header + #"{"seq":"1","event":"note","text":"x"}"# + "\n",
    code: .malformedLine, line: 2, mentions: "`seq` must be an integer"),
  BadTrace(
    name: "fractional seq", text: header + #"{"seq":1.5,"event":"note","text":"x"}"# + "\n",
    code: .malformedLine, line: 2, mentions: "`seq` must be an integer"),
  BadTrace(
    name: "huge seq", text: header + #"{"seq":123456789012345678901,"event":"note","text":"x"}"# + "\n",
    code: .malformedLine, line: 2, mentions: "does not fit in 64 bits"),
  BadTrace(
    name: "no event", text: header + #"{"seq":1,"text":"x"}"# + "\n", code: .malformedLine, line: 2,
    mentions: "no `event`"),
  // Revision 2.
  BadTrace(
    name: "popTo without screen", text: header + start + #"{"seq":2,"event":"router.popTo"}"# + "\n",
    code: .malformedLine, line: 3, mentions: "needs `screen`"),
  BadTrace(
    name: "numeric initiator",
    text: header + start + #"{"seq":2,"event":"router.pop","initiator":1}"# + "\n",
    code: .malformedLine, line: 3, mentions: "`initiator` must be a string"),
  BadTrace(
    name: "object gesture",
    text: header + start + #"{"seq":2,"event":"router.pop","initiator":"system","gesture":{}}"# + "\n",
    code: .malformedLine, line: 3, mentions: "`gesture` must be a string"),
  BadTrace(
    name: "popTo an unknown screen",
    text: header + start + #"{"seq":2,"event":"router.popTo","screen":"nope"}"# + "\n",
    code: .unknownScreen, line: 3, mentions: "never introduced"),
  BadTrace(
    name: "repeated seq", text: header + start + #"{"seq":1,"event":"note","text":"x"}"# + "\n",
    code: .seqOrder, line: 3, mentions: "does not increase"),
  BadTrace(
    name: "seq-order wins over unknown event",
    text: header + start + #"{"seq":0,"event":"router.teleport"}"# + "\n", code: .seqOrder, line: 3,
    mentions: "`seq` 0"),
  BadTrace(
    name: "unknown event", text: header + #"{"seq":1,"event":"router.teleport"}"# + "\n",
    code: .unknownEvent, line: 2, mentions: "router.teleport"),
  BadTrace(
    name: "push without screen",
    text: header + start + #"{"seq":2,"event":"router.push","coordinator":"c1"}"# + "\n",
    code: .malformedLine, line: 3, mentions: "needs `screen`"),
  BadTrace(
    name: "start without type",
    text: header + #"{"seq":1,"event":"coordinator.start","coordinator":"c1"}"# + "\n",
    code: .malformedLine, line: 2, mentions: "needs `type`"),
  BadTrace(
    name: "string animated",
    text: header + start + root
      + #"{"seq":3,"event":"router.push","screen":"s1","coordinator":"c1","animated":"yes"}"# + "\n",
    code: .malformedLine, line: 4, mentions: "`animated` must be true or false"),
  BadTrace(
    name: "string time", text: header + #"{"seq":1,"t":"0.5","event":"note","text":"x"}"# + "\n",
    code: .malformedLine, line: 2, mentions: "`t` must be a number"),
  BadTrace(
    name: "screen object without type",
    text: header + start + #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1"}}"# + "\n",
    code: .malformedLine, line: 3, mentions: "needs `type`"),
  BadTrace(
    name: "numeric screen", text: header + start + #"{"seq":2,"event":"router.setRoot","screen":7}"# + "\n",
    code: .malformedLine, line: 3, mentions: "`screen` must be an object"),
  BadTrace(
    name: "note without text", text: header + #"{"seq":1,"event":"note"}"# + "\n", code: .malformedLine,
    line: 2, mentions: "needs `text`"),
  BadTrace(
    name: "raw control character", text: header + "{\"seq\":1,\"event\":\"note\",\"text\":\"a\u{1}b\"}\n",
    code: .malformedLine, line: 2, mentions: "control character"),
  BadTrace(
    name: "bad escape", text: header + #"{"seq":1,"event":"note","text":"a\qb"}"# + "\n",
    code: .malformedLine,
    line: 2, mentions: "escape"),
  BadTrace(
    name: "single quotes", text: header + "{'seq':1}\n", code: .malformedLine, line: 2, mentions: "key"),
  BadTrace(
    name: "leading zero", text: header + #"{"seq":01,"event":"note","text":"x"}"# + "\n",
    code: .malformedLine,
    line: 2, mentions: "not valid JSON"),
  BadTrace(
    name: "unknown screen id",
    text: header + start + #"{"seq":2,"event":"router.push","screen":"s9"}"# + "\n",
    code: .unknownScreen, line: 3, mentions: "\"s9\" was never introduced"),
  BadTrace(
    name: "user action on unknown screen",
    text: header + #"{"seq":1,"event":"user.action","screen":"s9","action":"tap"}"# + "\n",
    code: .unknownScreen, line: 2, mentions: "\"s9\""),
  BadTrace(
    name: "user action with a screen object without its type",
    text: header + start + root
      + #"{"seq":3,"event":"user.action","screen":{"id":"s1"},"action":"tap"}"# + "\n",
    code: .malformedLine, line: 4, mentions: "needs `type`"),
  BadTrace(
    name: "screen update of a screen never introduced",
    text: header + start + root
      + #"{"seq":3,"event":"screen.update","screen":{"id":"s9","type":"A","title":"Later"}}"# + "\n",
    code: .unknownScreen, line: 4, mentions: "\"s9\""),
  BadTrace(
    name: "screen update with an id string",
    text: header + start + root + #"{"seq":3,"event":"screen.update","screen":"s1"}"# + "\n",
    code: .malformedLine, line: 4, mentions: "as an object"),
  BadTrace(
    name: "hosts that is not a list",
    text: header + start
      + #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"Tabs","hosts":"r1"}}"# + "\n",
    code: .malformedLine, line: 3, mentions: "list of router ids"),
  BadTrace(
    name: "hosts listing a number",
    text: header + start
      + #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"Tabs","hosts":["r1",2]}}"# + "\n",
    code: .malformedLine, line: 3, mentions: "as strings"),
  BadTrace(
    name: "a module that is not a string",
    text: header + start
      + #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"A","module":1}}"# + "\n",
    code: .malformedLine, line: 3, mentions: "`module` must be a string"),
  BadTrace(
    name: "background that is not a boolean on a push",
    text: header + start + root
      + #"{"seq":3,"event":"router.push","screen":{"id":"s2","type":"B"},"background":"yes"}"# + "\n",
    code: .malformedLine, line: 4, mentions: "`background` must be true or false"),
  BadTrace(
    name: "pop naming an unknown screen",
    text: header + start + root + #"{"seq":3,"event":"router.pop","screen":"s7"}"# + "\n",
    code: .unknownScreen, line: 4, mentions: "\"s7\""),
  BadTrace(
    name: "router event by unknown coordinator",
    text: header
      + #"{"seq":1,"event":"router.setRoot","screen":{"id":"s1","type":"HomeVC"},"coordinator":"c9"}"#
      + "\n",
    code: .unknownCoordinator, line: 2, mentions: "used without a coordinator"),
  BadTrace(
    name: "finish of unknown coordinator",
    text: header + #"{"seq":1,"event":"coordinator.finish","coordinator":"c9"}"# + "\n",
    code: .unknownCoordinator, line: 2, mentions: "skipped"),
  BadTrace(
    name: "detach of unknown coordinator",
    text: header + start + #"{"seq":2,"event":"coordinator.detach","coordinator":"c9","parent":"c1"}"# + "\n",
    code: .unknownCoordinator, line: 3, mentions: "\"c9\""),
  BadTrace(
    name: "deinit of unknown coordinator",
    text: header + #"{"seq":1,"event":"coordinator.deinit","coordinator":"c9"}"# + "\n",
    code: .unknownCoordinator, line: 2, mentions: "\"c9\""),
  BadTrace(
    name: "start under unknown parent",
    text: header + #"{"seq":1,"event":"coordinator.start","coordinator":"c2","type":"T","parent":"c0"}"#
      + "\n",
    code: .unknownCoordinator, line: 2, mentions: "still started"),
  BadTrace(
    name: "attach under unknown parent",
    text: header + start
      + #"{"seq":2,"event":"coordinator.attach","coordinator":"c2","type":"T","parent":"c0"}"#
      + "\n",
    code: .unknownCoordinator, line: 3, mentions: "parent coordinator \"c0\""),
  BadTrace(
    name: "deep link handled by unknown coordinator",
    text: header + #"{"seq":1,"event":"deeplink.open","url":"shop://x","coordinator":"c9"}"# + "\n",
    code: .unknownCoordinator, line: 2, mentions: "\"c9\""),
  BadTrace(
    name: "CRLF lines count like LF lines",
    text: header.replacingOccurrences("\n", "\r\n") + "\r\n" + "[]\r\n",
    code: .malformedLine, line: 3, mentions: "not an object"),
]

extension String {
  fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

@Suite struct TraceReaderDiagnosticTests {
  @Test(arguments: badTraces)
  func reportsOneDiagnostic(_ bad: BadTrace) {
    let document = TraceDocument.read(bytes: Array(bad.text.utf8), path: "bad.jsonl")
    #expect(document.diagnostics.count == 1, "\(document.diagnostics.map(\.formatted))")
    let diagnostic = document.diagnostics.first
    #expect(diagnostic?.code == bad.code)
    #expect(diagnostic?.line == bad.line)
    #expect(diagnostic?.file == "bad.jsonl")
    #expect(diagnostic?.message.contains(bad.mentions) == true, "\(diagnostic?.message ?? "none")")
    let rejected = bad.code == .missingHeader || bad.code == .unsupportedVersion
    #expect(document.summary?.rejected == rejected)
    #expect((document.header == nil) == rejected)
  }

  @Test func everyReaderCodeIsCovered() {
    let covered = Set(badTraces.map(\.code))
    let readerCodes: Set<Diagnostic.Code> = [
      .missingHeader, .unsupportedVersion, .malformedLine, .truncated, .unknownEvent, .seqOrder,
      .unknownScreen, .unknownCoordinator,
    ]
    #expect(covered == readerCodes)
  }

  @Test func unknownCoordinatorOnRouterEventIsDeliveredWithout() {
    let text =
      header + #"{"seq":1,"event":"router.setRoot","screen":{"id":"s1","type":"HomeVC"},"coordinator":"c9"}"#
      + "\n" + #"{"seq":2,"event":"deeplink.open","url":"u","coordinator":"c9"}"# + "\n"
    let document = TraceDocument.read(bytes: Array(text.utf8))
    #expect(
      document.records.map(\.event) == [
        .setRoot(
          screen: .introduce(Screen(id: "s1", type: "HomeVC")), coordinator: nil, router: nil, background: nil
        ),
        .deeplinkOpen(url: "u", coordinator: nil),
      ])
  }

  @Test func startUnderUnknownParentStillStarts() {
    let text =
      header + #"{"seq":1,"event":"coordinator.start","coordinator":"c2","type":"T","parent":"c0"}"# + "\n"
      + #"{"seq":2,"event":"coordinator.finish","coordinator":"c2"}"# + "\n"
    let document = TraceDocument.read(bytes: Array(text.utf8))
    #expect(
      document.records.map(\.event) == [
        .coordinatorStart(coordinator: "c2", type: "T", parent: "c0"),
        .coordinatorFinish(coordinator: "c2", output: nil),
      ])
  }

  @Test func skippedLinesAreNotUsedButMalformedKnownEventsCount() {
    let text =
      header + start + #"{"seq":2,"event":"router.push"}"# + "\n" + #"{"seq":3,"event":"x.y"}"# + "\n"
      + #"{"seq":1,"event":"note","text":"late"}"# + "\n"
    let document = TraceDocument.read(bytes: Array(text.utf8))
    #expect(document.diagnostics.map(\.code) == [.malformedLine, .unknownEvent, .seqOrder])
    #expect(document.records.map(\.seq) == [1, 1])
    #expect(document.summary == TraceSummary(file: "trace.jsonl", events: 3, lastLine: 5, rejected: false))
  }

  @Test func aMalformedLineNeverStopsTheReader() {
    let text = header + "{\n" + "nonsense\n" + start + "{\"seq\":\n" + #"{"seq":5,"event":"note","text":"x"}"#
    let document = TraceDocument.read(bytes: Array(text.utf8))
    #expect(document.diagnostics.map(\.line) == [2, 3, 5])
    #expect(document.records.map(\.line) == [4, 6])
  }
}

@Suite struct DiagnosticMessageTests {
  @Test func hostileIdsCannotBreakTheMessageLine() {
    let id = "s9\n/etc:1: error: fake \u{1B}[31m" + String(repeating: "x", count: 200)
    var bytes: [UInt8] = []
    TraceRecordEncoder.appendString(id, to: &bytes)
    let text =
      #"{"flowatlas":"trace","version":1,"app":"A","run":"r"}"# + "\n"
      + #"{"seq":1,"event":"router.push","screen":"# + String(decoding: bytes, as: UTF8.self) + "}\n"
    let read = TraceDocument.read(bytes: Array(text.utf8))
    let message = read.diagnostics.first?.formatted ?? ""
    #expect(read.diagnostics.map(\.code) == [.unknownScreen])
    #expect(!message.contains("\n") && !message.contains("\u{1B}"))
    #expect(message.contains(#""s9\n/etc:1: error: fake \u001b[31mxxx"#))
    #expect(message.count < 400)  // The id appears twice, each cut to 60 characters.
  }
}
