import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

@testable import FlowAtlasModel

@Suite("Model export")
struct ExportTests {
  @Test func writesTheSpecsKeysInOrderWithNullsAndEscapes() {
    var script = ReplayScript(app: "Sh\"op", run: "r\u{1}\n", file: "t/a\\b.jsonl")
    script.add(.coordinatorStart(coordinator: "c", type: "Main", parent: nil))
    script.add(
      .setRoot(screen: screen("1", "A", "Tab\t\u{2028}é"), coordinator: nil, router: nil, background: nil))
    script.add(.userAction(screen: "1", action: "go", label: nil))
    script.add(.push(screen: screen("2", "B"), coordinator: "c", router: nil, animated: nil))
    script.add(.pop(coordinator: "c", router: nil, screen: nil))
    script.add(.pop(coordinator: "c", router: nil, screen: nil))
    // Finished, or the pop that took its only screen would leave it an orphaned-coordinator.
    script.add(.coordinatorFinish(coordinator: "c", output: nil))
    var accumulator = ModelAccumulator()
    accumulator.add(script.finish())
    let json = ModelExport.json(accumulator.model())
    let message = accumulator.model().diagnostics[0].message
    let expected = """
      {
        "flowatlas": "model",
        "version": 1,
        "apps": [
          {
            "app": "Sh\\"op",
            "runs": [
              {
                "run": "r\\u0001\\n",
                "title": null,
                "file": "t/a\\\\b.jsonl",
                "events": 7,
                "transitions": 3
              }
            ],
            "coordinators": [
              {
                "type": "Main",
                "starts": 1,
                "children": []
              }
            ],
            "screens": [
              {
                "type": "A",
                "titles": [
                  "Tab\\t\\u2028é"
                ],
                "owner": null,
                "visits": 2
              },
              {
                "type": "B",
                "titles": [],
                "owner": "Main",
                "visits": 1
              }
            ],
            "transitions": [
              {
                "from": null,
                "to": "A",
                "kind": "setRoot",
                "coordinator": null,
                "count": 1,
                "system": 0,
                "triggers": []
              },
              {
                "from": "A",
                "to": "B",
                "kind": "push",
                "coordinator": "Main",
                "count": 1,
                "system": 0,
                "triggers": [
                  "go"
                ]
              },
              {
                "from": "B",
                "to": "A",
                "kind": "pop",
                "coordinator": "Main",
                "count": 1,
                "system": 0,
                "triggers": []
              }
            ],
            "containers": []
          }
        ],
        "diagnostics": [
          {
            "code": "empty-stack",
            "severity": "warning",
            "file": "t/a\\\\b.jsonl",
            "line": 7,
            "message": "\(message)"
          }
        ]
      }

      """
    #expect(json == expected)
  }

  @Test func anEmptyModelIsStillAValidDocument() {
    let json = ModelExport.json(NavigationModel(apps: [], diagnostics: []))
    #expect(
      json == "{\n  \"flowatlas\": \"model\",\n  \"version\": 1,\n  \"apps\": [],\n  \"diagnostics\": []\n}\n"
    )
  }
}

/// Diagnostics cost memory: a file keeps the details of the first thousand of each code and
/// says how many more there were.
@Suite("Diagnostic bound")
struct DiagnosticBoundTests {
  @Test func aFileOfBadLinesListsAThousandAndCountsTheRest() throws {
    var text = #"{"flowatlas":"trace","version":1,"app":"A","run":"r"}"# + "\n"
    for seq in 1...2500 { text += #"{"seq":\#(seq),"event":"router.push"}"# + "\n" }
    for seq in 2501...2600 { text += #"{"seq":\#(seq),"event":"router.nope"}"# + "\n" }
    let model = ModelBuilder(workers: 1).build(traces: [("bad.jsonl", Array(text.utf8))])
    let malformed = model.diagnostics.filter { $0.code == .malformedLine }
    #expect(malformed.count == RunReplay.detailsPerCode + 1)
    let summary = try #require(malformed.last { $0.message.contains("left out") })
    #expect(summary.line == 2501)
    #expect(summary.message.hasPrefix("1500 more malformed-line problems in this file are left out"))
    #expect(model.diagnostics.filter { $0.code == .unknownEvent }.count == 100)
  }
}
