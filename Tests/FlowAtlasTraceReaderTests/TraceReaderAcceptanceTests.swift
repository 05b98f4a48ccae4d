import FlowAtlasBytes
import FlowAtlasTrace
import Testing

@testable import FlowAtlasTraceReader

private let header = #"{"flowatlas":"trace","version":1,"app":"Shop","run":"r"}"#
private let note = #"{"seq":1,"event":"note","text":"hello"}"#

/// Inputs the spec says a reader takes without a word: each must give one note and no diagnostic.
private let acceptedTraces: [(name: String, text: String, noteLine: Int)] = [
  ("plain", header + "\n" + note + "\n", 2),
  ("byte-order mark", "\u{FEFF}" + header + "\n" + note + "\n", 2),
  ("CRLF", header + "\r\n" + note + "\r\n", 2),
  ("blank lines count", "\n" + header + "\n\n  \n" + note + "\n\n", 5),
  ("no final newline", header + "\n" + note, 2),
  (
    "whitespace inside",
    " { \"flowatlas\" : \"trace\" , \"version\" : 1 , \"app\":\"Shop\",\"run\":\"r\" }\n\t"
      + #"{ "seq" : 1 , "event" : "note" , "text" : "hello" }"# + " \n", 2
  ),
  (
    "unknown keys of every kind",
    header + "\n"
      + #"{"seq":1,"new":{"a":[1,-2.5e+3,{"b":"}\"]"}],"c":{}},"arr":[],"x":true,"y":false,"z":null,"#
      + #""n":-0,"e":1E-2,"event":"note","s":"\ud83d\ude00\u00e9\/","text":"hello","extra":[[[]]]}"# + "\n",
    2
  ),
  ("escaped key names", header + "\n" + #"{"se\u0071":1,"\u0065vent":"note","text":"hello"}"# + "\n", 2),
  ("null time", header + "\n" + #"{"seq":1,"t":null,"event":"note","text":"hello"}"# + "\n", 2),
]

@Suite struct TraceReaderAcceptanceTests {
  @Test(arguments: acceptedTraces.map(\.name))
  func readsWithoutDiagnostics(_ name: String) {
    let trace = acceptedTraces.first { $0.name == name }!
    let read = TraceDocument.read(bytes: Array(trace.text.utf8))
    #expect(read.diagnostics == [], "\(read.diagnostics.map(\.formatted))")
    #expect(read.header?.app == "Shop")
    #expect(read.records == [TraceRecord(seq: 1, event: .note(text: "hello"), line: trace.noteLine)])
  }

  @Test func stringsDecodeEveryEscape() {
    let line =
      #"{"seq":1,"event":"note","text":"\"\\\/\b\f\n\r\t\u0041\u00e9\u20ac\ud83d\ude00\ud800x\udc00"}"#
    let read = TraceDocument.read(bytes: Array((header + "\n" + line + "\n").utf8))
    #expect(read.records.first?.event == .note(text: "\"\\/\u{8}\u{C}\n\r\tAé€😀\u{FFFD}x\u{FFFD}"))
  }

  @Test func timesParseExactly() {
    let values = [
      "0", "1.5", "0.1", "-2", "1e3", "1E-7", "0.30000000000000004", "123456789.123456789", "5e-324",
    ]
    var text = header + "\n"
    for (index, value) in values.enumerated() {
      text += #"{"seq":\#(index),"t":\#(value),"event":"note","text":"x"}"# + "\n"
    }
    let read = TraceDocument.read(bytes: Array(text.utf8))
    #expect(read.records.map(\.time) == values.map { Double($0) })
  }

  @Test func aScreenGivenAgainKeepsItsTitleButDeclaresHostsOnlyWhereItGivesThem() {
    let lines = [
      header,
      #"{"seq":1,"event":"router.setRoot","screen":{"id":"t","type":"Tabs","title":"Home","hosts":["r1"]}}"#,
      #"{"seq":2,"event":"router.push","screen":{"id":"t","type":"Tabs"}}"#,
      #"{"seq":3,"event":"router.push","screen":"t"}"#,
    ]
    let read = TraceDocument.read(bytes: Array(lines.joined(separator: "\n").utf8))
    let screens = read.records.compactMap { record -> Screen? in
      switch record.event {
      case .setRoot(.introduce(let screen), _, _, _, _), .push(.introduce(let screen), _, _, _, _, _): screen
      default: nil
      }
    }
    #expect(screens.map(\.title) == ["Home", "Home", "Home"])
    #expect(screens.map(\.hosts) == [["r1"], nil, nil])
  }

  @Test func summaryCountsLines() {
    let read = TraceDocument.read(bytes: Array((header + "\n" + note + "\n\n").utf8), path: "x/y.jsonl")
    #expect(read.summary == TraceSummary(file: "x/y.jsonl", events: 1, lastLine: 3, rejected: false))
  }

  @Test(arguments: [
    "[", "{\"a\":}", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":tru}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":+1}",
    "{\"a\":1e}", "{\"a\":NaN}", "{\"a\":\"\u{80}\"}", "{\"a\":\"x\\u12\"}", "{\"a\":[1 2]}", "{\"a\":[1,]}",
    "{,}", "{\"a\":1}}", "{\"a\":-}", "{\"a\":'x'}",
  ])
  func invalidJSONIsMalformed(_ line: String) {
    let read = TraceDocument.read(bytes: Array((header + "\n" + line + "\n").utf8))
    #expect(read.diagnostics.map(\.code) == [.malformedLine])
  }

  @Test(
    arguments: [
      [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xF0, 0x8F, 0xBF, 0xBF],
      [0xFF],
    ] as [[UInt8]])
  func invalidUTF8IsMalformed(_ bytes: [UInt8]) {
    let line = Array(#"{"seq":1,"event":"note","text":""#.utf8) + bytes + Array("\"}\n".utf8)
    let read = TraceDocument.read(bytes: Array((header + "\n").utf8) + line)
    #expect(read.diagnostics.map(\.code) == [.malformedLine])
    #expect(read.diagnostics.first?.message.contains("UTF-8") == true)
  }

  @Test func deepNestingIsRejectedNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let line = #"{"seq":1,"event":"note","text":"x","deep":"# + deep + "}"
    let read = TraceDocument.read(bytes: Array((header + "\n" + line + "\n").utf8))
    #expect(read.diagnostics.map(\.code) == [.malformedLine])
    #expect(read.diagnostics.first?.message.contains("nested too deeply") == true)
  }

  @Test func everyKnownEventNameMatchesFromBytes() {
    for name in TraceEvent.knownNames {
      let bytes = Array(name.utf8)
      let matched = bytes.withByteView { view in
        EventName.match(JSONToken(kind: .plainString, start: 0, end: view.count), in: JSONScanner(view))
      }
      #expect(matched != nil && matched == EventName.named(name), "\(name)")
    }
  }
}

@Suite struct JSONStringScanTests {
  /// Special bytes at every offset of the eight-byte fast path, in strings of every length.
  @Test(arguments: ["\\\"", "\\\\", "\\n", "é", "🧭", "\\u00e9", "~", " ", "\u{7F}"])
  func specialsAtEveryOffsetDecode(_ special: String) {
    let decoded = TraceDocument.read(
      bytes: Array((header + "\n" + #"{"seq":1,"event":"note","text":"\#(special)"}"# + "\n").utf8))
    let expected = decoded.records.first.map { record -> String in
      if case .note(let text) = record.event { return text }
      return ""
    }
    for before in 0..<17 {
      for after in 0..<17 {
        let padding = String(repeating: "a", count: before)
        let tail = String(repeating: "b", count: after)
        let line = #"{"seq":1,"event":"note","text":"\#(padding)\#(special)\#(tail)"}"#
        let read = TraceDocument.read(bytes: Array((header + "\n" + line + "\n").utf8))
        #expect(read.records.first?.event == .note(text: padding + (expected ?? "?") + tail))
      }
    }
  }

  @Test func controlCharactersAtEveryOffsetAreRejected() {
    for before in 0..<17 {
      for byte: UInt8 in [0x00, 0x01, 0x09, 0x1F] {
        var line =
          Array(#"{"seq":1,"event":"note","text":""#.utf8)
          + Array(repeating: UInt8(ascii: "a"), count: before)
        line += [byte] + Array("bbbbbbbbb\"}\n".utf8)
        let read = TraceDocument.read(bytes: Array((header + "\n").utf8) + line)
        #expect(read.diagnostics.map(\.code) == [.malformedLine], "offset \(before) byte \(byte)")
      }
    }
  }
}
