import FlowAtlasTraceReader
import Testing

@testable import FlowAtlasTrace

/// Strings a trace might carry that break naive writers: quotes, escapes, line breaks, markup.
let hostileStrings: [String] = [
  #"say "hi""#, #"C:\path\to\"#, "two\nlines", "cr\rlf\r\n", "tab\tand\u{8}\u{C}",
  "nul\u{0}and\u{1}\u{1F}\u{7F}", "emoji 🧭👩‍👩‍👧 and é", "</script><script>alert(1)</script>",
  "line\u{2028}sep\u{2029}", "{\"seq\":99}", "", " ", "\\u0041 not an escape", "🏳️‍🌈\u{FE0F}",
]

/// A run that uses every event kind, with hostile text wherever a string goes.
func sampleRecords(_ text: String) -> [TraceRecord] {
  let home = Screen(id: "s1", type: "HomeVC", title: text)
  let detail = Screen(id: "s2\(text)", type: "Detail\(text)", title: nil)
  let tabs = Screen(id: "s3", type: "Tabs\(text)", title: nil, module: "App\(text)", hosts: ["r3", text])
  let events: [TraceEvent] = [
    .coordinatorStart(coordinator: "c1", type: "AppCoordinator", parent: nil),
    .coordinatorStart(coordinator: "c2\(text)", type: text, parent: "c1"),
    .coordinatorAttach(coordinator: "c2\(text)", type: text, parent: "c1"),
    .setRoot(screen: .introduce(home), coordinator: "c1", router: "r1", background: false),
    .userAction(screen: .introduce(home), action: text, label: text),
    .coordinatorStart(coordinator: "c3", type: "TabsCoordinator", parent: "c1", module: text),
    .present(screen: .introduce(tabs), coordinator: "c3", router: "r1", animated: false, background: true),
    .screenUpdate(screen: Screen(id: "s1", type: "HomeVC", title: "later \(text)")),
    .push(screen: .introduce(detail), coordinator: "c2\(text)", router: nil, animated: true),
    .pop(coordinator: nil, router: nil, screen: .introduce(detail)),
    .present(screen: .introduce(detail), coordinator: "c1", router: text, animated: nil),
    .dismiss(coordinator: "c1", router: text, screen: nil),
    .popToRoot(coordinator: "c1", router: nil),
    .selectTab(screen: .introduce(home), coordinator: nil, router: "r2", tab: text),
    .deeplinkOpen(url: "shop://\(text)", coordinator: "c1"),
    .deeplinkOpen(url: text, coordinator: nil),
    .note(text: text),
    .coordinatorFinish(coordinator: "c2\(text)", output: text),
    .coordinatorDetach(coordinator: "c2\(text)", parent: "c1"),
    .coordinatorFinish(coordinator: "c1", output: nil),
    .coordinatorDeinit(coordinator: "c1"),
  ]
  let times: [Double?] = [nil, 0, 0.1, 1.5, 0.1 + 0.2, 1e-7, 12345.678, 1e20, 3]
  return events.enumerated().map { index, event in
    TraceRecord(seq: index * 2 + 1, time: times[index % times.count], event: event, line: index + 2)
  }
}

@Suite struct TraceRoundTripTests {
  @Test(arguments: hostileStrings)
  func encodedRecordsReadBackTheSame(_ text: String) {
    let header = TraceHeader(
      app: "Shop\(text)", run: text, title: text, metadata: ["device": text, "build": "42"])
    let records = sampleRecords(text)
    let document = TraceRecordEncoder().document(header: header, records: records)
    #expect(document.split(separator: "\n", omittingEmptySubsequences: false).count == records.count + 2)
    let read = TraceDocument.read(bytes: Array(document.utf8))
    #expect(read.diagnostics == [])
    #expect(read.header == header)
    #expect(read.records == records)
    #expect(read.summary?.events == records.count)
  }

  @Test func encodingIsDeterministicWithAFixedKeyOrder() {
    let header = TraceHeader(
      app: "Shop", run: "buy", title: "Buy", metadata: ["z": "last", "device": "iPhone", "n": "1.5"])
    let record = TraceRecord(
      seq: 3, time: 0.25,
      event: .push(
        screen: .introduce(Screen(id: "s1", type: "LoginVC", title: "Log in")), coordinator: "c1",
        router: "r", animated: true))
    let encoder = TraceRecordEncoder()
    #expect(
      encoder.line(for: header)
        == #"{"flowatlas":"trace","version":1,"app":"Shop","run":"buy","title":"Buy","device":"iPhone","n":1.5,"z":"last"}"#
    )
    #expect(
      encoder.line(for: record)
        == #"{"seq":3,"t":0.25,"event":"router.push","screen":{"id":"s1","type":"LoginVC","title":"Log in"},"coordinator":"c1","router":"r","animated":true}"#
    )
    #expect(
      encoder.line(
        for: TraceRecord(seq: 4, time: .nan, event: .userAction(screen: "s1", action: "tap", label: nil)))
        == #"{"seq":4,"event":"user.action","screen":"s1","action":"tap"}"#)
  }

  @Test func metadataCannotOverrideTheHeadersOwnKeys() {
    let header = TraceHeader(
      app: "A", run: "r", metadata: ["app": "B", "version": "9", "run": "x", "ok": "1"])
    #expect(
      TraceRecordEncoder().line(for: header)
        == #"{"flowatlas":"trace","version":1,"app":"A","run":"r","ok":1}"#)
  }

  @Test func controlCharactersAreEscaped() {
    let line = TraceRecordEncoder().line(for: TraceRecord(seq: 1, event: .note(text: "a\u{0}\u{1F}\n\"\\/é")))
    #expect(line == #"{"seq":1,"event":"note","text":"a\u0000\u001f\n\"\\/é"}"#)
  }

  @Test func headerMetadataKeepsJSONValuesAsCompactText() {
    let text =
      #"{"flowatlas":"trace","version":1,"app":"A","run":"r","device":"iPhone 15","build":42,"#
      + #""flags":{ "a" : [1, true, null, "x y"] },"commit":null}"# + "\n"
    let read = TraceDocument.read(bytes: Array(text.utf8))
    #expect(
      read.header?.metadata == [
        "device": "iPhone 15", "build": "42", "flags": #"{"a":[1,true,null,"x y"]}"#, "commit": "null",
      ])
    let again = TraceRecordEncoder().line(for: read.header!)
    #expect(
      again
        == #"{"flowatlas":"trace","version":1,"app":"A","run":"r","build":42,"commit":null,"device":"iPhone 15","flags":{"a":[1,true,null,"x y"]}}"#
    )
  }

  @Test func referencesResolveToTheLatestTitle() {
    let text = """
      {"flowatlas":"trace","version":1,"app":"A","run":"r"}
      {"seq":1,"event":"router.setRoot","screen":{"id":"s1","type":"HomeVC","title":"Home"}}
      {"seq":2,"event":"router.push","screen":{"id":"s1","type":"HomeVC","title":"Start"}}
      {"seq":3,"event":"router.push","screen":"s1"}
      {"seq":4,"event":"router.push","screen":{"id":"s1","type":"HomeVC"}}

      """
    let read = TraceDocument.read(bytes: Array(text.utf8))
    let screens = read.records.compactMap { record -> Screen? in
      if case .push(.introduce(let screen), _, _, _, _, _) = record.event { return screen }
      return nil
    }
    #expect(screens.map(\.title) == ["Start", "Start", "Start"])
    #expect(read.diagnostics == [])
  }
}
